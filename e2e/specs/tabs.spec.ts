import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';
import { api, apiLogin, loginAs, uniqueName } from './helpers';

// The shell keeps this many views mounted (KEPT_VIEWS in apps/web/src/shell/layout/tabs-store.ts).
const KEPT_VIEWS = 10;

function tab(page: Page, path: string) {
  return page.getByTestId(`tab-${path}`);
}

function pane(page: Page, path: string) {
  return page.locator(`.view-pane[data-tab="${path}"]`);
}

async function tabOrder(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid^="tab-/"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
}

// Opens the sidebar's pages one after another, area by area, until `count` tabs are open; returns their paths.
async function openFromSidebar(page: Page, count: number): Promise<string[]> {
  const areas = page.locator('.sidebar .ant-menu-submenu');
  await expect(areas.first()).toBeVisible();
  const paths: string[] = [];
  const areaCount = await areas.count();
  for (let a = 0; a < areaCount && paths.length < count; a++) {
    const area = areas.nth(a);
    if (!/ant-menu-submenu-open/.test((await area.getAttribute('class')) ?? '')) {
      await area.locator('.ant-menu-submenu-title').click();
    }
    const leaves = area.locator('.ant-menu-item');
    await expect(leaves.first()).toBeVisible();
    const leafCount = await leaves.count();
    for (let i = 0; i < leafCount && paths.length < count; i++) {
      // rc-menu names each item '{menu id}-{key}', and the keys are the pages' paths.
      const id = (await leaves.nth(i).getAttribute('data-menu-id')) ?? '';
      const path = id.slice(id.indexOf('/'));
      await leaves.nth(i).click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(tab(page, path)).toBeAttached();
      paths.push(path);
    }
  }
  expect(paths).toHaveLength(count);
  return paths;
}

// With many tabs the bar scrolls and a tab may sit outside it; a click on its label still selects it.
async function selectTab(page: Page, path: string) {
  await tab(page, path).dispatchEvent('click');
  await expect(page).toHaveURL((url) => url.pathname === path);
}

