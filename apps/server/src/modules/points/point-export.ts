import { type Lang, type PointEntry, pointActionLabels, type zPointLedgerFilter } from '@lyceum/contract';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { listSheet, type SheetColumn } from '../export/list-sheet';
import { ledgerRows } from './point-entries';

const TITLE = { en: 'Points ledger', zh: '积分明细' };
// What an entry was for, in both languages (the business types of the ledger).
const BUSINESS: Record<string, [string, string]> = {
  adjust: ['Adjusted by hand', '手动调整'],
  rule: ['Rule', '积分规则'],
  goodsOrder: ['Redemption', '兑换商品'],
  goodsOrderCancel: ['Redemption cancelled', '兑换取消退回'],
};

const COLUMNS: SheetColumn<PointEntry>[] = [
  { header: ['When', '时间'], date: true, cell: (r) => new Date(r.createTime) },
  { header: ['User name', '用户名'], width: 16, cell: (r) => r.userName },
  { header: ['Name', '姓名'], width: 16, cell: (r) => r.realName },
  { header: ['Action', '类型'], width: 10, cell: (r, zh) => pointActionLabels[r.action][zh ? 'zh' : 'en'] },
  { header: ['Points', '积分'], width: 10, cell: (r) => r.amount },
  { header: ['Balance after', '变动后余额'], width: 14, cell: (r) => r.balanceAfter },
  {
    header: ['For', '业务'],
    width: 18,
    cell: (r, zh) => (r.business ? (BUSINESS[r.business]?.[zh ? 1 : 0] ?? r.business) : ''),
  },
  { header: ['Remark', '备注'], width: 40, cell: (r) => r.remark },
  { header: ['By', '操作人'], width: 16, cell: (r) => r.operatorName ?? '' },
];

// The ledger matching the filters as a sheet in the reader's language, newest first.
export async function ledgerSheet(
  ctx: RequestContext,
  filter: z.output<typeof zPointLedgerFilter>,
  lang: Lang,
  limit: number,
) {
  const rows = await ledgerRows(ctx, filter, limit);
  return { filename: `${TITLE[lang]}.xlsx`, sheet: await listSheet(TITLE, COLUMNS, rows, lang) };
}
