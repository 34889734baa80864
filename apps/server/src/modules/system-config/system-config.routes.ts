import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { defineEndpoint } from '../../platform/route';
import { getSystemConfig, saveSystemConfig } from './system-config.service';

export function systemConfigRoutes(app: FastifyInstance) {
  defineEndpoint(app, api.systemConfig.get, ({ ctx }) => getSystemConfig(ctx));
  defineEndpoint(app, api.systemConfig.save, ({ ctx, body }) => saveSystemConfig(ctx, body));
}
