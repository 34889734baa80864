import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { DEMO_PASSWORD } from './helpers';

// axe-core (WCAG 2.1 A and AA rules) on the login page, the dashboard, System › Users, the question
// list and the single-choice editor, in both languages: no critical or serious violation. No rule is
// turned off. Each page is checked once its data has drawn (rows, statistics, option rows), so the
// table's measure row, the tags, switches and links are part of what is checked. Under load axe takes
// up to half a minute on a list page, and a lazily loaded view may take as long to draw.
const texts = {
  en: { user: 'User name', password: 'Password', logIn: 'Log in', editor: 'New question · Single choice' },
  'zh-CN': { user: '用户名', password: '密码', logIn: '登 录', editor: '新建单选题' },
} as const;

type Lang = keyof typeof texts;

async function openLogin(page: Page, lang: Lang): Promise<void> {
  if (lang === 'zh-CN') await page.addInitScript(() => localStorage.setItem('lyceum.lang', 'zh-CN'));
  await page.goto('/demo/login');
  await expect(page.getByRole('button', { name: texts[lang].logIn })).toBeVisible();
}

async function logIn(page: Page, lang: Lang): Promise<void> {
  await page.getByLabel(texts[lang].user).fill('admin');
  await page.getByLabel(texts[lang].password).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: texts[lang].logIn }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

for (const lang of Object.keys(texts) as Lang[]) {
  test.describe(`accessibility (${lang})`, () => {
    test.describe.configure({ timeout: 240_000 });

    test('login page', async ({ page }) => {
      await openLogin(page, lang);
      await expectNoSeriousA11yViolations(page, `the login page (${lang})`);
    });

    // One test a page, each with its own time: under load one axe run may take half a minute.
    test('dashboard', async ({ page }) => {
      await openLogin(page, lang);
      await logIn(page, lang);
      await expect(page.locator('.ant-statistic').first()).toBeVisible({ timeout: 90_000 });
      await expectNoSeriousA11yViolations(page, `the dashboard (${lang})`);
    });

    test('System › Users', async ({ page }) => {
      await openLogin(page, lang);
      await logIn(page, lang);
      await page.goto('/user/index');
      await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 90_000 });
      await expectNoSeriousA11yViolations(page, `System › Users (${lang})`);
    });

    test('question list', async ({ page }) => {
      await openLogin(page, lang);
      await logIn(page, lang);
      await page.goto('/question/list');
      await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 90_000 });
      await expectNoSeriousA11yViolations(page, `the question list (${lang})`);
    });

    test('single-choice editor', async ({ page }) => {
      await openLogin(page, lang);
      await logIn(page, lang);
      await page.goto('/question/single/choice');
      await expect(page.getByRole('heading', { name: texts[lang].editor })).toBeVisible({ timeout: 90_000 });
      await expect(page.locator('.q-option-row').first()).toBeVisible();
      // The editor's tab is closable: its close mark sits inside the tab, so the tab list holds tabs only.
      await expect(page.getByRole('tab')).toHaveCount(2);
      await expect(page.locator('.tabs-bar-close')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, `the single-choice editor (${lang})`);
    });
  });
}

test.describe('accessibility at 800 px', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the menu drawer over the users list', async ({ page }) => {
    test.setTimeout(180_000);
    await openLogin(page, 'en');
    await logIn(page, 'en');
    await page.goto('/user/index');
    await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Show or hide the menu' }).click();
    await expect(page.locator('.ant-drawer .sidebar')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the menu drawer at 800 px');
  });
});

// One screen as one of the demo users, scanned once its data has drawn.
async function scanAs(page: Page, who: string, path: string, ready: string, what: string): Promise<void> {
  await page.goto('/demo/login');
  await page.getByLabel('User name').fill(who);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(path);
  await expect(page.locator(ready).first()).toBeVisible({ timeout: 90_000 });
  await expectNoSeriousA11yViolations(page, what);
}

// Tasks & homework: the teacher's task list and the student's My homework (demo data: Week 3 homework).
test.describe('accessibility of tasks and homework', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const [who, path, ready, what] of [
    ['teacher', '/task/index', '.ant-table-row', 'the task list'],
    ['student', '/study/homework', '.ant-card', 'My homework'],
  ] as const) {
    test(what, ({ page }) => scanAs(page, who, path, ready, what));
  }
});

// Messages: the teacher's list and their inbox, the student's My messages (demo data: the office's
// notice every student must confirm, so the prompt is open over it and is checked too).
test.describe('accessibility of messages', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const [who, path, ready, what] of [
    ['teacher', '/message/index', '.ant-table-row', 'the message list'],
    ['teacher', '/profile/messages', '.inbox-line', 'the staff inbox'],
    ['student', '/study/message', '.inbox-line', 'My messages with the prompt to confirm'],
  ] as const) {
    test(what, ({ page }) => scanAs(page, who, path, ready, what));
  }
});
