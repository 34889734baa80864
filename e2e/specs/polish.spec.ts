import { expect, open, test, useLanguage } from './fixtures';
import { editorMain, fillStem } from './question-helpers';

// Defects found walking the built screens (issue 10), one test each.

test.describe('public pages', () => {
  test("the organisation's login page shows its copyright and ICP filing number", async ({ page }) => {
    await page.goto('/demo/login');
    const footer = page.locator('.login-footer');
    await expect(footer).toContainText('© 2026 Demo Academy');
    const icp = footer.getByRole('link', { name: '京ICP备20260001号' });
    await expect(icp).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
  });

  test('an unknown organisation is reported once, with a hint', async ({ page }) => {
    await page.goto('/nowhere-school/login');
    await expect(page.getByText('Organisation "nowhere-school" was not found or is disabled.')).toHaveCount(1);
    await expect(page.getByText('Check the address you were given')).toBeVisible();
  });
});

test.describe('back office as administrator', () => {
  test.use({ role: 'admin' });

  test('type enums show the system type by name, in both languages', async ({ page }) => {
    await open(page, '/baseData/typeEnum');
    const table = page.locator('.ant-table-tbody');
    await expect(table).toContainText('Full-time');
    await expect(table).toContainText('Work-study');
    await useLanguage(page, 'zh');
    await expect(page.locator('.ant-table-tbody')).toContainText('工学结合');
    await useLanguage(page, 'en');
  });

  test('an address nothing answers says so in the breadcrumb', async ({ page }) => {
    await open(page, '/no/such/page');
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
    await expect(page.locator('.topbar-breadcrumb')).toContainText('Page not found');
    await expect(page.getByRole('tab', { selected: true })).toHaveText('Page not found');
  });

  for (const [path, header] of [
    ['/user/index', 'Status'],
    ['/question/list', 'Created'],
    ['/exam/paper', 'Updated'],
  ] as const) {
    test(`${path} at 1440 px: "${header}" is neither covered by Actions nor cut`, async ({ page }) => {
      await open(page, path);
      const table = page.locator('.view-pane:not([hidden]) .ant-table').first();
      await expect(table.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
      const head = table.locator('thead th', { hasText: header }).first();
      const actions = table.locator('thead th', { hasText: 'Actions' }).first();
      // At 1440 px the whole table fits: nothing scrolls under the fixed Actions column.
      const overflow = await table.evaluate((el) => {
        const wrap = el.querySelector('.ant-table-content, .ant-table-body');
        return wrap ? wrap.scrollWidth - wrap.clientWidth : 0;
      });
      expect(overflow).toBeLessThanOrEqual(1);
      const a = await head.boundingBox();
      const b = await actions.boundingBox();
      expect(a && b, 'both headers are on screen').toBeTruthy();
      if (a && b) expect(a.x + a.width).toBeLessThanOrEqual(b.x + 1);
      // Scrolled into view, no cell of the column is cut.
      const index = await head.evaluate((th) => Array.from(th.parentElement?.children ?? []).indexOf(th));
      const cut = await table.evaluate((el, i) => {
        const wrap = el.querySelector('.ant-table-content, .ant-table-body');
        if (wrap) wrap.scrollLeft = wrap.scrollWidth;
        return Array.from(el.querySelectorAll('tbody tr.ant-table-row'))
          .map((tr) => tr.children[i] as HTMLElement | undefined)
          .filter((td) => td && td.scrollWidth > td.clientWidth + 1).length;
      }, index);
      expect(cut).toBe(0);
    });
  }

  test('every sidebar entry is readable whole, in both languages', async ({ page }) => {
    await open(page, '/dashboard');
    for (const lang of ['en', 'zh'] as const) {
      await useLanguage(page, lang);
      // Open every area so its entries render.
      const titles = page.locator('.sidebar .ant-menu-submenu-title');
      const n = await titles.count();
      for (let i = 0; i < n; i++) {
        const sub = titles.nth(i);
        if ((await sub.getAttribute('aria-expanded')) !== 'true') await sub.click();
      }
      const cut = await page
        .locator('.sidebar .ant-menu-title-content')
        .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
      expect(cut, lang).toEqual([]);
    }
    await useLanguage(page, 'en');
  });

  test('an empty keyword row blocks saving with a message naming the row, scrolled into view', async ({ page }) => {
    await open(page, '/question/short/answer');
    const main = editorMain(page);
    await fillStem(page, 'Explain osmosis.');
    await main.getByRole('button', { name: 'Add keyword' }).click();
    await main.getByRole('button', { name: 'Add keyword' }).click();
    await main.getByLabel('Keyword 1', { exact: true }).fill('water');
    await main.getByRole('button', { name: 'Save and back' }).click();
    const help = main.getByText(/^Keyword 2: /);
    await expect(help).toBeVisible();
    await expect(help).toBeInViewport();
    await expect(page).toHaveURL(/\/question\/short\/answer/);
  });
});
