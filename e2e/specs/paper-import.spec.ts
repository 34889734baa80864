import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, open, test, withToast } from './fixtures';
import { api, uniqueName } from './helpers';
import { readXlsx, uploadXlsx } from './xlsx';

// Whole-paper import (issue 11): a file with bad rows lists every problem and writes nothing; the
// fixed file makes the paper, which opens in the builder; a paper copied from the list opens too.

test.use({ role: 'teacher' });

const TABLE = ['Section', 'Instructions', 'Question ID', 'Item score', 'Group', 'Type', 'Stem', 'Option A', 'Option B'];
const TABLE_WIDTH = [...TABLE, 'Option C', 'Option D', 'Option E', 'Option F', 'Answer', 'Keywords', 'Score'];

// The paper's details on top, then the table, as a person fills in the template.
async function paperSheet(name: string, rows: Record<string, string | number>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Paper');
  ws.addRow(['Name', name]);
  ws.addRow(['Paper type', 'Exam paper']);
  ws.addRow(['Duration (minutes)', 40]);
  ws.addRow([]);
  ws.addRow(TABLE_WIDTH);
  for (const r of rows) ws.addRow(TABLE_WIDTH.map((h) => r[h] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// A question of the bank, found with the page's own (teacher's) session.
async function bankQuestion(page: Page): Promise<number> {
  const found = await api<{ list: { id: number }[] }>(page.request, 'POST', '/api/question/page', {
    pageIndex: 1,
    pageSize: 1,
    type: 1,
  });
  expect(found.response.list.length).toBe(1);
  return found.response.list[0].id;
}

test('a teacher imports a whole paper: every bad row listed, then the fixed file opens in the builder', async ({
  page,
}) => {
  const bankId = await bankQuestion(page);
  await open(page, '/exam/paper');
  await page.locator('.toolbar').getByRole('button', { name: 'Import paper' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a whole paper from Excel' });

  // The template downloads with its table header.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the template' }).click();
  const { readFile } = await import('node:fs/promises');
  const template = await readXlsx(await readFile(await (await download).path()));
  expect(template[0]).toEqual(['Name', 'Year 7 mathematics mid-term']);
  expect(template.find((r) => r[0] === 'Section')?.slice(0, 4)).toEqual(TABLE.slice(0, 4));

  const name = uniqueName('Imported paper ');
  const newQuestion = {
    'Item score': 4,
    Type: 'Single choice',
    Stem: `${name}: 6 × 7 = ?`,
    'Option A': '42',
    'Option B': '48',
    Answer: 'A',
    Score: 2,
  };
  const bad = await paperSheet(name, [
    { 'Question ID': bankId },
    { Section: 'Part I', Instructions: 'Choose one answer.' },
    { ...newQuestion, Answer: 'E' },
    { 'Question ID': 98765432 },
  ]);
  await uploadXlsx(dialog, 'paper-bad.xlsx', bad);
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByRole('alert').first()).toContainText('3 problems in 3 of');
  await expect(dialog.getByRole('row', { name: /^6 / })).toContainText('Section: A question comes before any section');
  await expect(dialog.getByRole('row', { name: /^8 / })).toContainText('Answer: Option label E is out of range');
  await expect(dialog.getByRole('row', { name: /^9 / })).toContainText('Question ID: No question with id 98765432');
  await expect(dialog.getByRole('button', { name: /^Create the paper/ })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  const good = await paperSheet(name, [
    { Section: 'Part I', Instructions: 'Choose one answer.' },
    { 'Question ID': bankId },
    newQuestion,
  ]);
  await uploadXlsx(dialog, 'paper.xlsx', good);
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog).toContainText('Every row is valid: 1 section, 2 questions, 1 new to the bank.');
  await dialog.getByRole('button', { name: 'Create the paper (2 questions)' }).click();

  await expect(page).toHaveURL(/\/exam\/paperEdit\?id=\d+$/);
  await expect(page.getByRole('heading', { name: `Paper: ${name}` })).toBeVisible();
  await expect(page.getByLabel('Section title')).toHaveValue('Part I');
  await expect(page.getByLabel('Score of question 2')).toHaveValue('4.0');
  await expect(page.locator('.paper-section')).toContainText('6 × 7 = ?');
});

test('a teacher copies a paper from the list and the copy opens in the builder', async ({ page }) => {
  const name = uniqueName('Copied paper ');
  const bankId = await bankQuestion(page);
  const created = await api<{ id: number }>(page.request, 'POST', '/api/examPaper/create', {
    id: null,
    name,
    sections: [{ title: 'Only part', items: [{ questionId: bankId, score: 3 }] }],
  });
  expect(created.code, created.message).toBe(1);
  await open(page, '/exam/paper');
  await page.locator('.filter-bar').getByLabel('Keyword').fill(name);
  await page.locator('.filter-bar').getByRole('button', { name: 'Search' }).click();
  await withToast(page, `Copy "${name} (copy)" created`, () =>
    page.getByRole('button', { name: `Copy ${name}` }).click(),
  );
  await expect(page).toHaveURL(new RegExp(`/exam/paperEdit\\?id=(?!${created.response.id}$)\\d+$`));
  await expect(page.getByRole('heading', { name: `Paper: ${name} (copy)` })).toBeVisible();
  await expect(page.getByLabel('Section title')).toHaveValue('Only part');
  await expect(page.getByLabel('Score of question 1')).toHaveValue('3.0');
});
