import type { APIRequestContext, Page } from '@playwright/test';
import { clickMenu, expect, open, test } from './fixtures';
import { api, apiLogin, uniqueName } from './helpers';

// Logs: the operation log says who did what to which record and why a call was refused; the login
// log (at /log/login, which once read as the login page of an organisation "log") stays in the shell.

async function choose(page: Page, label: string, option: string) {
  await page.locator('.filter-bar').getByLabel(label).click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

// The log is written in batches about a second apart: waits until the entries naming `record` are in
// (through the API), so a page opened afterwards shows them on its first read.
async function logged(request: APIRequestContext, record: string, count: number) {
  await expect
    .poll(
      async () => {
        const page = await api<{ list: unknown[] }>(request, 'POST', '/api/log/page', {
          keyword: record,
          pageIndex: 1,
          pageSize: 10,
        });
        return page.response.list.length;
      },
      { timeout: 20_000, message: `the operation log names ${record}` },
    )
    .toBeGreaterThanOrEqual(count);
}

test.describe('logs', () => {
  test.use({ role: 'admin' });

  test('the operation log shows readable entries and refusals', async ({ page, request }) => {
    await apiLogin(request, 'admin');
    const name = uniqueName('E2E log ');
    const created = await api<{ id: number }>(request, 'POST', '/api/degree/create', { name, code: 'LG', sort: 1 });
    expect(created.code, created.message).toBe(1);
    expect((await api(request, 'POST', `/api/degree/delete/${created.response.id}`)).code).toBe(1);
    const refused = await api(request, 'POST', '/api/degree/create', { name: '', code: 'LG' });
    expect(refused.code).toBe(501);
    await logged(request, name, 2);

    await open(page, '/log/operation');
    await expect(page.locator('.sidebar')).toBeVisible();
    const filters = page.locator('.filter-bar');
    await filters.getByLabel('Record', { exact: true }).fill(name);
    // The log is written in batches about a second apart: search until the entries are in.
    await expect(async () => {
      await filters.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('row', { name: new RegExp(`deleted degree «${name}»`) })).toHaveCount(1, {
        timeout: 2000,
      });
    }).toPass({ timeout: 15_000 });
    const createdRow = page.getByRole('row', { name: new RegExp(`created degree «${name}»`) });
    await expect(createdRow).toContainText('Alice Admin');
    await expect(createdRow).toContainText('Succeeded');
    await expect(createdRow).toContainText('Computer');

    await filters.getByLabel('Record', { exact: true }).fill('');
    await choose(page, 'Result', 'Failed');
    await choose(page, 'Record type', 'Degree');
    await filters.getByRole('button', { name: 'Search' }).click();
    const failed = page.getByRole('row', { name: /could not create degree/ }).first();
    await expect(failed).toContainText('Invalid input');
    // The field by the name people read, not its key (issue 36, item 11).
    await expect(failed).toContainText('Name: is required');
    await expect(page.getByText('/api/degree')).toHaveCount(0);

    // What the filters match, as a spreadsheet.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.toolbar').getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('Operation log.xlsx');
  });

  test('the login log at /log/login lists logins inside the app', async ({ page }) => {
    await open(page, '/log/login');
    await expect(page).toHaveURL(/\/log\/login$/);
    await expect(page.locator('.sidebar')).toBeVisible();
    await expect(page.getByText(/does not exist/)).toHaveCount(0);
    await expect(page.getByRole('tab', { name: /Login log/ })).toBeVisible();
    const mine = page.getByRole('row', { name: /Alice Admin/ }).first();
    await expect(mine).toContainText('admin');
    await expect(mine).toContainText('Succeeded');
    await expect(mine).toContainText('127.0.0.1');

    // Reached from the menu as well, and a reload keeps it in the shell.
    await open(page, '/dashboard');
    await clickMenu(page, 'Logs', 'Login log');
    await expect(page).toHaveURL(/\/log\/login$/);
    await page.reload();
    await expect(page.locator('.sidebar')).toBeVisible();
    await expect(page.getByRole('row', { name: /Alice Admin/ }).first()).toBeVisible();
  });

  test('the dashboard tells recent operations as sentences', async ({ page, request }) => {
    await apiLogin(request, 'admin');
    await open(page, '/dashboard');
    // The dashboard lists the organisation's last ten operations, and tests beside this one add theirs:
    // a change is made and looked for until one is seen among them.
    let name = '';
    await expect(async () => {
      name = uniqueName('E2E dash ');
      const created = await api<{ id: number }>(request, 'POST', '/api/userCategory/create', { name });
      expect(created.code, created.message).toBe(1);
      await logged(request, name, 1);
      await page.reload();
      await expect(page.getByRole('cell', { name: `Alice Admin created user category «${name}»` })).toBeVisible({
        timeout: 8000,
      });
    }).toPass({ timeout: 40_000 });
    await expect(page.getByText('/api/userCategory')).toHaveCount(0);
    await page.getByRole('link', { name: 'Operation log' }).click();
    await expect(page).toHaveURL(/\/log\/operation$/);
    await expect(page.getByRole('cell', { name: `created user category «${name}»` })).toBeVisible();
  });
});
