import { api, zReceiptRequest } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { defineStreamEndpoint } from '../../platform/push';
import { requestLang } from '../../platform/resource-io';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { listExport } from '../export/list-sheet';
import { messageResource } from './message.resource';
import {
  confirmRead,
  inbox,
  readAll,
  receipts,
  unreadSummary,
  viewMessage,
  writeReceiptsSheet,
} from './message.service';
import { mailPreferencesOf, saveMailPreferences } from './message-mail';
import { inboxBell } from './message-push';

export function messageRoutes(app: FastifyInstance) {
  registerResource(app, messageResource);
  const ep = api.message;
  defineEndpoint(app, ep.receipts, ({ ctx, params, body }) => receipts(ctx, params.id, body));
  defineEndpoint(app, ep.inbox, ({ ctx, body }) => inbox(ctx, body));
  defineEndpoint(app, ep.unread, ({ ctx }) => unreadSummary(ctx));
  defineEndpoint(app, ep.view, ({ ctx, params }) => viewMessage(ctx, params.id));
  defineEndpoint(app, ep.read, ({ ctx, params }) => confirmRead(ctx, params.id));
  defineEndpoint(app, ep.readAll, ({ ctx }) => readAll(ctx));
  defineEndpoint(app, ep.mailPreferences, ({ ctx }) => mailPreferencesOf(ctx));
  defineEndpoint(app, ep.saveMailPreferences, ({ ctx, body }) => saveMailPreferences(ctx, body));
  defineStreamEndpoint(app, ep.stream, async ({ ctx }) => inboxBell.key(ctx.orgId, ctx.userId));

  // The receipts sheet as a background export.
  const startReceiptsExport = listExport({
    name: 'messageReceipt',
    title: { en: 'Message receipts', zh: '消息阅读情况' },
    access: ['message:export'],
    parse: (filter) => zReceiptRequest.parse(filter),
    write: writeReceiptsSheet,
  });
  defineEndpoint(app, ep.receiptsExport, async ({ ctx, params, body, req }) => {
    await messageResource.readable(ctx, params.id);
    return { exportId: await startReceiptsExport(ctx, params.id, body, requestLang(req)) };
  });
}
