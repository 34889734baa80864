import { expect, test } from '@playwright/test';
import { api, apiLogin, DEMO_PASSWORD, loginAs } from './helpers';

test.describe('login variants', () => {
  test('organisation login shows the organisation and lands on the dashboard', async ({ page }) => {
    await page.goto('/demo/login');
    await expect(page.getByRole('heading', { name: 'Demo Academy' })).toBeVisible();
    await expect(page).toHaveTitle('Login | Demo Academy');
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('.sidebar-org')).toHaveText('Demo Academy');
    await expect(page).toHaveTitle('Dashboard | Demo Academy');
  });

  test('generic login asks for the organisation', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle(/^Login \| /);
    await page.getByLabel('Organisation').fill('north');
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('.sidebar-org')).not.toHaveText('Demo Academy');
  });

  test('wrong password gives a clear message and stays on the login page', async ({ page }) => {
    await page.goto('/demo/login');
    await page.getByLabel('User name').fill('student');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toContainText('Wrong user name or password.');
    await expect(page).toHaveURL(/\/demo\/login/);
  });

  test('an unknown organisation is reported on both login pages', async ({ page }) => {
    await page.goto('/nowhere-school/login');
    await expect(page.getByText('Organisation "nowhere-school" was not found or is disabled.')).toBeVisible();
    await page.getByRole('button', { name: 'Choose another organisation' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Organisation').fill('nowhere-school');
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toContainText('was not found');
  });

  test('staff handoff secret logs in once and cannot be replayed', async ({ page, request, browser }) => {
    await apiLogin(request, 'teacher');
    const handoff = await api<{ secret: string }>(request, 'POST', '/api/user/handoff');
    expect(handoff.code, handoff.message).toBe(1);
    await page.goto(`/staffLogin?secret=${encodeURIComponent(handoff.response.secret)}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('.sidebar-org')).toHaveText('Demo Academy');

    const other = await browser.newContext();
    const replay = await other.newPage();
    await replay.goto(`/staffLogin?secret=${encodeURIComponent(handoff.response.secret)}`);
    await expect(replay.getByText('This sign-in link is no longer valid')).toBeVisible();
    await expect(replay).toHaveTitle(/^Logging in/);
    await other.close();
  });

  test('a page needing login sends a stranger to the login page and back after login', async ({ page }) => {
    await page.goto('/user/index');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Findex$/);
    await page.getByLabel('Organisation').fill('demo');
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/user\/index$/);
  });

  test('logout clears the session and returns to the organisation login', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/demo\/login$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/demo\/login\?redirect=/);
  });
});
