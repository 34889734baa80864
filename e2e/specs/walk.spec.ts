import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, open, type Role, test, useLanguage } from './fixtures';
import { api } from './helpers';

// Issue 10: every catalogue page each built-in role reaches opens inside the shell, with its own
// breadcrumb; a built screen never shows "coming soon", an unbuilt one always does. The
// administrator, who reaches the most pages, walks them in English and in Chinese; the other roles in
// one language each. The walk also runs the accessibility scans (axe-core, WCAG 2.1 A and AA: no
// critical or serious violation, no rule turned off) on the screens people spend their day in, once
// their data has drawn, in the languages listed.

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
type Lang = 'en' | 'zh';

// The view registry's keys: the screens this build has.
const registry = readFileSync(new URL('../../apps/web/src/shell/view-registry.ts', import.meta.url), 'utf8');
const built = new Set([...registry.matchAll(/'([\w/]+)': \(\) => import\(/g)].map((m) => m[1]));

const join = (parent: string, child: string) =>
  child.startsWith('/') ? child : `${parent.replace(/\/+$/, '')}/${child}`.replace(/\/+/g, '/');

// The screens scanned for accessibility on the way, each once its content (the selector) is drawn.
const SCANS: Record<Role, Record<string, string>> = {
  admin: {
    '/dashboard': '.ant-statistic',
    '/user/index': '.ant-table-row',
    '/question/list': '.ant-table-row',
    '/question/single/choice': '.q-option-row',
  },
  // Issue 34's screens: admissions, academic affairs, training centres and training management.
  academic: {
    '/training/application': '.ant-table-row',
    '/teaching/educational': '.ant-table-row',
    '/training/centre': '.ant-table-row',
    '/training/management': '.ant-table-row',
  },
  teacher: {
    '/dashboard': '.work-card',
    '/task/index': '.ant-table-row',
    '/message/index': '.ant-table-row',
    '/profile/messages': '.inbox-line',
  },
  student: { '/study/homework': '.ant-card', '/study/record': '.ant-descriptions', '/study/training': '.ant-progress' },
};

// The pages each role's menu reaches, with their path under the menu's area.
async function menuPages(page: Page) {
  const menu = await api<{ routerItemVMList: MenuItem[] }>(page.request, 'GET', '/api/user/menu');
  const pages = menu.response.routerItemVMList.flatMap((item) =>
    item.children.map((c) => ({ ...c, full: join(item.path, c.path) })),
  );
  expect(pages.length).toBeGreaterThan(0);
  return pages;
}

interface Expected {
  path: string;
  title: string;
  // Whether the view is a "coming soon" page; null: either.
  upcoming: boolean | null;
}

// What keeps the page on screen from being the one expected ('' once it is), or with `ready` just
// whether it is: checked in the page in one go, so a walk over every page does not wait for a round
// trip per check. Self-contained: it runs in the page.
function pageCheck({ e, ready }: { e: Expected; ready: boolean }): string | boolean {
  const problem = (() => {
    if (location.pathname !== e.path) return `the address is ${location.pathname}`;
    const crumb = document.querySelector('.topbar-breadcrumb')?.textContent ?? '';
    if (!crumb.includes(e.title)) return `the breadcrumb reads "${crumb}"`;
    if (document.querySelector('.shell-main .login-card')) return 'a login form shows inside the shell';
    const pane = document.querySelector('.view-pane:not([hidden])');
    if (!pane) return 'no view is shown';
    if (Array.from(pane.querySelectorAll('.ant-spin-spinning')).some((el) => el.checkVisibility()))
      return 'still loading';
    const upcoming = Boolean(pane.querySelector('.upcoming-page'));
    if (e.upcoming !== null && upcoming !== e.upcoming)
      return upcoming ? 'a built screen says "coming soon"' : 'an unbuilt screen does not say "coming soon"';
    const error = /Cannot find module|Sorry, the page you visited does not exist/.exec(document.body.innerText);
    return error ? `the page says "${error[0]}"` : '';
  })();
  return ready ? problem === '' : problem;
}

// Moves inside the app, as a menu click does, and waits until the page is the one expected.
async function go(page: Page, e: Expected, where: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, e.path);
  try {
    await page.waitForFunction(pageCheck, { e, ready: true }, { polling: 50, timeout: 30_000 });
  } catch (err) {
    throw new Error(`${where}: ${await page.evaluate(pageCheck, { e, ready: false })} (${err})`);
  }
}

async function scan(page: Page, ready: string, where: string) {
  await expect(page.locator('.view-pane:not([hidden])').locator(ready).first(), where).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page, where);
}

async function walk(page: Page, role: Role, lang: Lang) {
  const pages = await menuPages(page);
  await open(page, '/dashboard');
  await useLanguage(page, lang);
  await expect(page.locator('.shell-main')).toBeVisible();
  const scans = SCANS[role];
  const home = { full: '/dashboard', component: 'dashboard', metaTitle: 'Dashboard', metaTitleZh: '首页' };
  for (const p of [home, ...pages]) {
    const where = `${role} ${lang} ${p.full}`;
    const title = lang === 'zh' ? p.metaTitleZh : p.metaTitle;
    await go(page, { path: p.full, title, upcoming: p === home ? null : !built.has(p.component) }, where);
    if (scans[p.full]) await scan(page, scans[p.full], where);
  }
  // Screens outside the menu (the staff inbox, behind the bell) are scanned too.
  for (const [path, ready] of Object.entries(scans)) {
    if (path === home.full || pages.some((p) => p.full === path)) continue;
    await go(page, { path, title: '', upcoming: false }, `${role} ${lang} ${path}`);
    await scan(page, ready, `${role} ${lang} ${path}`);
  }
  await useLanguage(page, 'en');
}

// The walks are the longest tests (about three minutes in all) and independent of each other: they
// spread over the workers instead of running one after another in the worker that picks this file
// last (files are taken in name order), which left the other worker idle at the end.
test.describe.configure({ mode: 'parallel' });

for (const [role, langs] of [
  ['admin', ['en', 'zh']],
  ['academic', ['en']],
  ['teacher', ['en']],
  ['student', ['zh']],
] as const) {
  for (const lang of langs) {
    test.describe(`${role} (${lang})`, () => {
      test.use({ role });
      test(`${role}: every menu page opens inside the shell, in ${lang === 'en' ? 'English' : 'Chinese'}`, async ({
        page,
      }) => {
        test.setTimeout(300_000);
        await walk(page, role, lang);
      });
    });
  }
}
