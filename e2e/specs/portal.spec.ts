import type { Page, Response } from '@playwright/test';
import { clickMenu, expect, open, test, useLanguage } from './fixtures';

// A student's home is a portal: what is due, latest results and messages, each card saying what will
// appear in it; every screen of My study is open.

const cards = {
  en: [
    // The demo keeps a practice exam open for every student.
    ['exams', 'Exams due', 'Calculus practice (open now) 微积分练习（进行中）'],
    // ... and Week 3 homework for the demo class, and a marked homework of `student`'s own.
    ['homework', 'Homework due', 'Week 3 homework 第三周作业'],
    ['results', 'Latest results', 'Derivatives warm-up 导数热身'],
    // ... and the office's notice to every student and the teacher's note to the class.
    ['messages', 'Messages', 'End-of-term exam timetable 期末考试安排'],
  ],
  zh: [
    ['exams', '待参加的考试', 'Calculus practice (open now) 微积分练习（进行中）'],
    ['homework', '待完成的作业', 'Week 3 homework 第三周作业'],
    ['results', '最新成绩', 'Derivatives warm-up 导数热身'],
    ['messages', '消息', 'End-of-term exam timetable 期末考试安排'],
  ],
} as const;

async function expectCards(page: Page, lang: keyof typeof cards) {
  for (const [id, title, empty] of cards[lang]) {
    const card = page.getByTestId(`portal-${id}`);
    // A card with items counts them in a badge beside its title.
    await expect(card.locator('.ant-card-head-title'), id).toContainText(title);
    await expect(card, id).toContainText(empty);
  }
}

test.describe('student portal', () => {
  test.use({ role: 'student' });

  test('a student lands on the portal, not on the staff figures', async ({ page }) => {
    const refused: string[] = [];
    const watch = (res: Response) => {
      if (res.url().includes('/api/dashboard/summary')) refused.push(res.url());
    };
    page.on('response', watch);
    // The whole app loads afresh at the dashboard, as after signing in.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Sam Student' })).toBeVisible();
    const hero = page.locator('.portal-hero');
    await expect(hero).toContainText('Demo Academy');
    await expect(hero).toContainText('Computer Science');
    await expectCards(page, 'en');
    await expect(page.getByText(/back office/i)).toHaveCount(0);
    // No login chart, and the staff figures are never asked for.
    await expect(page.locator('canvas')).toHaveCount(0);
    expect(refused).toEqual([]);
    page.off('response', watch);

    // "My exams" is the student's page for exams: the card leads there.
    await page.getByTestId('portal-exams').getByRole('link', { name: 'Go to My exams' }).click();
    await expect(page).toHaveURL(/\/study\/exam$/);
    await page.getByTestId('tab-/dashboard').click();
    const account = page.getByTestId('portal-account');
    await account.getByRole('link', { name: /Change password/ }).click();
    await expect(page).toHaveURL(/\/profile\/editPassword$/);
    await page.getByTestId('tab-/dashboard').click();
    await account.getByRole('link', { name: /My profile/ }).click();
    await expect(page).toHaveURL(/\/profile\/index$/);
  });

  test('the portal in Chinese', async ({ page }) => {
    await open(page, '/dashboard');
    await useLanguage(page, 'zh');
    await expect(page.getByRole('heading', { name: '欢迎，Sam Student' })).toBeVisible();
    await expectCards(page, 'zh');
    await expect(page.getByText('管理后台')).toHaveCount(0);
    await expect(page.getByTestId('portal-account')).toContainText('修改密码');

    await clickMenu(page, '我的学习', '我的课程');
    await expect(page).toHaveURL(/\/study\/course$/);
    await expect(page.getByRole('button', { name: '选课' })).toBeVisible();
    await useLanguage(page, 'en');
  });

  test('every screen of My study is open: none is badged, and each opens inside the shell', async ({ page }) => {
    await open(page, '/dashboard');
    const sidebar = page.locator('.sidebar');
    const area = sidebar.locator('.ant-menu-submenu-title', { hasText: 'My study' });
    if ((await area.getAttribute('aria-expanded')) !== 'true') await area.click();
    for (const name of ['My exams', 'My homework', 'My grades', 'My courses', 'Knowledge base', 'My messages']) {
      await expect(sidebar.getByRole('menuitem', { name, exact: true })).toBeVisible();
    }
    await expect(sidebar.locator('.menu-soon')).toHaveCount(0);
    await sidebar.getByRole('menuitem', { name: 'My courses', exact: true }).click();
    await expect(page).toHaveURL(/\/study\/course$/);
    await expect(page.getByRole('button', { name: 'Find a course' })).toBeVisible();
    // Still inside the shell: the sidebar and the tabs stay.
    await expect(sidebar).toBeVisible();
    await expect(page.getByTestId('tab-/study/course')).toBeVisible();
    await expect(page.getByTestId('tab-/dashboard')).toBeVisible();
  });
});

test.describe("a teacher's home", () => {
  test.use({ role: 'teacher' });

  // Issue 36, item 9: their work, not the organisation's figures.
  test('is their work: answers to mark open the marking, today’s exams their monitor; no organisation figures', async ({
    page,
  }) => {
    await open(page, '/dashboard');
    const marking = page.getByTestId('work-marking');
    await expect(marking).toContainText('Answers to mark');
    await expect(page.getByTestId('work-today')).toContainText('Calculus practice');
    await expect(page.getByTestId('work-messages')).toBeVisible();
    await expect(page.getByText('Logins over the last 30 days')).toHaveCount(0);
    await marking.getByRole('link', { name: /Calculus quiz 3/ }).click();
    await expect(page).toHaveURL(/\/answer\/list\?examId=\d+$/);
    await expect(page.locator('.view-pane:not([hidden])')).toContainText('Markers’ progress');
  });
});

test.describe('staff home', () => {
  test.use({ role: 'admin' });

  test('staff keep the figures, and built screens carry no badge', async ({ page }) => {
    await open(page, '/dashboard');
    await expect(page.getByText('Logins over the last 30 days')).toBeVisible();
    await expect(page.getByTestId('portal-exams')).toHaveCount(0);
    const sidebar = page.locator('.sidebar');
    for (const area of ['Users', 'Base data', 'Teaching']) {
      const title = sidebar.locator('.ant-menu-submenu-title', { hasText: area }).first();
      if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    }
    await expect(sidebar.getByRole('menuitem', { name: 'Roles', exact: true })).toBeVisible();
    await expect(sidebar.getByRole('menuitem', { name: 'Course learning', exact: true })).toBeVisible();
    await expect(sidebar.getByRole('menuitem', { name: 'Live classes', exact: true })).toBeVisible();
    await expect(sidebar.getByRole('menuitem', { name: 'Academic affairs', exact: true })).toBeVisible();
    await expect(sidebar.locator('.menu-soon')).toHaveCount(0);
    await expect(sidebar.getByRole('menuitem', { name: 'Degrees', exact: true })).toBeVisible();
  });
});
