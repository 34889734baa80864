import { expect, test as setup } from '@playwright/test';
import { authFile, ROLES } from './fixtures';
import { DEMO_PASSWORD } from './helpers';

// Each built-in demo role logs in once through the organisation's login page, as a person does; the
// browser's cookies and local storage are kept for every test of that role (fixtures.ts).
for (const role of ROLES) {
  setup(`log in as ${role}`, async ({ page }) => {
    await page.goto('/demo/login');
    await page.getByLabel('User name').fill(role);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('.shell-main')).toBeVisible();
    await page.context().storageState({ path: authFile(role) });
  });
}
