import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

// The browser tests' fixtures (docs/architecture.md, "Tests"):
// - Each built-in demo role logs in once per run through the login page (auth.setup.ts); its cookies
//   and local storage are saved and every test of that role starts from them.
// - A test that declares `test.use({ role })` gets that role's page, kept open across the tests of
//   a worker: the app boots once, and `open(page, path)` moves inside it as a menu click does,
//   instead of reloading it for every test.
// - A page left in a state the next test cannot start from (a dialog open, another language, outside
//   the shell, a failed test) is closed after the test; the next test of the role opens a new one.
// Tests without a role get Playwright's own fresh page, as before.

export type Role = 'admin' | 'academic' | 'teacher' | 'student';
export const ROLES: readonly Role[] = ['admin', 'academic', 'teacher', 'student'];

const AUTH_DIR = fileURLToPath(new URL('../.auth/', import.meta.url));
export const authFile = (role: Role) => `${AUTH_DIR}${role}.json`;

// "Later" on the prompt for messages to confirm, for this login (the web keeps it in sessionStorage
// under the session's token): the screens under test are not covered by it.
function putOffNeedRead() {
  const token = /(?:^|; )token=([^;]*)/.exec(document.cookie)?.[1];
  if (token) sessionStorage.setItem('lyceum.needReadLater', decodeURIComponent(token));
}

interface Kept {
  context: BrowserContext;
  page: Page | null;
}

const DEFAULT_LANG = 'en';

// Tests of a role: `test.use({ role: 'admin' })` in the file or a describe. A test without a role
// gets a fresh page of its own (logged out); pages of users a test makes come from contextAs/pageAs.
export const test = base.extend<{ role: Role | null }, { kept: Map<Role, Kept> }>({
  role: [null, { option: true }],
  kept: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const kept = new Map<Role, Kept>();
      await use(kept);
      for (const k of kept.values()) await k.context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ role, kept, browser, baseURL, viewport, locale, reducedMotion }, use, testInfo) => {
    if (!role) {
      // No role: a fresh page in a context of its own, as Playwright's own fixture gives.
      const context = await browser.newContext({ baseURL, viewport, locale, reducedMotion });
      await use(await context.newPage());
      await context.close();
      return;
    }
    let k = kept.get(role);
    if (!k) {
      const state = authFile(role);
      if (!existsSync(state)) throw new Error(`${state} is missing: the setup project logs the roles in first`);
      const context = await browser.newContext({
        baseURL,
        locale: 'en-GB',
        reducedMotion: 'reduce',
        viewport: DESKTOP,
        storageState: state,
      });
      await context.addInitScript(putOffNeedRead);
      k = { context, page: null };
      kept.set(role, k);
    }
    if (!k.page || k.page.isClosed()) k.page = await k.context.newPage();
    const page = k.page;
    const size = viewport ?? DESKTOP;
    const current = page.viewportSize();
    if (current?.width !== size.width || current?.height !== size.height) await page.setViewportSize(size);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus || !(await reusable(page))) {
      await page.close();
      k.page = null;
    } else if (size.width !== DESKTOP.width || size.height !== DESKTOP.height) await page.setViewportSize(DESKTOP);
  },
});

export { expect };

const DESKTOP = { width: 1440, height: 900 };

// Whether the next test can start from this page: inside the shell, in English, nothing open over it.
async function reusable(page: Page): Promise<boolean> {
  if (page.isClosed() || !(await page.locator('.shell-main').count())) return false;
  return page.evaluate(
    (lang) =>
      (localStorage.getItem('lyceum.lang') ?? lang) === lang &&
      !document.querySelector('.ant-modal-wrap:not([style*="display: none"]), .ant-drawer-open, .ant-image-preview'),
    DEFAULT_LANG,
  );
}

