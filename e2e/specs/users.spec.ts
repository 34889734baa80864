import { expect, test } from '@playwright/test';
import { createTeacherUser, DEMO_PASSWORD, loginAs, uniqueName } from './helpers';

test.describe('users screen', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/user/index');
  });

  test('create, find, edit, disable, reset password and delete a user', async ({ page }) => {
    const userName = uniqueName('ui');
    await page.getByRole('button', { name: 'New user' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('User name').fill(userName);
    await drawer.getByLabel('Real name').fill('Ada Example');
    await drawer.getByLabel('Password').fill('ada-pass-2026');
    await drawer.getByLabel('Roles').click();
    await page.locator('.ant-select-dropdown').getByText('Teacher', { exact: false }).first().click();
    await drawer.getByLabel('User name').click();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved')).toBeVisible();

    const filters = page.locator('.filter-bar');
    await filters.getByLabel('User name').fill(userName);
    await filters.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: new RegExp(userName) });
    await expect(row).toHaveCount(1);
    await expect(page.getByText('1 in total')).toBeVisible();

    await row.getByRole('button', { name: `Edit ${userName}` }).click();
    await drawer.getByLabel('Real name').fill('Ada Edited');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('Ada Edited');

    await row.getByRole('switch').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await expect(row.getByRole('switch')).not.toBeChecked();

    await row.getByRole('button', { name: `Reset password ${userName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByTestId('generated-password')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

    await row.getByRole('button', { name: `Delete ${userName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Delete ${userName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No users match these filters')).toBeVisible();
  });

  test('the form checks its fields before calling the server', async ({ page }) => {
    await page.getByRole('button', { name: 'New user' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('User name').fill('bad name!');
    await drawer.getByLabel('Password').fill('short');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText('Letters, digits and _ . @ - only')).toBeVisible();
    await expect(drawer.getByText('At least 8 characters')).toBeVisible();
    await expect(drawer.getByText('A user needs at least one role')).toBeVisible();
  });

  test('bulk delete asks first and removes the selected users', async ({ page, request }) => {
    const prefix = uniqueName('bulk');
    const a = await createTeacherUser(request, DEMO_PASSWORD, prefix);
    const b = await createTeacherUser(request, DEMO_PASSWORD, prefix);
    const filters = page.locator('.filter-bar');
    await filters.getByLabel('User name').fill(prefix);
    await filters.getByRole('button', { name: 'Search' }).click();
    for (const name of [a, b])
      await page
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('checkbox')
        .check();
    await page.getByRole('button', { name: /Delete selected/ }).click();
    await expect(page.getByRole('dialog')).toContainText('Delete 2 selected items?');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row', { name: new RegExp(a) })).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(b) })).toHaveCount(0);
  });
});
