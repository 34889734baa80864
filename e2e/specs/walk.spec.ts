import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { api, apiLogin, loginAs } from './helpers';

// Issue 10: every catalogue page each built-in role reaches opens inside the shell, in both languages,
// with its own breadcrumb; a built screen never shows "coming soon", an unbuilt one always does.

interface MenuChild {
  path: string;
  component: string;
  metaTitle: string;
  metaTitleZh: string;
}
interface MenuItem {
  path: string;
  children: MenuChild[];
}

// The view registry's keys: the screens this build has.
const registry = readFileSync(new URL('../../apps/web/src/shell/view-registry.ts', import.meta.url), 'utf8');
const built = new Set([...registry.matchAll(/'([\w/]+)': \(\) => import\(/g)].map((m) => m[1]));

const join = (parent: string, child: string) =>
  child.startsWith('/') ? child : `${parent.replace(/\/+$/, '')}/${child}`.replace(/\/+/g, '/');

for (const role of ['admin', 'academic', 'teacher', 'student']) {
  test(`${role}: every menu page opens inside the shell, in English and Chinese`, async ({ page, request }) => {
    test.setTimeout(600_000);
    await apiLogin(request, role);
    const menu = await api<{ routerItemVMList: MenuItem[] }>(request, 'GET', '/api/user/menu');
    const pages = menu.response.routerItemVMList.flatMap((item) =>
      item.children.map((c) => ({ ...c, full: join(item.path, c.path) })),
    );
    expect(pages.length).toBeGreaterThan(0);
    await loginAs(page, role);
    for (const lang of ['en', 'zh'] as const) {
      await page.evaluate((l) => localStorage.setItem('lyceum.lang', l === 'zh' ? 'zh-CN' : 'en'), lang);
      await page.reload();
      await expect(page.locator('.shell-main')).toBeVisible();
      for (const p of pages) {
        const where = `${role} ${lang} ${p.full}`;
        // Navigate inside the app, as a menu click does.
        await page.evaluate((to) => {
          window.history.pushState({}, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, p.full);
        await expect(page, where).toHaveURL(new RegExp(`${p.full.replace(/[/]/g, '\\/')}$`));
        await expect(page.locator('.topbar-breadcrumb'), where).toContainText(
          lang === 'zh' ? p.metaTitleZh : p.metaTitle,
        );
        await expect(page.locator('.shell-main .login-card'), where).toHaveCount(0);
        const pane = page.locator('.view-pane:not([hidden])');
        await expect(pane.locator('.ant-spin-spinning').first(), where).toBeHidden({ timeout: 30_000 });
        await expect(pane.locator('.upcoming-page'), where).toHaveCount(built.has(p.component) ? 0 : 1);
        await expect(
          page.getByText(/Cannot find module|Sorry, the page you visited does not exist/),
          where,
        ).toHaveCount(0);
      }
    }
  });
}
