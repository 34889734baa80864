import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, open, test, withToast } from './fixtures';
import { api, apiLogin, chooseOption, createTeacherUser, uniqueName } from './helpers';

// Teaching management (issue 31) in the browser: the office builds a class's week on the real
// screens and meets the clash engine twice. Two assignments of one class in one period are refused
// by the check (the class is taken), the second moves to another period and both generate; on the
// week grid, moving a lesson onto the other's time is refused under the time, naming the lesson in
// the way, and moving it to a free period succeeds. The class, its teachers and its room are made
// for the test, so whatever the demo has booked is never in the way.

test.describe.configure({ timeout: 120_000 });
test.use({ role: 'admin' });

interface Setup {
  className: string;
  // A room for each assignment: only the class is shared.
  venues: [string, string];
  teachers: [string, string];
}

async function setUp(page: Page): Promise<Setup> {
  const request = page.context().request;
  const teachers: [string, string] = [
    await createTeacherUser(request, 'demo-pass-2026', 'e2ett'),
    await createTeacherUser(request, 'demo-pass-2026', 'e2ett'),
  ];
  await apiLogin(request, 'admin');
  const className = uniqueName('E2E timetable class ');
  const team = await api(request, 'POST', '/api/team/create', { id: null, name: className, gradeYear: 2025 });
  expect(team.code, team.message).toBe(1);
  const venues: [string, string] = [uniqueName('E2E room '), uniqueName('E2E room ')];
  for (const name of venues) {
    const venue = await api(request, 'POST', '/api/teachVenue/create', { id: null, name, capacity: 30 });
    expect(venue.code, venue.message).toBe(1);
  }
  return { className, venues, teachers };
}

// The Wednesday of next week ('YYYY-MM-DD'): lessons from today on are generated, and a week ahead
// none of them has started, so each can still change.
function nextWednesday(): string {
  const d = new Date();
  const monday = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7) + 7));
  return new Date(monday.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
}

// A picker that searches as one types (the teachers), or filters its list (classes, rooms).
async function pick(page: Page, select: Locator, typed: string) {
  await select.click();
  await page.keyboard.type(typed);
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.locator('.ant-select-item-option', { hasText: typed }).first().click();
  await expect(dropdown).toHaveCount(0);
}

async function newAssignment(page: Page, s: Setup, subject: string, which: 0 | 1, period: string) {
  await page.getByRole('button', { name: 'New assignment' }).click();
  const drawer = page.locator('.ant-drawer-open');
  await drawer.getByLabel('Subject').fill(subject);
  await pick(page, drawer.getByLabel('Class', { exact: true }), s.className);
  await pick(page, drawer.getByLabel('Venue', { exact: true }), s.venues[which]);
  await pick(page, drawer.getByLabel('Teacher', { exact: true }), s.teachers[which]);
  await drawer.getByLabel('Periods a week').fill('1');
  await drawer.getByRole('button', { name: 'Add slot' }).click();
  const slot = drawer.locator('.tt-slot').last();
  await chooseOption(page, slot.getByLabel(/^Weekday/), 'Wednesday');
  await chooseOption(page, slot.getByLabel(/^From period/), `${period} ·`);
  await expect(drawer.getByTestId('scheduled-per-week')).toHaveText('Slots schedule 1 of 1 periods a week');
  return drawer;
}

test('the office builds a class’s week, meets a clash twice and resolves it', async ({ page }) => {
  const s = await setUp(page);
  const algebra = uniqueName('Algebra ');
  const physics = uniqueName('Physics ');
  await open(page, '/teaching/management?tab=assignments');

  // The first assignment: Wednesday, period 2.
  let drawer = await newAssignment(page, s, algebra, 0, '2');
  await withToast(page, /^Assignment saved/, () => drawer.getByRole('button', { name: 'Save' }).click());

  // The second in the same period: the check names the class taken by the first assignment's lessons.
  drawer = await newAssignment(page, s, physics, 1, '2');
  await drawer.getByRole('button', { name: 'Check clashes' }).click();
  const clashes = drawer.locator('.tt-clashes .ant-table-row');
  await expect(clashes.first()).toContainText('Class');
  await expect(clashes.first()).toContainText(algebra);
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, 'the assignment editor listing clashes');
  // Period 3 is free: no clashes, and it saves.
  await chooseOption(
    page,
    drawer
      .locator('.tt-slot')
      .last()
      .getByLabel(/^From period/),
    '3 ·',
  );
  await drawer.getByRole('button', { name: 'Check clashes' }).click();
  await expect(drawer.getByText(/^No clashes: generating would make \d+ lessons?\.$/)).toBeVisible();
  await withToast(page, /^Assignment saved/, () => drawer.getByRole('button', { name: 'Save' }).click());

  // Generating the semester makes the lessons (the demo's own assignments, if any, stay as they are).
  await page.getByRole('button', { name: 'Generate' }).click();
  const dialog = page.getByRole('dialog', { name: /^Generate the lessons of / });
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByTestId('generate-result')).toBeVisible({ timeout: 60_000 });
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  // The class's week: moving Physics onto Algebra's period is refused under the time.
  const wednesday = nextWednesday();
  await open(page, '/teaching/management');
  await pick(page, page.getByRole('combobox', { name: 'Class' }), s.className);
  await page.getByRole('textbox', { name: 'Go to the week of a day' }).fill(wednesday);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: new RegExp(`^${physics}, Lesson`) }).click();
  const lesson = page.locator('.ant-drawer-open');
  await expect(lesson.getByText('Scheduled')).toBeVisible();
  await lesson.getByRole('button', { name: 'Move' }).click();
  const move = page.getByRole('dialog', { name: /^Move / });
  await chooseOption(page, move.getByLabel('From period'), '2 ·');
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move.locator('.ant-form-item-explain-error')).toContainText(
    `Class: clashes with the lesson «${algebra}`,
  );

  // Period 4 is free: the lesson moves, the class and its teachers are told.
  await chooseOption(page, move.getByLabel('From period'), '4 ·');
  await withToast(page, 'Lesson moved. The class and its teachers were notified.', () =>
    move.getByRole('button', { name: 'Move' }).click(),
  );
  await expect(lesson.getByText('Moved', { exact: true })).toBeVisible();
  await expect(lesson.getByText(new RegExp(`^${wednesday} · Wednesday · \\d\\d:\\d\\d–`))).toHaveCount(2);
});
