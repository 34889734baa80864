import { readFile } from 'node:fs/promises';
import { expect, open, test, withToast } from './fixtures';
import { readXlsx } from './xlsx';

// An export runs in the background: the Export button shows its progress and offers the file, and
// the export list (Logs › Export list) keeps it for download and deletion.
test.describe('as the administrator', () => {
  test.use({ role: 'admin' });

  test('export a list in the background, then download and delete it from the export list', async ({ page }) => {
    await open(page, '/baseData/degree');
    await page.locator('.toolbar').getByRole('button', { name: 'Export' }).click();

    const progress = page.getByRole('dialog', { name: /Exporting Degrees?/ });
    await expect(progress.getByRole('progressbar')).toBeVisible();
    await expect(progress.getByRole('status')).toContainText(/Ready: \d+ rows?/, { timeout: 20_000 });
    const fromDialog = page.waitForEvent('download');
    await progress.getByRole('button', { name: 'Download' }).click();
    const first = await fromDialog;
    expect(first.suggestedFilename()).toMatch(/\.xlsx$/);
    const rows = await readXlsx(await readFile(await first.path()));
    expect(rows[0]).toContain('Name');
    expect(rows.length).toBeGreaterThan(1);

    // The export list, reached through the menu.
    await progress.getByRole('button', { name: 'Open the export list' }).click();
    await expect(page).toHaveURL(/\/log\/export$/);
    const row = page.getByRole('row', { name: /Degree/ }).first();
    await expect(row).toContainText('Ready');
    await expect(row).toContainText(String(rows.length - 1));

    const fromList = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download' }).click();
    const second = await fromList;
    expect(second.suggestedFilename()).toBe(first.suggestedFilename());
    const bytes = await readFile(await second.path());
    // An .xlsx is a zip.
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    const degreeRows = page.getByRole('row', { name: /Degree/ });
    const before = await degreeRows.count();
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete the export' });
    await withToast(page, 'Export deleted', () => confirm.getByRole('button', { name: 'Delete' }).click());
    await expect(degreeRows).toHaveCount(before - 1);
  });
});

test.describe('as a teacher', () => {
  test.use({ role: 'teacher' });

  test('the export list says when there is nothing yet', async ({ page }) => {
    await open(page, '/log/export');
    await expect(page.getByText('No exports yet')).toBeVisible();
  });
});
