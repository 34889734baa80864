import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { defineEndpoint } from '../../platform/route';
import { publicOrganization } from './organization.service';

export function organizationRoutes(app: FastifyInstance) {
  defineEndpoint(app, api.common.organization, ({ params }) => publicOrganization(app.db, params.domain));
}
