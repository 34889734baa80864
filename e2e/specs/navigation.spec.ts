import { expect, test } from '@playwright/test';
import { api, apiLogin, loginAs } from './helpers';

test.describe('menu-driven navigation', () => {
  test('the server menu opens the users and roles screens', async ({ page }) => {
    await loginAs(page, 'admin');
    const sidebar = page.locator('.sidebar');
    await sidebar.getByRole('menuitem', { name: 'Users' }).first().click();
    await sidebar.getByRole('menuitem', { name: 'Roles' }).click();
    await expect(page).toHaveURL(/\/user\/role$/);
    await expect(page).toHaveTitle('Roles | Demo Academy');
    await expect(page.getByRole('cell', { name: /Teacher/ }).first()).toBeVisible();
    await expect(page.locator('.topbar-breadcrumb')).toContainText('Roles');
  });

  test('a screen not open yet is badged and shows what it will do', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.locator('.sidebar').getByRole('menuitem', { name: 'Base data' }).click();
    await page.locator('.sidebar').getByRole('menuitem', { name: 'Course learning Soon' }).click();
    await expect(page).toHaveURL(/\/baseData\/courseLearning$/);
    await expect(page.getByText('Course learning is coming soon')).toBeVisible();
  });

  test('a view chunk that fails to load offers a retry', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.route('**/assets/teacher-list.view-*.js', (route) => route.abort());
    await page.locator('.sidebar').getByRole('menuitem', { name: 'Users' }).first().click();
    await page.locator('.sidebar').getByRole('menuitem', { name: 'Teachers' }).click();
    await expect(page.getByText('The page could not be loaded')).toBeVisible();
    await page.unroute('**/assets/teacher-list.view-*.js');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('columnheader', { name: 'User name' })).toBeVisible();
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/no/such/page');
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
    await page.getByRole('button', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a screen opened from another comes with the menu of roles that hold its permission', async ({ page }) => {
    await loginAs(page, 'teacher');
    await page.goto('/answer/edit');
    // Opened without an exam, the marking screen says where to open it from.
    await expect(page.getByText('Open this page from Exams › Marking.')).toBeVisible();
  });

  test('a student does not get the marking screen', async ({ page }) => {
    await loginAs(page, 'student');
    await page.goto('/answer/edit');
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  });

  test('a teacher sees no admin screens and the API refuses admin calls', async ({ page, request }) => {
    await loginAs(page, 'teacher');
    await expect(page.locator('.sidebar').getByRole('menuitem', { name: 'Roles' })).toHaveCount(0);
    await page.goto('/user/role');
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
    await apiLogin(request, 'teacher');
    const res = await api(request, 'POST', '/api/user/create', {
      id: null,
      userName: 'sneaky',
      realName: 'Sneaky',
      password: 'sneaky-pass-1',
      roleIds: [1],
    });
    expect(res.code).toBe(403);
  });
});
