import type { Locator, Page } from '@playwright/test';
import { expect, open, test, withToast } from './fixtures';
import { uniqueName } from './helpers';
import { uploadXlsx, xlsx } from './xlsx';

const MEMBER_HEADER = ['User name', 'Join date'];

// Types into a search select and takes the option whose text matches.
async function searchAndPick(page: Page, select: Locator, text: string, option: RegExp) {
  await select.click();
  await select.locator('input').fill(text);
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.getByText(option).first().click();
}

test.describe('classes', () => {
  test.use({ role: 'academic' });

  test('academic staff create a class, open its page and import members from Excel', async ({ page }) => {
    const name = uniqueName('Class E2E ');
    await open(page, '/team/index');
    await page.locator('.toolbar').getByRole('button', { name: 'New class' }).click();
    const drawer = page.getByRole('dialog', { name: 'New class' });
    await drawer.getByLabel('Name').fill(name);
    await drawer.getByLabel('Grade').fill('2025');
    await searchAndPick(
      page,
      drawer.locator('.ant-form-item').filter({ hasText: 'Class teacher' }).locator('.ant-select'),
      'Tom',
      /Tom Teacher \(teacher\)/,
    );
    // One student added in the editor, joining today.
    const picker = drawer.getByLabel('Students to add');
    await picker.click();
    await picker.fill('s2026030');
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText(/\(s2026030\)/)
      .click();
    await page.keyboard.press('Escape');
    await drawer.getByRole('button', { name: 'Add 1' }).click();
    await expect(drawer.getByRole('row', { name: /s2026030/ })).toBeVisible();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Tom Teacher');
    await expect(row).toContainText('2025');
    await row.getByRole('button', { name: `Open ${name}` }).click();

    await expect(page).toHaveURL(/\/team\/detail\?id=\d+/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('1 member', { exact: true })).toBeVisible();
    await expect(page.getByRole('row', { name: /s2026030/ })).toBeVisible();

    // A file with an unknown user name: every row checked, nothing written.
    await page.getByRole('button', { name: 'Import members' }).click();
    const dialog = page.getByRole('dialog', { name: `Import members of ${name}` });
    await uploadXlsx(
      dialog,
      'members-bad.xlsx',
      await xlsx(MEMBER_HEADER, [
        ['s2026031', '2025-09-01'],
        ['ghost.user', ''],
        ['s2026032', ''],
      ]),
    );
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect(dialog.getByRole('alert').first()).toContainText('1 problem in 1 of 3 rows');
    await expect(dialog.getByRole('row', { name: /^3 / })).toContainText('User name: No user named ghost.user');

    await dialog.getByRole('button', { name: 'Choose another file' }).click();
    await uploadXlsx(
      dialog,
      'members.xlsx',
      await xlsx(MEMBER_HEADER, [
        ['s2026031', '2025-09-01'],
        ['s2026032', ''],
        // Already a member: kept as it is.
        ['s2026030', '2020-01-01'],
      ]),
    );
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect(dialog).toContainText('All 3 rows are ready to import.');
    await dialog.getByRole('button', { name: 'Add 3 students' }).click();
    await expect(dialog).toContainText('2 rows imported');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    await expect(page.getByText('3 members', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Members (3)' })).toBeVisible();
    await expect(page.getByRole('row', { name: /s2026031/ })).toContainText('2025-09-01');
    await expect(page.getByRole('row', { name: /s2026032/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /s2026030/ })).not.toContainText('2020-01-01');

    // The member search, and the tabs still to come say so.
    const members = page.getByRole('tabpanel', { name: 'Members (3)' });
    await members.getByRole('searchbox', { name: 'Search members by name' }).fill('s2026032');
    await members.getByRole('searchbox', { name: 'Search members by name' }).press('Enter');
    await expect(members.locator('.ant-table-tbody .ant-table-row')).toHaveCount(1);
    await page.getByRole('tab', { name: 'Scores' }).click();
    await expect(page.getByText('Scores arrive with marking')).toBeVisible();
  });

  test('academic staff set a student’s accommodations', async ({ page }) => {
    await open(page, '/user/student');
    const filters = page.locator('.filter-bar');
    await filters.getByLabel('User or real name').fill('s2026031');
    await filters.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: /s2026031/ });
    await expect(page.locator('.ant-table-tbody .ant-table-row')).toHaveCount(1);
    await row.getByRole('button', { name: /^Accommodations / }).click();
    const modal = page.getByRole('dialog', { name: /^Accommodations: / });
    await expect(modal.getByRole('status')).toContainText('No accommodations');
    await modal.getByLabel('Extra-time factor').fill('1.25');
    await modal.getByLabel('Extra minutes').fill('10');
    await modal.getByLabel('Note').fill('Large print paper');
    await expect(modal.getByRole('status')).toContainText('A 60-minute exam: 85 minutes for this student (+25).');
    await withToast(page, /Accommodations saved for/, () => modal.getByRole('button', { name: 'Save' }).click());
    await expect(modal).toBeHidden();

    await row.getByRole('button', { name: /^Accommodations / }).click();
    const again = page.getByRole('dialog', { name: /^Accommodations: / });
    await expect(again.getByLabel('Extra-time factor')).toHaveValue('1.25');
    await expect(again.getByLabel('Extra minutes')).toHaveValue('10');
    await expect(again.getByLabel('Note')).toHaveValue('Large print paper');
    // Removing them asks first.
    await again.getByRole('button', { name: 'Remove accommodations' }).click();
    await withToast(page, /Accommodations removed for/, () =>
      page
        .getByRole('dialog', { name: /Remove the accommodations of/ })
        .getByRole('button', { name: 'Remove accommodations' })
        .click(),
    );
  });
});
