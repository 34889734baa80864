import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = process.env.LYCEUM_DEMO_PASSWORD ?? 'demo-pass-2026';
const AJAX = { 'X-Requested-With': 'XMLHttpRequest' };

// Logs in through the organisation's login page, as a person would. Messages that must be confirmed
// greet the user in a window after sign-in; unless `keepPrompt`, it is put off ("Later") as soon as
// the top bar's unread summary says it will come, so screens under test are not covered.
export async function loginAs(
  page: Page,
  userName: string,
  password = DEMO_PASSWORD,
  domain = 'demo',
  opts: { keepPrompt?: boolean } = {},
): Promise<void> {
  await page.goto(`/${domain}/login`);
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password').fill(password);
  const unread = page.waitForResponse((res) => res.url().includes('/api/message/unread'), { timeout: 60_000 });
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  if (opts.keepPrompt) return;
  const summary = (await (await unread).json()) as Envelope<{ needRead: unknown[] } | null>;
  if (summary.response?.needRead.length) await page.getByTestId('need-read-later').click({ timeout: 60_000 });
}

interface Envelope<T> {
  code: number;
  message: string;
  response: T;
}

// API calls for test set-up, with their own cookie jar (not the page's).
export async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
): Promise<Envelope<T>> {
  const res = await request.fetch(url, { method, data: data ?? (method === 'POST' ? {} : undefined), headers: AJAX });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as Envelope<T>;
}

export async function apiLogin(
  request: APIRequestContext,
  userName: string,
  password = DEMO_PASSWORD,
  domain = 'demo',
) {
  const env = await api<{ token: string }>(request, 'POST', '/api/user/login', { userName, password, domain });
  expect(env.code, env.message).toBe(1);
  return env.response.token;
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

// Creates a user with the demo organisation's teacher role through the admin API and returns its name.
export async function createTeacherUser(request: APIRequestContext, password: string, prefix = 'e2e'): Promise<string> {
  await apiLogin(request, 'admin');
  const roles = await api<{ id: number; kind: number }[]>(request, 'POST', '/api/role/list');
  const teacherRole = roles.response.find((r) => r.kind === 3);
  expect(teacherRole, 'a teacher role exists').toBeTruthy();
  const userName = uniqueName(prefix);
  const created = await api(request, 'POST', '/api/user/create', {
    id: null,
    userName,
    realName: `E2E ${userName}`,
    password,
    roleIds: [teacherRole?.id],
  });
  expect(created.code, created.message).toBe(1);
  return userName;
}

// Picks an option of an antd multiple select and waits until it shows as chosen; under load the
// drop-down may still be moving when the option is clicked, so the pick is tried again (never
// twice once it has taken, which would take it away again).
export async function pickOption(page: Page, scope: Locator, select: Locator, option: string): Promise<void> {
  const chosen = scope.locator('.ant-select-selection-item', { hasText: option });
  await expect(async () => {
    if (await chosen.count()) return;
    await select.click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText(option, { exact: false })
      .first()
      .click({ timeout: 3000 });
    await expect(chosen).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

// Picks one option of a single-value antd Select by its text.
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
  await expect(dropdown).toHaveCount(0);
}