// Opens a page of the app as a menu click does: inside the running app when it is running (the tabs
// earlier tests left are closed first, so the view starts fresh, unless `keepTabs`), by loading it otherwise.
export async function open(page: Page, path: string, opts: { keepTabs?: boolean } = {}): Promise<void> {
  if (!(await page.locator('.shell-main').count())) {
    await page.goto(path);
    return;
  }
  const tabs = page.locator('[data-testid^="tab-/"]');
  if (!opts.keepTabs && (await tabs.count()) > 1) {
    // With many tabs the dashboard's may sit outside the bar: selecting it brings it into view.
    const home = page.getByTestId('tab-/dashboard');
    await home.dispatchEvent('click');
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    // Under load a right-click can land while the tab bar is still laying out and open no menu
    // (seen once in CI): the click is made again until the menu's entry answers.
    await expect(async () => {
      await home.click({ button: 'right' });
      await page.getByRole('menuitem', { name: /^(Close all|关闭所有)$/ }).click({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(tabs).toHaveCount(1);
  }
  // What no open screen shows is dropped, so the screen opened next reads the server afresh.
  await page.evaluate(() => (window as Window & { lyceumForgetInactive?: () => void }).lyceumForgetInactive?.());
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const target = new URL(path, 'http://x');
  await expect(page).toHaveURL((url) => url.pathname === target.pathname && url.search === target.search);
}

export interface SignIn {
  password?: string;
  domain?: string;
  // Leave the prompt of messages to confirm as the web shows it after signing in.
  keepPrompt?: boolean;
  context?: BrowserContextOptions;
}

// A browser context logged in as any user (one a test made), without the login page: the API login
// sets the server's session cookie in the context's jar, and the web's own readable cookies and the
// organisation it keeps are written as the login page would (apps/web/src/shell/session.ts).
export async function contextAs(browser: Browser, userName: string, opts: SignIn = {}): Promise<BrowserContext> {
  const domain = opts.domain ?? 'demo';
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('baseURL is not set');
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', ...opts.context });
  const session = await loginThrough(context.request, domain, userName, opts.password ?? DEMO_PASSWORD);
  const expires = Math.floor(Date.now() / 1000) + 4 * 3600;
  await context.addCookies(
    (['token', 'userName', 'realName'] as const).map((name) => ({
      name,
      value: encodeURIComponent(session[name]),
      url: baseURL,
      expires,
      sameSite: 'Lax' as const,
    })),
  );
  const org = (await (await context.request.get(`/api/common/organization/${domain}`)).json()) as {
    response: unknown;
  };
  await context.addInitScript(
    (config) => {
      if (!localStorage.getItem('lyceum.organization')) localStorage.setItem('lyceum.organization', config);
    },
    JSON.stringify({ domain, organization: org.response }),
  );
  if (!opts.keepPrompt) await context.addInitScript(putOffNeedRead);
  return context;
}

// A page of its own for any user, opened at `path` (see contextAs); close it with page.context().close().
export async function pageAs(browser: Browser, userName: string, path: string, opts: SignIn = {}): Promise<Page> {
  const page = await (await contextAs(browser, userName, opts)).newPage();
  await page.goto(path);
  return page;
}

async function loginThrough(request: APIRequestContext, domain: string, userName: string, password: string) {
  const res = await request.post('/api/user/login', {
    data: { domain, userName, password },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const body = (await res.json()) as {
    code: number;
    message: string;
    response: { token: string; userName: string; realName: string };
  };
  expect(body.code, `login ${userName}: ${body.message}`).toBe(1);
  return body.response;
}

// Clicks an entry of the sidebar (or of `scope`, the drawer's menu), opening its area first unless
// it is open already: a kept page remembers which areas earlier tests opened.
export async function clickMenu(page: Page, area: string, entry: string, scope = page.locator('.sidebar')) {
  const title = scope.locator('.ant-menu-submenu-title', { hasText: area }).first();
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  await scope.getByRole('menuitem', { name: entry, exact: true }).click();
}

// Switches the app's language as the language menu does (stored, then the page reloads); a test that
// switches to Chinese switches back before it ends, or its kept page is closed after it.
export async function useLanguage(page: Page, lang: 'en' | 'zh'): Promise<void> {
  const stored = lang === 'zh' ? 'zh-CN' : 'en';
  if ((await page.evaluate(() => localStorage.getItem('lyceum.lang') ?? 'en')) === stored) return;
  await page.evaluate((l) => localStorage.setItem('lyceum.lang', l), stored);
  await page.reload();
}

// Runs an action that reports with a toast, watching for the toast from before the action starts: a
// toast stays three seconds, and on a loaded machine the action's click may take longer than that to
// return. A toast with the same words still showing from an earlier action is waited out first, so two
// never match at once and the one seen is this action's.
export async function withToast(page: Page, text: string | RegExp, action: () => Promise<unknown>): Promise<void> {
  const toast = page.locator('.ant-message').getByText(text);
  // A toast with the same words from an action just before is let go first: the one awaited is new.
  await expect(toast).toHaveCount(0, { timeout: 10_000 });
  const shown = expect(toast).toBeVisible({ timeout: 30_000 });
  try {
    await action();
  } catch (err) {
    shown.catch(() => undefined);
    throw err;
  }
  await shown;
}
