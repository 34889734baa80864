import { zDomainParam, zOrganizationPublic } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/route';
import { publicOrganization } from './organization.service';

export function organizationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/common/organization/:domain',
    summary: "An organisation's public face (name, logo, ICP number, copyright, theme colour) for its login page",
    description: 'An unknown or disabled domain gives code 500 with a message and no data.',
    tags: ['common'],
    access: 'public',
    params: zDomainParam,
    response: zOrganizationPublic,
    handler: ({ params }) => publicOrganization(app.db, params.domain),
  });
}
