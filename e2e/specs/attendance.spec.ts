import type { Locator } from '@playwright/test';
import { expect, open, test, withToast } from './fixtures';
import { uniqueName } from './helpers';

// Attendance and leave (issue 31) in the browser, on the demo's timetable (seed/timetable.ts and
// seed/attendance.ts: a week taken, an extra lesson started today and not taken yet):
// - a teacher takes the lesson of today on an 800 px screen, marking one student absent;
// - the student sees their week and asks for leave; the office approves it.

test.describe.configure({ mode: 'serial' });

async function fillMoment(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue(text);
}
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const REASON = uniqueName('Family visit');

test.describe('the teacher, on a phone-sized screen', () => {
  test.use({ role: 'teacher', viewport: { width: 800, height: 900 } });

  test('takes the lesson that has started today: everyone present but one absent', async ({ page }) => {
    await open(page, '/teaching/attendance');
    const take = page.getByRole('button', { name: /^Take attendance of / }).first();
    await expect(take).toBeVisible();
    await take.click();
    await expect(page).toHaveURL(/\/teaching\/attendanceTake\?/);
    const rows = page.getByRole('radiogroup', { name: /^Status of / });
    await expect(rows.first()).toBeVisible();
    // Everyone starts present; one tap marks the second student absent, and the first take saves all.
    const second = rows.nth(1);
    await second.getByText('Absent', { exact: true }).click();
    await expect(page.getByText(/1 Absent/)).toBeVisible();
    await withToast(page, /^Saved: \d+ marks? changed$/, () => page.getByRole('button', { name: /Save$/ }).click());
    // The lesson now shows as taken on the day's list.
    await open(page, '/teaching/attendance');
    await expect(page.getByText(/Taken by/).first()).toBeVisible();
  });
});

test.describe('the student', () => {
  test.use({ role: 'student' });

  test('sees the week of lessons and asks for leave', async ({ page }) => {
    await open(page, '/study/timetable');
    await expect(page.getByText(/Programming/).first()).toBeVisible();
    await open(page, '/study/attendance');
    await page.getByRole('button', { name: 'Request leave' }).click();
    const drawer = page.getByRole('dialog', { name: 'Request leave' });
    await fillMoment(drawer.getByLabel('From'), `${day(9)} 08:00`);
    await fillMoment(drawer.getByLabel('Until'), `${day(9)} 17:00`);
    await drawer.getByLabel('Reason').fill(REASON);
    await withToast(page, /Your request is sent/, () => drawer.getByRole('button', { name: 'Save' }).click());
    await expect(page.getByText(REASON)).toBeVisible();
  });
});

test.describe('the office', () => {
  test.use({ role: 'admin' });

  test('approves the leave request', async ({ page }) => {
    await open(page, '/teaching/attendance');
    await page.getByRole('tab', { name: 'Leave requests' }).click();
    const row = page.locator('tr', { hasText: REASON });
    await row.getByRole('button', { name: 'Open the request of Sam Student' }).click();
    const drawer = page.getByRole('dialog', { name: 'Leave request of Sam Student' });
    await drawer.getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve the leave of Sam Student?' });
    await withToast(page, 'The leave of Sam Student is approved', () =>
      confirm.getByRole('button', { name: 'Approve' }).click(),
    );
  });
});
