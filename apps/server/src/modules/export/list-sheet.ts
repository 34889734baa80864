import type { Lang, Title } from '@lyceum/contract';
import ExcelJS from 'exceljs';
import type { RequestContext } from '../../platform/context';
import { type Exportable, registerExportable } from '../../platform/exportables';
import type { GuardedAccess } from '../../platform/route';
import { startExport } from './export.service';

// One column of a list sheet: its header in both languages, width, and the cell of a row (dates as
// Date cells, shown in the sheet's date format).
export interface SheetColumn<T> {
  header: [string, string];
  width?: number;
  date?: boolean;
  cell: (row: T, zh: boolean) => ExcelJS.CellValue;
}

// A list as a one-sheet workbook: a bold, frozen header row in the reader's language.
export async function listSheet<T>(title: Title, columns: SheetColumn<T>[], rows: T[], lang: Lang): Promise<Buffer> {
  const zh = lang === 'zh';
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Lyceum';
  const ws = wb.addWorksheet(zh ? title.zh : title.en, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow(columns.map((c) => c.header[zh ? 1 : 0])).font = { bold: true };
  for (const row of rows) ws.addRow(columns.map((c) => c.cell(row, zh) ?? ''));
  columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    col.width = c.width ?? (c.date ? 20 : 14);
    if (c.date) col.numFmt = 'yyyy-mm-dd hh:mm';
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// The list of one row (a task's students, a message's recipients) as a background export: the
// export list's entry, and a starter that records the row's id with the list's filter.
export function listExport<Req>(def: {
  name: string;
  title: Title;
  access: GuardedAccess;
  parse: (filter: Record<string, unknown>) => Req;
  write: (ctx: RequestContext, id: number, req: Req, lang: Lang) => Promise<{ sheet: Buffer; count: number }>;
}) {
  const exportable: Exportable = {
    name: def.name,
    title: def.title,
    access: def.access,
    write: async (ctx, filter, lang, out, onBatch) => {
      const { ownerId, ...rest } = filter as { ownerId: number } & Record<string, unknown>;
      const { sheet, count } = await def.write(ctx, Number(ownerId), def.parse(rest), lang);
      await onBatch(count, count);
      await new Promise<void>((resolve, reject) =>
        out.end(sheet, (err?: Error | null) => (err ? reject(err) : resolve())),
      );
      return count;
    },
  };
  registerExportable(exportable);
  return (ctx: RequestContext, id: number, filter: object, lang: Lang) =>
    startExport(ctx, exportable, { ...filter, ownerId: id }, lang);
}
