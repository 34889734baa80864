import { type Candidate, candidateStatusLabels, type Lang, labelOf } from '@lyceum/contract';
import type { TFunction } from 'i18next';
import { XLSX_TYPE } from '../../crud/resource-api';
import { saveFile } from '../../shell/transfer';

// The registrants as a workbook made here (exceljs is loaded only when someone asks for the file):
// user name, name, department, classes, status, seat and extra time, as the list shows them.
export async function saveRegistrants(rows: Candidate[], fileName: string, t: TFunction, lang: Lang) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t('examRegister.sheetName').slice(0, 31));
  ws.columns = [
    { header: t('examRegister.userName'), key: 'userName', width: 18 },
    { header: t('examRegister.realName'), key: 'realName', width: 18 },
    { header: t('examRegister.department'), key: 'department', width: 24 },
    { header: t('examRegister.classes'), key: 'classes', width: 28 },
    { header: t('examRegister.status'), key: 'status', width: 16 },
    { header: t('examRegister.seat'), key: 'seat', width: 8 },
    { header: t('examRegister.extraTimeMinutes'), key: 'extraTime', width: 14 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const c of rows) {
    ws.addRow({
      userName: c.userName,
      realName: c.realName,
      department: c.departmentName ?? '',
      classes: c.teamNames.join(', '),
      status: labelOf(candidateStatusLabels, c.status, lang),
      seat: c.seatNo ?? '',
      // Minutes, as a number a spreadsheet can add up.
      extraTime: c.extraTime,
    });
  }
  const data = await wb.xlsx.writeBuffer();
  saveFile(new Blob([data], { type: XLSX_TYPE }), fileName);
}
