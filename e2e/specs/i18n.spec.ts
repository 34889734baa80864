import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

test('the language switch translates the login page and the shell, and is remembered', async ({ page }) => {
  await page.goto('/demo/login');
  await page.locator('.login-lang').getByText('简体中文').click();
  await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('.sidebar').getByRole('menuitem', { name: '用户管理' })).toBeVisible();
  await expect(page).toHaveTitle('首页 | Demo Academy');
  await page.reload();
  await expect(page.locator('.sidebar').getByRole('menuitem', { name: '首页' })).toBeVisible();
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('.sidebar').getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
});
