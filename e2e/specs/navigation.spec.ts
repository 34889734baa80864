import { clickMenu, expect, open, test } from './fixtures';
import { api } from './helpers';

test.describe('menu-driven navigation as the administrator', () => {
  test.use({ role: 'admin' });

  test('the server menu opens the users and roles screens', async ({ page }) => {
    await open(page, '/dashboard');
    await clickMenu(page, 'Users', 'Roles');
    await expect(page).toHaveURL(/\/user\/role$/);
    await expect(page).toHaveTitle('Roles | Demo Academy');
    await expect(page.getByRole('cell', { name: /Teacher/ }).first()).toBeVisible();
    await expect(page.locator('.topbar-breadcrumb')).toContainText('Roles');
  });

  // Since issue 34 every catalogued screen is built: the last to arrive opens like the rest, unbadged.
  test('the last screen to arrive opens from the menu without a badge', async ({ page }) => {
    await open(page, '/dashboard');
    await clickMenu(page, 'Teaching', 'Academic affairs');
    await expect(page).toHaveURL(/\/teaching\/educational$/);
    await expect(page.getByRole('tab', { name: 'Student records' })).toBeVisible();
    await expect(page.locator('.sidebar .menu-soon')).toHaveCount(0);
  });

  test('a view chunk that fails to load offers a retry', async ({ page }) => {
    // A page of its own: a kept page may have loaded the view's chunk already.
    await page.reload();
    await open(page, '/dashboard');
    await page.route('**/assets/teacher-list.view-*.js', (route) => route.abort());
    await clickMenu(page, 'Users', 'Teachers');
    await expect(page.getByText('The page could not be loaded')).toBeVisible();
    await page.unroute('**/assets/teacher-list.view-*.js');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('columnheader', { name: 'User name' })).toBeVisible();
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await open(page, '/no/such/page');
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
    await page.getByRole('button', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('menu-driven navigation as a teacher', () => {
  test.use({ role: 'teacher' });

  test('a screen opened from another comes with the menu of roles that hold its permission', async ({ page }) => {
    await open(page, '/answer/edit');
    // Opened without an exam, the marking screen says where to open it from.
    await expect(page.getByText('Open this page from Exams › Marking.')).toBeVisible();
  });

  test('a teacher sees no admin screens and the API refuses admin calls', async ({ page }) => {
    await open(page, '/dashboard');
    await expect(page.locator('.sidebar').getByRole('menuitem', { name: 'Roles' })).toHaveCount(0);
    await open(page, '/user/role');
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
    const res = await api(page.request, 'POST', '/api/user/create', {
      id: null,
      userName: 'sneaky',
      realName: 'Sneaky',
      password: 'sneaky-pass-1',
      roleIds: [1],
    });
    expect(res.code).toBe(403);
  });
});

test.describe('menu-driven navigation as a student', () => {
  test.use({ role: 'student' });

  test('a student does not get the marking screen', async ({ page }) => {
    await open(page, '/answer/edit');
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  });
});
