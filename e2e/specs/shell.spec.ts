import { expect, open, test } from './fixtures';

test.describe('shell chrome', () => {
  test.use({ role: 'admin' });

  test.beforeEach(async ({ page }) => {
    await open(page, '/dashboard');
  });

  test('the sidebar state is kept in a 1/0 cookie across reloads', async ({ page }) => {
    await expect(page.locator('.sidebar-org')).toBeVisible();
    await page.getByRole('button', { name: 'Show or hide the menu' }).click();
    await expect(page.locator('.sidebar-org')).toHaveCount(0);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebarStatus');
    expect(cookie?.value).toBe('0');
    await page.reload();
    await expect(page.locator('.shell-sider')).toBeVisible();
    await expect(page.locator('.sidebar-org')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show or hide the menu' }).click();
    await expect(page.locator('.sidebar-org')).toHaveText('Demo Academy');
  });

  test('footer shows copyright and ICP number; back-to-top appears after scrolling', async ({ page }) => {
    await expect(page.locator('.shell-footer')).toContainText('Demo Academy');
    await expect(page.locator('.shell-footer')).toContainText('ICP');
    await open(page, '/user/index');
    await expect(page.locator('.view-pane:not([hidden])').getByRole('cell').first()).toBeVisible();
    const backTop = page.locator('.ant-float-btn');
    await expect(backTop).toHaveCount(0);
    // The wheel turns over the list, as a reader scrolls it (where an earlier test left the mouse, over
    // the sidebar, it would scroll the menu instead).
    await page.locator('.view-pane:not([hidden]) .ant-table').hover();
    await page.mouse.wheel(0, 600);
    await expect(backTop).toBeVisible();
    await backTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the dashboard shows counts and charts from the server', async ({ page }) => {
    const users = page.locator('.ant-statistic', { hasText: 'Users' });
    await expect(users).toBeVisible();
    await expect(page.getByRole('img', { name: 'Logins over the last 30 days' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Users by role' })).toBeVisible();
    const value = (await users.locator('.ant-statistic-content-value').textContent()) ?? '';
    expect(Number(value.replace(/\D/g, ''))).toBeGreaterThan(0);
  });
});
