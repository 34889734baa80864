import {
  type Invoice,
  type InvoiceStatus,
  invoiceStatusLabels,
  type Lang,
  minorDigits,
  type zInvoiceFilter,
} from '@lyceum/contract';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { listSheet, type SheetColumn } from '../export/list-sheet';
import { invoiceRows, invoiceWhere } from './invoice-rows';
import { orgToday } from './tuition-org';

// The invoices matching the filters as a sheet in the reader's language, with what each has had
// paid and still owes. Amounts are numbers in the currency's major unit (a spreadsheet sums them).

const TITLE = { en: 'Tuition invoices', zh: '学费账单' };
const major = (amount: number, currency: string) => amount / 10 ** minorDigits(currency);

const COLUMNS: SheetColumn<Invoice>[] = [
  { header: ['Invoice number', '账单号'], width: 18, cell: (r) => r.invoiceNo },
  { header: ['Student', '学生'], width: 16, cell: (r) => r.studentName },
  { header: ['User name', '用户名'], width: 16, cell: (r) => r.userName },
  { header: ['Class', '班级'], width: 16, cell: (r) => r.teamName ?? '' },
  { header: ['Title', '名称'], width: 24, cell: (r) => r.title },
  {
    header: ['Status', '状态'],
    width: 12,
    cell: (r, zh) => invoiceStatusLabels[r.status as InvoiceStatus][zh ? 'zh' : 'en'],
  },
  { header: ['Currency', '币种'], width: 8, cell: (r) => r.currency },
  { header: ['Subtotal', '应收'], width: 12, cell: (r) => major(r.subtotal, r.currency) },
  { header: ['Discount', '减免'], width: 12, cell: (r) => major(r.discount, r.currency) },
  { header: ['Total', '合计'], width: 12, cell: (r) => major(r.total, r.currency) },
  { header: ['Paid', '已缴'], width: 12, cell: (r) => major(r.paid, r.currency) },
  { header: ['Outstanding', '未缴'], width: 12, cell: (r) => major(r.outstanding, r.currency) },
  { header: ['Next due', '下期截止'], width: 12, cell: (r) => r.nextDue ?? '' },
  { header: ['Overdue', '逾期'], width: 8, cell: (r, zh) => (r.overdue ? (zh ? '是' : 'Yes') : '') },
  { header: ['Issued', '开具时间'], date: true, cell: (r) => (r.issuedAt ? new Date(r.issuedAt) : '') },
];

export async function invoiceSheet(
  ctx: RequestContext,
  filter: z.output<typeof zInvoiceFilter>,
  lang: Lang,
  limit: number,
) {
  const { day } = await orgToday(ctx.db, ctx.orgId);
  const rows = await invoiceRows(ctx.db, invoiceWhere(ctx.orgId, filter, day), day, { limit, offset: 0 });
  return { filename: `${TITLE[lang]}.xlsx`, sheet: await listSheet(TITLE, COLUMNS, rows, lang) };
}
