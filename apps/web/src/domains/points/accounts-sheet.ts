import type { PointAccount } from '@lyceum/contract';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { XLSX_TYPE } from '../../crud/resource-api';
import { saveFile } from '../../shell/transfer';

// The accounts as a workbook made here (exceljs is loaded only when someone asks for the file): the
// people the filters match, with their balances as numbers a spreadsheet can add up.
export async function saveAccounts(rows: PointAccount[], t: TFunction) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t('points.tabAccounts').slice(0, 31));
  ws.columns = [
    { header: t('points.userName'), key: 'userName', width: 18 },
    { header: t('points.person'), key: 'realName', width: 18 },
    { header: t('points.balance'), key: 'balance', width: 12 },
    { header: t('points.earned'), key: 'earned', width: 14 },
    { header: t('points.spent'), key: 'spent', width: 14 },
    { header: t('points.lastChange'), key: 'lastChange', width: 20 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const a of rows)
    ws.addRow({
      userName: a.userName,
      realName: a.realName,
      balance: a.balance,
      earned: a.earned,
      spent: a.spent,
      lastChange: a.lastChange ? dayjs(a.lastChange).format('YYYY-MM-DD HH:mm') : '',
    });
  const data = await wb.xlsx.writeBuffer();
  saveFile(new Blob([data], { type: XLSX_TYPE }), `${t('points.tabAccounts')} ${dayjs().format('YYYY-MM-DD')}.xlsx`);
}
