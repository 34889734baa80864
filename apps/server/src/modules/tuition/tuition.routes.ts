import { api, InvoiceStatus, type MyInvoices, pageOf, pageOffset } from '@lyceum/contract';
import { eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { noteSubject, registerLabelReader } from '../../platform/operation-log';
import { MAX_EXPORT_ROWS, requestLang } from '../../platform/resource-io';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint, defineFileEndpoint } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { feeStructureResource } from './fee-structure.resource';
import { cancelInvoice, issueInvoice, issueInvoices, setDiscount } from './invoice-actions';
import { instalmentsOf, invoiceDetail, linesOf, paymentsOf } from './invoice-detail';
import { createInvoice, generateInvoices } from './invoice-make';
import { countInvoices, invoiceRows, invoiceWhere, OWING } from './invoice-rows';
import { invoices } from './tuition.table';
import { invoiceSheet } from './tuition-export';
import { collectFee, payInvoice, refundFee } from './tuition-money';
import { orgToday } from './tuition-org';
import { overduePage, registerOverdueJob, remindOverdue } from './tuition-overdue';
import { tuitionReceipt } from './tuition-receipt';

// Tuition (issue 33, second part): fee structures through the engine; invoices made, issued,
// discounted and cancelled by staff with payment:invoice, paid at the desk (payment:collect) or
// online by the student, refunded (payment:refund), listed with what is paid and owed, overdue
// instalments and their reminders (payment:remind), receipts, and the Excel export.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const { Pending, Cancelled } = InvoiceStatus;

const today = async (ctx: RequestContext) => (await orgToday(ctx.db, ctx.orgId)).day;
const detailOf = async (ctx: RequestContext, id: number) => invoiceDetail(ctx.db, ctx.orgId, id, await today(ctx));

// The student's own invoices once issued (pending and cancelled ones are the office's business).
async function myInvoices(ctx: RequestContext): Promise<MyInvoices> {
  const day = await today(ctx);
  const list = await invoiceRows(
    ctx.db,
    inOrg(invoices, ctx.orgId, [eq(invoices.studentId, ctx.userId), notInArray(invoices.status, [Pending, Cancelled])]),
    day,
  );
  const ids = list.map((i) => i.id);
  const owing = new Set(list.filter((i) => OWING.includes(i.status)).map((i) => i.id));
  const [lines, paid] = [await linesOf(ctx.db, ctx.orgId, ids), await paymentsOf(ctx.db, ctx.orgId, ids)];
  const parts = await instalmentsOf(ctx.db, ctx.orgId, ids, day, true);
  return {
    list: list.map((i) => ({
      ...i,
      lines: lines.get(i.id) ?? [],
      instalments: (parts.get(i.id) ?? []).map((p) => ({ ...p, overdue: owing.has(i.id) && p.overdue })),
      payments: paid.get(i.id) ?? [],
    })),
  };
}

// "INV-2026-000123 (Sam Student)" for the operation log.
async function invoiceLabels(ctx: RequestContext, ids: number[]): Promise<string | null> {
  const rows = await invoiceRows(ctx.db, inOrg(invoices, ctx.orgId, [inArray(invoices.id, ids)]), await today(ctx));
  const names = rows.slice(0, 3).map((r) => `${r.invoiceNo} (${r.studentName})`);
  if (!names.length) return null;
  return rows.length > 3 ? `${names.join(', ')} and ${rows.length - 3} more` : names.join(', ');
}

export function tuitionRoutes(app: FastifyInstance) {
  registerResource(app, feeStructureResource);
  registerLabelReader('tuition', invoiceLabels);
  const t = api.tuition;
  defineEndpoint(app, t.invoicePage, async ({ ctx, body }) => {
    const { pageIndex, pageSize, ...filter } = body;
    const day = await today(ctx);
    const where = invoiceWhere(ctx.orgId, filter, day);
    const list = await invoiceRows(ctx.db, where, day, { limit: pageSize, offset: pageOffset(body) });
    return pageOf(list, await countInvoices(ctx.db, where), body);
  });
  defineEndpoint(app, t.invoiceSelect, ({ ctx, params }) => detailOf(ctx, params.id));
  defineEndpoint(app, t.generate, async ({ ctx, body, req }) => {
    const made = await generateInvoices(ctx, body);
    const [structure] = await feeStructureResource.plainMany(ctx, [body.structureId]);
    noteSubject(req, { ids: made.invoiceIds, label: `${String(structure?.name ?? '')}: ${made.created} invoices` });
    return made;
  });
  defineEndpoint(app, t.create, async ({ ctx, body }) => detailOf(ctx, await createInvoice(ctx, body)));
  defineEndpoint(app, t.discount, async ({ ctx, params, body }) => {
    await setDiscount(ctx, params.id, body);
    return detailOf(ctx, params.id);
  });
  defineEndpoint(app, t.issue, async ({ ctx, params }) => {
    await issueInvoice(ctx, params.id);
    return detailOf(ctx, params.id);
  });
  defineEndpoint(app, t.issueMany, async ({ ctx, body }) => ({ issued: await issueInvoices(ctx, body.ids) }));
  defineEndpoint(app, t.cancel, async ({ ctx, params, body }) => {
    await cancelInvoice(ctx, params.id, body.reason);
    return detailOf(ctx, params.id);
  });
  defineEndpoint(app, t.collect, async ({ ctx, params, body }) =>
    tuitionReceipt(ctx, await collectFee(ctx, params.id, body)),
  );
  defineEndpoint(app, t.refund, async ({ ctx, params, body }) => {
    await refundFee(ctx, params.id, body);
    return detailOf(ctx, params.id);
  });
  defineEndpoint(app, t.my, ({ ctx }) => myInvoices(ctx));
  defineEndpoint(app, t.pay, ({ ctx, params, body, req }) =>
    payInvoice(ctx, params.id, body, `${req.protocol}://${req.host}`),
  );
  defineEndpoint(app, t.receipt, ({ ctx, params }) => tuitionReceipt(ctx, params.id));
  defineEndpoint(app, t.overdue, ({ ctx, body }) => overduePage(ctx, body));
  defineEndpoint(app, t.remind, async ({ ctx, body }) => remindOverdue(ctx.db, ctx.orgId, body.invoiceIds));
  defineFileEndpoint(
    app,
    t.export,
    async ({ ctx, body, req }) => {
      const { filename, sheet } = await invoiceSheet(ctx, body, requestLang(req), MAX_EXPORT_ROWS);
      return { filename, contentType: XLSX, body: sheet };
    },
    { audited: true },
  );
}

// The daily reminder of overdue instalments (app.ts registers it with the other jobs).
export function registerTuitionJobs(runner: JobRunner, db: Db): void {
  registerOverdueJob(runner, db);
}
