import { api, type OnlineProvider } from '@lyceum/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noteSubject } from '../../platform/operation-log';
import { requestLang } from '../../platform/resource-io';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint, defineFileEndpoint } from '../../platform/route';
import { syncPayment } from './payment.service';
import { enabledProviders, paymentChannelResource, testChannel } from './payment-channels';
import { reconciliationSheet } from './payment-export';
import { readBody, receiveNotification } from './payment-notify';
import { adapterFor } from './payment-provider';
import { myPayments, paymentAnswer, paymentPage, readablePayment } from './payment-read';
import { reconciliation } from './payment-reconcile';
import { completeTestPayment, testPaymentView } from './payment-test-page';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Payments (issue 33, second part): channels (payment:settings), the staff's list, a payer's own
// payments, asking the provider now, the test provider's page, providers' notifications (public,
// signed), and the reconciliation with its spreadsheet.

// The request's headers worth keeping beside a notification (no cookies, no tokens).
function keptHeaders(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['content-type', 'content-length', 'user-agent', 'x-forwarded-for']) {
    const v = req.headers[name];
    if (typeof v === 'string') out[name] = v.slice(0, 200);
  }
  out.ip = String(req.ip ?? '').slice(0, 64);
  return out;
}

export function paymentRoutes(app: FastifyInstance) {
  registerResource(app, paymentChannelResource);
  defineEndpoint(app, api.paymentChannel.test, ({ ctx, params }) => testChannel(ctx, params.id));

  defineEndpoint(app, api.payment.page, ({ ctx, body }) => paymentPage(ctx, body));
  defineEndpoint(app, api.payment.my, ({ ctx, body }) => myPayments(ctx, body));
  defineEndpoint(app, api.payment.providers, ({ ctx }) => enabledProviders(ctx.db, ctx.orgId));
  defineEndpoint(app, api.payment.select, ({ ctx, params }) => readablePayment(ctx, params.id));
  defineEndpoint(app, api.payment.sync, async ({ ctx, params, req }) => {
    const p = await readablePayment(ctx, params.id);
    noteSubject(req, { ids: [p.id], label: p.paymentNo });
    const { applied } = await syncPayment(ctx.db, ctx.orgId, p.id);
    return { payment: await paymentAnswer(ctx.db, ctx.orgId, p.id), changed: applied };
  });
  defineEndpoint(app, api.payment.testView, ({ ctx, body }) => testPaymentView(ctx, body.paymentNo));
  defineEndpoint(app, api.payment.testComplete, async ({ ctx, body, req }) => {
    noteSubject(req, { label: body.paymentNo });
    return completeTestPayment(ctx, body, req.log);
  });
  defineFileEndpoint(app, api.payment.notify, async ({ params, req, reply }) => {
    const provider = params.provider as OnlineProvider;
    const { text, truncated } = await readBody(req.body);
    const raw = { body: text, contentType: String(req.headers['content-type'] ?? ''), headers: keptHeaders(req) };
    const result = await receiveNotification(app.db, provider, raw, { truncated, log: req.log });
    const ack = adapterFor(provider).ack(result.ok);
    reply.status(result.ok ? 200 : 400);
    return { filename: 'ack.txt', contentType: ack.contentType, body: Buffer.from(ack.body), inline: true };
  });
  defineEndpoint(app, api.payment.reconciliation, ({ ctx, body }) => reconciliation(ctx, body));
  defineFileEndpoint(
    app,
    api.payment.reconciliationExport,
    async ({ ctx, body, req }) => {
      const { filename, sheet } = await reconciliationSheet(ctx, body, requestLang(req));
      return { filename, contentType: XLSX, body: sheet };
    },
    { audited: true },
  );
}
