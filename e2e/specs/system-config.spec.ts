import { expect, test } from '@playwright/test';
import { pageAs, withToast } from './fixtures';
import { api, apiLogin, uniqueName } from './helpers';

// On the second organisation (north): the demo's name and colours, which other specs read while
// this one runs beside them, stay as they are.

interface Config {
  name: string;
  icpNumber: string | null;
  themeColor: string;
}

test.describe('system settings', () => {
  let original: Config | null = null;

  test.afterEach(async ({ request }) => {
    if (!original) return;
    // Put the organisation's face back so other specs see the seeded name.
    await apiLogin(request, 'admin', undefined, 'north');
    const current = await api<Config>(request, 'POST', '/api/systemConfig/get');
    const restored = await api(request, 'POST', '/api/systemConfig/save', { ...current.response, ...original });
    expect(restored.code, restored.message).toBe(1);
  });

  test('saving shows the new name, ICP number and theme colour in the shell at once', async ({ browser, request }) => {
    await apiLogin(request, 'admin', undefined, 'north');
    const before = await api<Config>(request, 'POST', '/api/systemConfig/get');
    original = {
      name: before.response.name,
      icpNumber: before.response.icpNumber,
      themeColor: before.response.themeColor,
    };

    const page = await pageAs(browser, 'admin', '/baseData/systemConfig', { domain: 'north' });
    const name = uniqueName('Lyceum College ');
    const form = page.locator('form[id=systemConfig]');
    await form.getByLabel('Display name').fill(name);
    await form.getByLabel('ICP filing number').fill('沪ICP备20269999号');
    await form.locator('.ant-color-picker-trigger').click();
    const hex = page.locator('.ant-popover input.ant-input');
    await hex.fill('D4380D');
    await hex.press('Enter');
    await page.keyboard.press('Escape');
    await withToast(page, 'Saved', () => form.getByRole('button', { name: 'Save' }).click());

    await expect(page.locator('.sidebar-org')).toHaveText(name);
    await expect(page.locator('.shell-footer')).toContainText('沪ICP备20269999号');
    await expect(page).toHaveTitle(`System settings | ${name}`);
    await page.mouse.move(0, 0);
    await expect(form.getByRole('button', { name: 'Save' })).toHaveCSS('background-color', 'rgb(212, 56, 13)');

    // It sticks: a reload reads it back from the server.
    await page.reload();
    await expect(page.locator('.sidebar-org')).toHaveText(name);
    await page.context().close();
  });
});
