import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

test.use({ viewport: { width: 800, height: 900 } });

test('under 992 px the sidebar is a drawer that closes on navigation', async ({ page }) => {
  await loginAs(page, 'admin');
  const drawer = page.locator('.ant-drawer .sidebar');
  await expect(page.locator('.shell-sider')).toHaveCount(0);
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Show or hide the menu' }).click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('menuitem', { name: 'Users' }).first().click();
  await drawer.getByRole('menuitem', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/user\/role$/);
  await expect(drawer).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.locator('.shell-sider')).toBeVisible();
});
