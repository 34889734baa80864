import { expect, open, test, withToast } from './fixtures';
import { createTeacherUser, DEMO_PASSWORD, pickOption, uniqueName } from './helpers';

test.describe('users screen', () => {
  test.use({ role: 'admin' });

  test.beforeEach(async ({ page }) => {
    await open(page, '/user/index');
  });

  test('create, find, edit, disable, reset password and delete a user', async ({ page }) => {
    const userName = uniqueName('ui');
    await page.getByRole('button', { name: 'New user' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('User name').fill(userName);
    await drawer.getByLabel('Real name').fill('Ada Example');
    await drawer.getByLabel('Password').fill('ada-pass-2026');
    await pickOption(page, drawer, drawer.getByLabel('Roles'), 'Teacher');
    await drawer.getByLabel('User name').click();
    await withToast(page, 'Saved', () => drawer.getByRole('button', { name: 'Save' }).click());

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

  test("one's own account cannot be deleted: the button is off and says why", async ({ page }) => {
    const filters = page.locator('.filter-bar');
    await filters.getByLabel('User name').fill('admin');
    await filters.getByRole('button', { name: 'Search' }).click();
    const own = page.getByRole('row', { name: /Alice Admin/ });
    await expect(own).toHaveCount(1);
    const remove = own.getByRole('button', { name: 'Delete admin' });
    await expect(remove).toBeDisabled();
    await expect(own.getByRole('checkbox')).toBeDisabled();
    // Editing oneself stays possible.
    await expect(own.getByRole('button', { name: 'Edit admin' })).toBeEnabled();
    await remove.hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText('You cannot delete your own account');
  });
});

test.describe('users screen within the privilege ceiling', () => {
  test.use({ role: 'academic' });

  test('academic staff cannot act on the administrator nor give the Administrator role, but can edit a student', async ({
    page,
  }) => {
    await open(page, '/user/index');
    const filters = page.locator('.filter-bar');
    const search = async (userName: string) => {
      await filters.getByLabel('User name').fill(userName);
      await filters.getByRole('button', { name: 'Search' }).click();
    };

    // The administrator holds permissions academic staff do not: every action is off, and says why.
    await search('admin');
    const adminRow = page.getByRole('row', { name: /Alice Admin/ });
    await expect(adminRow).toHaveCount(1);
    const editAdmin = adminRow.getByRole('button', { name: 'Edit admin' });
    await expect(editAdmin).toBeDisabled();
    await expect(adminRow.getByRole('button', { name: 'Reset password admin' })).toBeDisabled();
    await expect(adminRow.getByRole('switch')).toBeDisabled();
    // Academic staff do not hold user:delete, so there is no delete button at all.
    await expect(adminRow.getByRole('button', { name: 'Delete admin' })).toHaveCount(0);
    await expect(adminRow.getByRole('checkbox')).toHaveCount(0);
    await editAdmin.hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText('This user has permissions you do not have');

    // A student is within reach: the actions work, and the form offers only the roles academic staff may give.
    await search('student');
    const studentRow = page.getByRole('row', { name: /Sam Student/ });
    await expect(studentRow).toHaveCount(1);
    await expect(studentRow.getByRole('switch')).toBeEnabled();
    await expect(studentRow.getByRole('button', { name: 'Reset password student' })).toBeEnabled();
    await studentRow.getByRole('button', { name: 'Edit student' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Roles').click();
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    const adminOption = dropdown.locator('.ant-select-item-option', { hasText: 'Administrator' });
    await expect(adminOption).toHaveClass(/ant-select-item-option-disabled/);
    await expect(adminOption).toContainText('Has permissions you do not have');
    await expect(dropdown.locator('.ant-select-item-option', { hasText: 'Teacher' })).not.toHaveClass(
      /ant-select-item-option-disabled/,
    );
    await adminOption.click({ force: true });
    await page.keyboard.press('Escape');
    await expect(drawer.locator('.ant-select-selection-item', { hasText: 'Administrator' })).toHaveCount(0);

    await drawer.getByLabel('Phone').fill('138 0000 0001');
    await withToast(page, 'Saved', () => drawer.getByRole('button', { name: 'Save' }).click());
    await expect(studentRow).toContainText('138 0000 0001');
  });
});
