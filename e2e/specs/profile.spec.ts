import { expect, test } from '@playwright/test';
import { pageAs, withToast } from './fixtures';
import { createTeacherUser } from './helpers';

test('a user changes their password and logs in with the new one', async ({ browser, request }) => {
  const oldPassword = 'first-pass-2026';
  const newPassword = 'second-pass-2026';
  const userName = await createTeacherUser(request, oldPassword);
  const page = await pageAs(browser, userName, '/dashboard', { password: oldPassword });
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/profile\/editPassword$/);

  await page.getByLabel('Current password').fill('wrong-pass-2026');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-message-error')).toContainText('current password');

  await page.getByLabel('Current password').fill(oldPassword);
  await withToast(page, 'Your password was changed', () => page.getByRole('button', { name: 'Save' }).click());

  await page.context().clearCookies();
  await page.goto('/demo/login');
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password').fill(oldPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong user name or password.');
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().close();
});

test('the profile form saves the real name', async ({ browser, request }) => {
  const userName = await createTeacherUser(request, 'profile-pass-2026');
  const page = await pageAs(browser, userName, '/profile/index', { password: 'profile-pass-2026' });
  await page.getByLabel('Real name').fill('Renamed Teacher');
  await withToast(page, 'Your details were saved', () => page.getByRole('button', { name: 'Save changes' }).click());
  await page.reload();
  await expect(page.getByLabel('Real name')).toHaveValue('Renamed Teacher');
  await expect(page.getByTestId('user-menu')).toContainText('Renamed Teacher');
  await page.context().close();
});
