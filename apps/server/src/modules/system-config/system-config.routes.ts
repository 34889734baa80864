import { zSystemConfig, zSystemConfigRow } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/route';
import { getSystemConfig, saveSystemConfig } from './system-config.service';

export function systemConfigRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/api/systemConfig/get',
    summary: "The organisation's settings",
    tags: ['systemConfig'],
    access: ['systemConfig:page'],
    response: zSystemConfigRow,
    handler: ({ ctx }) => getSystemConfig(ctx),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/systemConfig/save',
    summary: "Save the organisation's settings",
    description:
      'Display name, logo, ICP number, copyright and theme colour show at once on the login page and in the shell.',
    tags: ['systemConfig'],
    access: ['systemConfig:update'],
    mutates: true,
    body: zSystemConfig,
    response: zSystemConfigRow,
    handler: ({ ctx, body }) => saveSystemConfig(ctx, body),
  });
}
