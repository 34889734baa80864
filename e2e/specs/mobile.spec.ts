import { expectNoSeriousA11yViolations } from './a11y';
import { expect, open, test } from './fixtures';

test.use({ role: 'admin', viewport: { width: 800, height: 900 } });

test('under 992 px the sidebar is a drawer that closes on navigation', async ({ page }) => {
  await open(page, '/user/index');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const drawer = page.locator('.ant-drawer .sidebar');
  await expect(page.locator('.shell-sider')).toHaveCount(0);
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Show or hide the menu' }).click();
  await expect(drawer).toBeVisible();
  // The menu drawer over the users list passes the accessibility scan (WCAG 2.1 A and AA).
  await expectNoSeriousA11yViolations(page, 'the menu drawer at 800 px');
  // The area of the page on screen is open already; Base data is not.
  await drawer.getByRole('menuitem', { name: 'Base data' }).click();
  await drawer.getByRole('menuitem', { name: 'Degrees', exact: true }).click();
  await expect(page).toHaveURL(/\/baseData\/degree$/);
  await expect(drawer).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.locator('.shell-sider')).toBeVisible();
});
