import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './helpers';

function tab(page: Page, path: string) {
  return page.getByTestId(`tab-${path}`);
}

test.describe('tabs of visited views', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin');
  });

  test('tabs keep their state and the dashboard cannot be closed', async ({ page }) => {
    await page.goto('/user/index');
    const filter = page.locator('.filter-bar').getByLabel('User name');
    await filter.fill('kept-value');
    await page.locator('.sidebar').getByRole('menuitem', { name: 'Roles' }).click();
    await expect(tab(page, '/user/role')).toBeVisible();
    await tab(page, '/user/index').click();
    await expect(page).toHaveURL(/\/user\/index$/);
    await expect(filter).toHaveValue('kept-value');
    await tab(page, '/dashboard').click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: 'Close', exact: true })).toHaveClass(/disabled/);
  });

  test('refresh reloads the view through /redirect and resets its state', async ({ page }) => {
    await page.goto('/user/index');
    const filter = page.locator('.filter-bar').getByLabel('User name');
    await filter.fill('temporary');
    await tab(page, '/user/index').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Refresh' }).click();
    await expect(page).toHaveURL(/\/user\/index$/);
    await expect(filter).toHaveValue('');
  });

  test('close others and close all', async ({ page }) => {
    // Client-side navigation only: a full page load starts a fresh set of tabs.
    await page.goto('/user/index');
    await page.locator('.sidebar').getByRole('menuitem', { name: 'Roles' }).click();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Personal info' }).click();
    await expect(page).toHaveURL(/\/profile\/index$/);
    await expect(tab(page, '/user/index')).toBeVisible();
    await tab(page, '/user/role').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close others' }).click();
    await expect(tab(page, '/user/index')).toHaveCount(0);
    await expect(tab(page, '/profile/index')).toHaveCount(0);
    await expect(tab(page, '/user/role')).toBeVisible();
    await expect(tab(page, '/dashboard')).toBeVisible();
    await tab(page, '/user/role').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close all' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(tab(page, '/user/role')).toHaveCount(0);
  });
});
