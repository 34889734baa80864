import type { Page } from '@playwright/test';
import { expect, open, pageAs, test } from './fixtures';
import { createTeacherUser, uniqueName } from './helpers';

// A server refusal reaches the person in their language, under the field it is about (not only as a
// toast that fades): the reply's error code is translated by the web from the contract's catalogue.

const SHOTS = process.env.E2E_SCREENSHOTS;

// The error line antd shows under the form item that holds this input.
const fieldError = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

test('in Chinese, a wrong current password is said in Chinese under the current-password field', async ({
  browser,
  request,
}) => {
  const password = 'first-pass-2026';
  const userName = await createTeacherUser(request, password, 'e2eerr');
  const page = await pageAs(browser, userName, '/profile/editPassword', { password });
  await page.evaluate(() => localStorage.setItem('lyceum.lang', 'zh-CN'));
  await page.reload();

  await page.getByLabel('当前密码').fill('wrong-pass-2026');
  await page.getByLabel('新密码', { exact: true }).fill('second-pass-2026');
  await page.getByLabel('确认新密码').fill('second-pass-2026');
  await page.getByRole('button', { name: /^保\s?存$/ }).click();

  await expect(fieldError(page, '当前密码')).toHaveText('当前密码不正确');
  // The toast is in Chinese too (its words already name the field); the server's English never shows.
  await expect(page.locator('.ant-message-error')).toHaveText('当前密码不正确');
  await expect(page.getByText('the current password is not correct')).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/password-zh.png` });
  await page.context().close();
});

test.describe('as the administrator', () => {
  test.use({ role: 'admin' });

  test('in English, a degree whose name exists already says so beside the name field', async ({ page }) => {
    await open(page, '/baseData/degree');
    const name = uniqueName('E2E dup ');
    const drawer = page.getByRole('dialog');
    for (const attempt of [1, 2]) {
      await page.locator('.toolbar').getByRole('button', { name: 'Create' }).click();
      await drawer.getByLabel('Name').fill(name);
      await drawer.getByRole('button', { name: 'Save' }).click();
      if (attempt === 1) await expect(drawer).toBeHidden();
    }
    await expect(drawer.locator('.ant-form-item-explain-error')).toContainText('already exists');
    await expect(fieldError(page, 'Name')).toContainText('already exists');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/degree-en.png` });
    await page.keyboard.press('Escape');
  });
});
