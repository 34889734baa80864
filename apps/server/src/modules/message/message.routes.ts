import { api, zReceiptRequest } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { type Exportable, registerExportable } from '../../platform/exportables';
import { requestLang } from '../../platform/resource-io';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { startExport } from '../export/export.service';
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

export function messageRoutes(app: FastifyInstance) {
  registerResource(app, messageResource);
  const ep = api.message;
  defineEndpoint(app, ep.receipts, ({ ctx, params, body }) => receipts(ctx, params.id, body));
  defineEndpoint(app, ep.inbox, ({ ctx, body }) => inbox(ctx, body));
  defineEndpoint(app, ep.unread, ({ ctx }) => unreadSummary(ctx));
  defineEndpoint(app, ep.view, ({ ctx, params }) => viewMessage(ctx, params.id));
  defineEndpoint(app, ep.read, ({ ctx, params }) => confirmRead(ctx, params.id));
  defineEndpoint(app, ep.readAll, ({ ctx }) => readAll(ctx));

  // The receipts sheet as a background export; the message id travels in the filter.
  const exportable: Exportable = {
    name: 'messageReceipt',
    title: { en: 'Message receipts', zh: '消息阅读情况' },
    access: ['message:export'],
    write: async (ctx, filter, lang, out, onBatch) => {
      const { messageId, ...rest } = filter as { messageId: number } & Record<string, unknown>;
      const { sheet, count } = await writeReceiptsSheet(ctx, Number(messageId), zReceiptRequest.parse(rest), lang);
      await onBatch(count, count);
      await new Promise<void>((resolve, reject) =>
        out.end(sheet, (err?: Error | null) => (err ? reject(err) : resolve())),
      );
      return count;
    },
  };
  registerExportable(exportable);
  defineEndpoint(app, ep.receiptsExport, async ({ ctx, params, body, req }) => {
    await messageResource.readable(ctx, params.id);
    return {
      exportId: await startExport(ctx, exportable, { ...body, messageId: params.id }, requestLang(req)),
    };
  });
}
