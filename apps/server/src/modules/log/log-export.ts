import {
  describeOperation,
  type Lang,
  type LoginLogFilter,
  loginReasonLabels,
  logLabels,
  type OperationLogFilter,
} from '@lyceum/contract';
import ExcelJS from 'exceljs';
import type { RequestContext } from '../../platform/context';
import { MAX_EXPORT_ROWS } from '../../platform/resource-io';
import { listLogins } from '../auth/login-log.service';
import { listOperations } from './log.service';

type Column = { label: keyof typeof logLabels; width: number };

async function sheet(title: string, columns: Column[], rows: unknown[][], lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Lyceum';
  const ws = wb.addWorksheet(title);
  ws.columns = columns.map((c) => ({ header: logLabels[c.label][lang], width: c.width }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  ws.getColumn(1).numFmt = 'yyyy-mm-dd hh:mm:ss';
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const result = (success: boolean, lang: Lang) => logLabels[success ? 'success' : 'failure'][lang];
const device = (mobile: boolean, lang: Lang) => logLabels[mobile ? 'mobile' : 'desktop'][lang];

// The operation log as people read it on screen: one sentence per call, the result and the refusal.
export async function operationLogSheet(ctx: RequestContext, filter: OperationLogFilter, lang: Lang) {
  const rows = await listOperations(ctx, filter, MAX_EXPORT_ROWS);
  return sheet(
    logLabels.operationLog[lang],
    [
      { label: 'time', width: 20 },
      { label: 'userName', width: 16 },
      { label: 'operation', width: 60 },
      { label: 'result', width: 10 },
      { label: 'message', width: 40 },
      { label: 'device', width: 10 },
      { label: 'address', width: 16 },
      { label: 'duration', width: 12 },
    ],
    rows.map((r) => [
      new Date(r.createTime),
      r.userName,
      describeOperation(r, r.realName ?? r.userName ?? '—', lang),
      result(r.success, lang),
      r.message,
      device(r.mobile, lang),
      r.ip,
      r.durationMs,
    ]),
    lang,
  );
}

export async function loginLogSheet(ctx: RequestContext, filter: LoginLogFilter, lang: Lang) {
  const rows = await listLogins(ctx, filter, MAX_EXPORT_ROWS);
  const reason = (value: string | null) =>
    value && Object.hasOwn(loginReasonLabels, value)
      ? loginReasonLabels[value as keyof typeof loginReasonLabels][lang]
      : value;
  return sheet(
    logLabels.loginLog[lang],
    [
      { label: 'time', width: 20 },
      { label: 'userName', width: 16 },
      { label: 'user', width: 20 },
      { label: 'result', width: 10 },
      { label: 'reason', width: 24 },
      { label: 'device', width: 10 },
      { label: 'address', width: 16 },
    ],
    rows.map((r) => [
      new Date(r.createTime),
      r.userName,
      r.realName,
      result(r.success, lang),
      reason(r.reason),
      device(r.mobile, lang),
      r.ip,
    ]),
    lang,
  );
}
