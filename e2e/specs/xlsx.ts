import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// A one-sheet workbook with a header row, as a person would fill in the import template.
export async function xlsx(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(header);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function readXlsx(data: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((v) => String(v ?? '')));
  });
  return rows;
}

export async function uploadXlsx(dialog: Locator, name: string, buffer: Buffer): Promise<void> {
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: XLSX_TYPE, buffer });
  await expect(dialog.getByText(name)).toBeVisible();
}

// Opens a select (plain or tree) and takes its first option.
export async function pickFirstOption(page: Page, select: Locator): Promise<void> {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown
    .locator(
      '.ant-select-item-option, .ant-select-tree-treenode:not(.ant-select-tree-treenode-disabled) .ant-select-tree-node-content-wrapper',
    )
    .first()
    .click();
  await expect(dropdown).toHaveCount(0);
}
