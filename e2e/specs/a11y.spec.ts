import { type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, pageAs } from './fixtures';

// axe-core (WCAG 2.1 A and AA rules): no critical or serious violation, no rule turned off. The
// screens behind the login are scanned during the page walk (walk.spec.ts), the menu drawer at
// 800 px in mobile.spec.ts and the exam pages in their specs; here the login page in both languages
// and the prompt of messages to confirm, which greets a student who signs in.
const texts = {
  en: { logIn: 'Log in' },
  'zh-CN': { logIn: '登 录' },
} as const;

async function openLogin(page: Page, lang: keyof typeof texts): Promise<void> {
  if (lang === 'zh-CN') await page.addInitScript(() => localStorage.setItem('lyceum.lang', 'zh-CN'));
  await page.goto('/demo/login');
  await expect(page.getByRole('button', { name: texts[lang].logIn })).toBeVisible();
}

for (const lang of Object.keys(texts) as (keyof typeof texts)[]) {
  test(`the login page (${lang})`, async ({ page }) => {
    await openLogin(page, lang);
    await expectNoSeriousA11yViolations(page, `the login page (${lang})`);
  });
}

// The demo's notice every student must confirm: the prompt is open over My messages and is checked too.
test('My messages with the prompt to confirm', async ({ browser }) => {
  const page = await pageAs(browser, 'student', '/study/message', { keepPrompt: true });
  await expect(page.locator('.inbox-line').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: /Please read and confirm/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'My messages with the prompt to confirm');
  await page.context().close();
});