// The breadcrumb's last item, the active tab and the document title all name the page of the address.
async function expectShellFollows(page: Page, path: string) {
  const label = (await tab(page, path).textContent()) ?? '';
  expect(label).not.toBe('');
  await expect(page.locator('.topbar-breadcrumb li').last()).toHaveText(label);
  await expect(page.locator('.tabs-bar .ant-tabs-tab-active')).toContainText(label);
  await expect(page).toHaveTitle(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`));
  await expect(pane(page, path)).toBeVisible();
}

test.describe('tabs of visited views', () => {
  test.use({ role: 'admin' });

  test('tabs keep their state and the dashboard cannot be closed', async ({ page }) => {
    await open(page, '/user/index');
    const filter = page.locator('.filter-bar').getByLabel('User name');
    await filter.fill('kept-value');
    await page.locator('.sidebar').getByRole('menuitem', { name: 'Roles' }).click();
    await expect(tab(page, '/user/role')).toBeVisible();
    await tab(page, '/user/index').click();
    await expect(page).toHaveURL(/\/user\/index$/);
    await expect(filter).toHaveValue('kept-value');
    await tab(page, '/dashboard').click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: 'Close', exact: true })).toHaveClass(/disabled/);
    await page.keyboard.press('Escape');
  });

  test('refresh fetches the list again, shows what changed and resets the view', async ({ page, request }) => {
    const firstLoad = page.waitForRequest((r) => r.url().endsWith('/api/degree/page'));
    await open(page, '/baseData/degree');
    const listed = await (await (await firstLoad).response())?.json();
    const row = listed.response.list[0] as { id: number; name: string; code: string | null; sort: number };
    await expect(pane(page, '/baseData/degree').getByRole('cell', { name: row.name, exact: true })).toBeVisible();
    const filter = page.locator('.filter-bar').getByLabel('Keyword');
    await filter.fill('temporary');

    // The row changes behind the page's back; a remount served from the cache would still show the old name.
    await apiLogin(request, 'admin');
    const renamed = uniqueName('Renamed ');
    const update = (name: string) => api(request, 'POST', '/api/degree/update', { ...row, name });
    expect((await update(renamed)).code).toBe(1);
    const addresses: string[] = [];
    const navigated = (frame: { url(): string }) => addresses.push(frame.url());
    try {
      page.on('framenavigated', navigated);
      const refetch = page.waitForRequest((r) => r.url().endsWith('/api/degree/page'));
      await tab(page, '/baseData/degree').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Refresh' }).click();
      await refetch;
      await expect(pane(page, '/baseData/degree').getByRole('cell', { name: renamed, exact: true })).toBeVisible();
      await expect(filter).toHaveValue('');
      await expect(page).toHaveURL(/\/baseData\/degree$/);
      expect(addresses.filter((a) => a.includes('/redirect'))).toEqual([]);
    } finally {
      page.off('framenavigated', navigated);
      await update(row.name);
    }
  });

  test('close others and close all', async ({ page }) => {
    await open(page, '/user/index');
    await page.locator('.sidebar').getByRole('menuitem', { name: 'Roles' }).click();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Personal info' }).click();
    await expect(page).toHaveURL(/\/profile\/index$/);
    await expect(tab(page, '/user/index')).toBeVisible();
    await tab(page, '/user/role').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close others' }).click();
    await expect(tab(page, '/user/index')).toHaveCount(0);
    await expect(tab(page, '/profile/index')).toHaveCount(0);
    await expect(tab(page, '/user/role')).toBeVisible();
    await expect(tab(page, '/dashboard')).toBeVisible();
    await tab(page, '/user/role').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close all' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(tab(page, '/user/role')).toHaveCount(0);
  });

  test('only the most recent views stay mounted; an older tab mounts again with its data', async ({ page }) => {
    test.setTimeout(300_000);
    await open(page, '/dashboard');
    const paths = await openFromSidebar(page, 16);
    expect(paths[0]).toBe('/user/index');
    await expect(page.locator('[data-testid^="tab-/"]')).toHaveCount(17);
    await expect(page.locator('.view-pane')).toHaveCount(KEPT_VIEWS);
    await expect(pane(page, '/user/index')).toHaveCount(0);

    await selectTab(page, '/user/index');
    await expect(pane(page, '/user/index').locator('.ant-table-row').first()).toBeVisible();
    await expectShellFollows(page, '/user/index');
    await expect(page.locator('.view-pane')).toHaveCount(KEPT_VIEWS);
    // The least recently visited of the kept ones made room.
    await expect(pane(page, paths[16 - KEPT_VIEWS])).toHaveCount(0);
    await expect(pane(page, paths[15])).toHaveCount(1);

    // Several switches in a row without waiting: the shell ends on the last one. (How long a switch
    // takes with 30 tabs open is measured by bench/tab-switch.bench.ts.)
    await page.evaluate(
      (targets) => {
        for (const target of targets) document.querySelector<HTMLElement>(`[data-testid="tab-${target}"]`)?.click();
      },
      [paths[2], paths[14], paths[9], paths[12]],
    );
    await expect(page).toHaveURL((url) => url.pathname === paths[12]);
    await expectShellFollows(page, paths[12]);
  });
});

// Logging in as others in the same browser tab: a page of its own, logged in through the login page.
test.describe('tabs across users', () => {
  test('F5 keeps the open tabs and the active one; another user does not get them', async ({ page }) => {
    // Three logins, two reloads and six tabs: more than the default minute on two busy cores.
    test.setTimeout(240_000);
    await loginAs(page, 'admin');
    await openFromSidebar(page, 5);
    await selectTab(page, '/user/role');
    const before = await tabOrder(page);
    expect(before).toHaveLength(6);

    await page.reload();
    await expect(page).toHaveURL(/\/user\/role$/);
    await expect(page.locator('[data-testid^="tab-/"]')).toHaveCount(6);
    expect(await tabOrder(page)).toEqual(before);
    await expectShellFollows(page, '/user/role');
    // A restored tab that was not shown mounts when visited.
    await selectTab(page, '/user/index');
    await expect(pane(page, '/user/index').locator('.ant-table-row').first()).toBeVisible();

    await loginAs(page, 'teacher');
    await expect(tab(page, '/dashboard')).toBeVisible();
    await expect(page.locator('[data-testid^="tab-/"]')).toHaveCount(1);
    await page.goto('/user/teacher');
    await expect(tab(page, '/user/teacher')).toBeVisible();

    // A stored tab of a page this user no longer reaches is dropped on restore.
    await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('lyceum.tabs:') && k.endsWith('/teacher'));
      if (!key) throw new Error('no stored tabs for the teacher');
      const stored = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
      sessionStorage.setItem(key, JSON.stringify([{ path: '/user/index', fullPath: '/user/index' }, ...stored]));
    });
    await page.reload();
    await expect(tab(page, '/user/teacher')).toBeVisible();
    await expect(tab(page, '/user/index')).toHaveCount(0);

    await loginAs(page, 'admin');
    await expect.poll(() => tabOrder(page)).toEqual(before);
  });
});
