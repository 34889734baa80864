import { type Lang, offlineMethodLabels, type Reconciliation, type zReconciliationRequest } from '@lyceum/contract';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { reconciliation } from './payment-reconcile';

// The reconciliation as a workbook in the reader's language: the days (and totals), cash by
// bursar, and the check. Money cells are numbers in the currency's major unit (yuan, dollars), the
// currency named in the header: a spreadsheet sums them as they are.

type Figures = Omit<Reconciliation['days'][number], 'day'>;
const TITLE = { en: 'Reconciliation', zh: '对账' };

// Minor units per major unit of the currency (CNY, USD: 100; JPY, KRW: 1).
function unit(currency: string): number {
  try {
    return (
      10 ** (new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2)
    );
  } catch {
    return 100;
  }
}

const DAY_COLUMNS: { key: keyof Figures; header: [string, string]; money?: boolean }[] = [
  { key: 'pointsIssued', header: ['Points issued', '发放积分'] },
  { key: 'pointsSpent', header: ['Points spent', '消费积分'] },
  { key: 'pointsReversed', header: ['Points given back', '退回积分'] },
  { key: 'pointsDeducted', header: ['Points deducted', '扣减积分'] },
  { key: 'courseOrdersPaid', header: ['Course orders paid', '课程订单支付笔数'] },
  { key: 'courseOrderMoneyPaid', header: ['Course orders paid', '课程订单收款'], money: true },
  { key: 'courseRefunds', header: ['Course refunds', '课程退款笔数'] },
  { key: 'courseOrderMoneyRefunded', header: ['Course orders refunded', '课程订单退款'], money: true },
  { key: 'tuitionPayments', header: ['Tuition payments', '学费缴费笔数'] },
  { key: 'tuitionCollected', header: ['Tuition collected', '学费收款'], money: true },
  { key: 'tuitionRefunds', header: ['Tuition refunds', '学费退费笔数'] },
  { key: 'tuitionRefunded', header: ['Tuition refunded', '学费退费'], money: true },
];

function sheet(wb: ExcelJS.Workbook, name: string, header: string[]): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow(header).font = { bold: true };
  header.forEach((h, i) => {
    ws.getColumn(i + 1).width = Math.max(12, h.length + 4);
  });
  return ws;
}

export async function reconciliationBook(r: Reconciliation, lang: Lang): Promise<Buffer> {
  const zh = lang === 'zh';
  const t = (pair: [string, string]) => pair[zh ? 1 : 0];
  const per = unit(r.currency);
  const money = (n: number) => n / per;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Lyceum';

  const days = sheet(wb, zh ? '每日' : 'Days', [
    t(['Day', '日期']),
    ...DAY_COLUMNS.map((c) => (c.money ? `${t(c.header)} (${r.currency})` : t(c.header))),
  ]);
  const cells = (f: Figures) => DAY_COLUMNS.map((c) => (c.money ? money(f[c.key]) : f[c.key]));
  for (const d of r.days) days.addRow([d.day, ...cells(d)]);
  days.addRow([t(['Total', '合计']), ...cells(r.totals)]).font = { bold: true };

  const cash = sheet(wb, zh ? '收款人' : 'Cash by bursar', [
    t(['Bursar', '收款人']),
    t(['Method', '方式']),
    t(['Payments', '笔数']),
    t(['Amount', '金额']),
    t(['Currency', '币种']),
  ]);
  for (const c of r.cashByBursar)
    cash.addRow([
      c.bursarName ?? '',
      offlineMethodLabels[c.method][zh ? 'zh' : 'en'],
      c.count,
      c.amount / unit(c.currency),
      c.currency,
    ]);

  const check = sheet(wb, zh ? '核对' : 'Check', [
    t(['Books', '账目']),
    t(['Currency', '币种']),
    t(['Paid', '收款']),
    t(['Refunded', '退款']),
    t(['Net', '净额']),
    t(['Held by its books', '业务账面']),
    t(['Difference', '差额']),
  ]);
  check.addRow([
    t(['Points: balances against entries', '积分：余额与明细']),
    '',
    r.check.points.entries,
    '',
    '',
    r.check.points.balances,
    r.check.points.difference,
  ]);
  for (const m of r.check.money) {
    const u = unit(m.currency);
    const name = m.purpose === 'courseOrder' ? t(['Course orders', '课程订单']) : t(['Tuition', '学费']);
    check.addRow([
      name,
      m.currency,
      m.paid / u,
      m.refunded / u,
      m.net / u,
      m.held === null ? '' : m.held / u,
      m.difference === null ? '' : m.difference / u,
    ]);
  }
  check.addRow([
    r.check.agrees ? t(['The books agree', '账目一致']) : t(['The books do not agree', '账目不一致']),
  ]).font = {
    bold: true,
  };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function reconciliationSheet(
  ctx: RequestContext,
  req: z.output<typeof zReconciliationRequest>,
  lang: Lang,
) {
  const r = await reconciliation(ctx, req);
  return { filename: `${TITLE[lang]} ${r.from}_${r.to}.xlsx`, sheet: await reconciliationBook(r, lang) };
}
