import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { defineEndpoint } from '../../platform/route';
import { getMailSettings, saveMailSettings, sendTestMail } from './mail-settings.service';
import { getSystemConfig, saveSystemConfig } from './system-config.service';

export function systemConfigRoutes(app: FastifyInstance) {
  const ep = api.systemConfig;
  defineEndpoint(app, ep.get, ({ ctx }) => getSystemConfig(ctx));
  defineEndpoint(app, ep.save, ({ ctx, body }) => saveSystemConfig(ctx, body));
  defineEndpoint(app, ep.mail, ({ ctx }) => getMailSettings(ctx));
  defineEndpoint(app, ep.saveMail, ({ ctx, body }) => saveMailSettings(ctx, body));
  defineEndpoint(app, ep.testMail, ({ ctx, body }) => sendTestMail(ctx, body.to));
}
