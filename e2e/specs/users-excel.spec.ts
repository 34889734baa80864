import { expect, open, test } from './fixtures';
import { uniqueName } from './helpers';
import { readXlsx, uploadXlsx, xlsx } from './xlsx';

const HEADER = ['User name', 'Real name', 'Initial password', 'Roles', 'Sex', 'Status', 'Phone', 'E-mail'];

test.describe('users in Excel', () => {
  test.use({ role: 'admin' });

  test.beforeEach(async ({ page }) => {
    await open(page, '/user/index');
  });

  test('import previews every problem of a bad row, then imports a clean file', async ({ page }) => {
    const prefix = uniqueName('imp');
    const good = [`${prefix}a`, 'Imported One', 'import-pass-2026', 'Teacher', 'Female', 'Enabled', '', ''];
    // Two problems on one row (an unknown role and a bad e-mail), and a user name repeated further down.
    const bad = [`${prefix}b`, 'Imported Two', 'import-pass-2026', 'Wizard', 'Male', 'Enabled', '', 'not-an-email'];
    const again = [`${prefix}a`, 'Imported Three', 'import-pass-2026', 'Student', '', '', '', ''];
    await page.locator('.toolbar').getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    await uploadXlsx(dialog, 'users-bad.xlsx', await xlsx(HEADER, [good, bad, again]));
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect(dialog.getByRole('alert').first()).toContainText('4 problems in 3 of 3 rows');
    const row3 = dialog.getByRole('row', { name: /^3 / });
    await expect(row3).toContainText('Roles: No roles named "Wizard"');
    await expect(row3).toContainText('E-mail: Not an e-mail address');
    await expect(row3.getByRole('cell').last()).toHaveText('2');
    await expect(dialog.getByRole('row', { name: /^2 / })).toContainText(
      `User name: User name "${prefix}a" is also in row 4`,
    );
    await expect(dialog.getByRole('row', { name: /^4 / })).toContainText(`is also in row 2 of this file`);
    await expect(dialog.getByRole('button', { name: /^Import \d+ rows?$/ })).toHaveCount(0);
    // The same list as a workbook.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download the error report' }).click();
    const report = await download;
    expect(report.suggestedFilename()).toBe('Users import errors.xlsx');
    const { readFile } = await import('node:fs/promises');
    const reportRows = await readXlsx(await readFile(await report.path()));
    expect(reportRows[0]).toEqual(['Row', 'Column', 'Problem']);
    expect(reportRows.slice(1).filter((r) => r[0] === '3')).toEqual([
      ['3', 'Roles', 'No roles named "Wizard"'],
      ['3', 'E-mail', 'Not an e-mail address'],
    ]);

    await dialog.getByRole('button', { name: 'Choose another file' }).click();
    const fixed = [`${prefix}b`, 'Imported Two', 'import-pass-2026', 'Teacher', 'Male', 'Enabled', '', ''];
    await uploadXlsx(dialog, 'users.xlsx', await xlsx(HEADER, [good, fixed]));
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(dialog).toContainText('2 rows imported');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    const filters = page.locator('.filter-bar');
    await filters.getByLabel('User name').fill(prefix);
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('row', { name: new RegExp(prefix) })).toHaveCount(2);
  });

  test('export writes the users of the current filter', async ({ page }) => {
    const filters = page.locator('.filter-bar');
    await filters.getByLabel('User name').fill('admin');
    await filters.getByRole('button', { name: 'Search' }).click();
    await page.locator('.toolbar').getByRole('button', { name: 'Export' }).click();
    // The export runs in the background; its window offers the file when it is written.
    const progress = page.getByRole('dialog', { name: 'Exporting Users' });
    await expect(progress.getByRole('status')).toContainText(/Ready/, { timeout: 20_000 });
    const download = page.waitForEvent('download');
    await progress.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    const rows = await readXlsx(await readFile(path));
    expect(rows[0]).toContain('User name');
    expect(rows[0]).not.toContain('Initial password');
    expect(rows.slice(1).every((r) => r[0].includes('admin'))).toBe(true);
    expect(rows.length).toBeGreaterThan(1);
    await progress.getByRole('button', { name: 'Close' }).first().click();
  });

  test('the department filter offers the department tree', async ({ page }) => {
    const filters = page.locator('.filter-bar');
    // Under load the first click can land before the tree select listens (it then only takes the focus,
    // as in one clean-clone run): it is clicked again until the drop-down shows, never once it has.
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await expect(async () => {
      if (!(await dropdown.count())) await filters.getByLabel('Department').click();
      await expect(dropdown.getByText('Mathematics')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    await dropdown.getByText('Mathematics').click();
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('.ant-table')).toBeVisible();
  });
});
