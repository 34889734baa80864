import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { expect, open, test } from './fixtures';

// Printing a paper (issue 11): the print view of the demo's published paper, its key switch, the
// page as the browser prints it, and the Word file it downloads.

test.use({ role: 'teacher' });

const PAPER = 'Calculus I — final practice 微积分期末练习';

// The demo paper's row in the list: found by name, as other tests add papers to the list meanwhile.
async function findPaper(page: Page) {
  await open(page, '/exam/paper');
  const filters = page.locator('.filter-bar');
  await filters.getByLabel('Keyword').fill('Calculus I');
  await filters.getByRole('button', { name: 'Search' }).click();
}

async function docxText(path: string): Promise<string> {
  const zip = await JSZip.loadAsync(await readFile(path));
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map((p) => [...p[0].matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((m) => m[1]).join(''))
    .join('\n');
}

test('a teacher prints the published demo paper, with and without the key, and downloads it as Word', async ({
  page,
}) => {
  // Two downloads and a KaTeX page on a shared two-core machine.
  test.setTimeout(150_000);
  await findPaper(page);
  await page.getByRole('button', { name: `Print ${PAPER}` }).click();
  await expect(page).toHaveURL(/\/exam\/paperPrint\?id=\d+$/);

  const sheet = page.locator('.paper-sheet');
  await expect(sheet.getByRole('heading', { level: 1, name: PAPER })).toBeVisible();
  const blanks = page.getByTestId('print-blanks');
  await expect(blanks).toContainText('Name:');
  await expect(blanks).toContainText('Class:');
  await expect(blanks).toContainText('Student No.:');
  await expect(sheet).toContainText('Time allowed: 90 minutes');
  await expect(sheet.getByRole('heading', { level: 2, name: /^Part I: single choice/ })).toBeVisible();

  // Questions are numbered through the paper: the gap-filling section goes on after the four choices.
  const questions = page.getByTestId('print-question');
  const count = await questions.count();
  expect(count).toBeGreaterThanOrEqual(5);
  for (let i = 0; i < count; i++)
    await expect(questions.nth(i).locator('.print-number').first()).toHaveText(`${i + 1}.`);
  await expect(sheet.locator('.print-section').nth(1).locator('.print-number').first()).toHaveText('5.');
  // Formulas are drawn by KaTeX, the figure is shown.
  await expect(sheet.locator('.katex').first()).toBeVisible();
  await expect(sheet.getByRole('img', { name: 'graph of y = x squared' })).toBeVisible();

  // The key appears only with the switch.
  await expect(page.getByTestId('print-key')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Answer key and analysis' }).click();
  await expect(page.getByTestId('print-key')).toHaveCount(count);
  await expect(sheet).toContainText('Answer key and analysis');
  await expect(page.getByTestId('print-key').first()).toContainText('Answer:');

  // On paper: no sidebar, header, tabs or buttons; the sheet alone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.shell-sider')).toBeHidden();
  await expect(page.locator('.shell-header')).toBeHidden();
  await expect(page.locator('.paper-print-toolbar')).toBeHidden();
  await expect(sheet).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Word follows the switch: with the key.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Word: with the answer key' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${PAPER} (key).docx`);
  const text = await docxText(await download.path());
  for (const part of [PAPER, 'Name: ', 'Class: ', 'Student No.: ', 'Part I: single choice', '1. ', 'Answer: ']) {
    expect(text, part).toContain(part);
  }

  // And without: the students' copy has no key.
  await page.getByRole('switch', { name: 'Answer key and analysis' }).click();
  await expect(page.getByTestId('print-key')).toHaveCount(0);
  const [plain] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Word: students’ copy' }).click(),
  ]);
  expect(plain.suggestedFilename()).toBe(`${PAPER}.docx`);
  const student = await docxText(await plain.path());
  expect(student).toContain('Part II: gap filling');
  expect(student).not.toContain('Answer: ');
});

test('the builder opens the print view, and a new paper must be saved first', async ({ page }) => {
  await open(page, '/exam/paperEdit');
  await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled();
  await findPaper(page);
  await page.getByRole('button', { name: `Open ${PAPER}` }).click();
  await expect(page).toHaveURL(/\/exam\/paperEdit\?id=\d+$/);
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page).toHaveURL(/\/exam\/paperPrint\?id=\d+$/);
  await expect(page.locator('.paper-sheet').getByRole('heading', { level: 1, name: PAPER })).toBeVisible();
});
