import type { Page } from '@playwright/test';
import { type FakeBbb, startFakeBbb } from '../../apps/server/test/support/fake-bbb';
import { contextAs, expect, test, withToast } from './fixtures';
import { api, createTeacherUser, uniqueName } from './helpers';

// Live classes (issue 32) in the browser, on the fake BigBlueButton the API tests use (a real HTTP
// server on a local port, set as the organisation's default server):
// - a new teacher, class teacher of a new class holding `student` (so no timetable lesson is in the
//   way), schedules a live class in the editor, publishes it and opens the meeting as moderator;
// - the student sees it on the home page and joins: the new tab goes to the configured server's
//   join address carrying the student's own id, as a viewer;
// - the server posts its meeting-end report; the teacher sees the student's minutes and status.

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Live-e2e-pass-2026';
const TITLE = uniqueName('Live e2e ');
let fake: FakeBbb;
let teacherName = '';
const ids = { teacher: 0, student: 0 };

async function userId(request: Parameters<typeof api>[0], userName: string): Promise<number> {
  const page = await api<{ list: { id: number; userName: string }[] }>(request, 'POST', '/api/user/page', {
    pageIndex: 1,
    pageSize: 10,
    keyword: userName,
  });
  const found = page.response.list.find((u) => u.userName === userName);
  expect(found, `user ${userName}`).toBeTruthy();
  return found?.id ?? 0;
}

// The local time a minute from now as the browser's date-time inputs take it.
const soon = (page: Page) =>
  page.evaluate(() => {
    const d = new Date(Date.now() + 60_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
  });

// Clicks `button` and returns the tab it opens once that tab has reached the fake server.
async function joinedTab(page: Page, click: () => Promise<unknown>): Promise<Page> {
  const opened = page.waitForEvent('popup');
  await click();
  const tab = await opened;
  await tab.waitForURL((url) => url.origin === fake.origin, { timeout: 30_000 });
  return tab;
}

test.beforeAll(async ({ request }) => {
  fake = await startFakeBbb();
  teacherName = await createTeacherUser(request, PASSWORD, 'live');
  ids.teacher = await userId(request, teacherName);
  ids.student = await userId(request, 'student');
  const team = await api<{ id: number }>(request, 'POST', '/api/team/create', {
    id: null,
    name: `${TITLE} class`,
    gradeYear: 2026,
    classTeacherId: ids.teacher,
    members: [{ userId: ids.student }],
  });
  expect(team.code, team.message).toBe(1);
  const server = await api(request, 'POST', '/api/liveProvider/create', {
    name: uniqueName('Fake BBB '),
    url: fake.url,
    secret: fake.secret,
    isDefault: true,
  });
  expect(server.code, server.message).toBe(1);
});

test.afterAll(async () => {
  await fake?.close();
});

test('a teacher schedules a live class, the student joins it with their own id, the report follows', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const teacher = await (await contextAs(browser, teacherName, { password: PASSWORD })).newPage();
  await teacher.goto('/teaching/liveClass');
  await teacher.getByRole('button', { name: 'New live class' }).click();
  const drawer = teacher.getByRole('dialog');
  await drawer.getByLabel('Title').fill(TITLE);
  await drawer.getByLabel('Classes').click();
  await teacher.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `${TITLE} class` }).click();
  await teacher.keyboard.press('Escape');
  await drawer.getByLabel('Starts').fill(await soon(teacher));
  await drawer.getByLabel('Starts').press('Tab');
  await withToast(teacher, /Saved as a draft/, () => drawer.getByLabel('Title').press('Control+Enter'));

  const row = teacher.locator('.ant-table-row', { hasText: TITLE });
  await row.getByRole('button', { name: /^Publish / }).click();
  await withToast(teacher, /Published/, () =>
    teacher.locator('.ant-modal-confirm').getByRole('button', { name: 'Publish' }).click(),
  );
  // The teacher opens the meeting: a moderator, under their own id.
  const teacherTab = await joinedTab(teacher, () => row.getByRole('button', { name: /^Join as moderator/ }).click());
  const joins = () => fake.calls.filter((c) => c.call === 'join' && c.returncode === 'SUCCESS');
  expect(joins().some((c) => c.params.userID === String(ids.teacher) && c.params.role === 'MODERATOR')).toBe(true);
  await teacherTab.close();

  // The student finds it on the home page and joins as a viewer, as themselves.
  const student = await (await contextAs(browser, 'student')).newPage();
  await student.goto('/dashboard');
  const join = student.getByRole('button', { name: `Join ${TITLE}` });
  await expect(join).toBeEnabled();
  const studentTab = await joinedTab(student, () => join.click());
  const mine = joins().find((c) => c.params.userID === String(ids.student));
  expect(mine?.params.role).toBe('VIEWER');
  expect(mine?.params.meetingID).toMatch(/^lyc-\d+-[0-9a-f]{32}$/);
  await studentTab.close();
  await student.context().close();

  // The server reports the meeting's end to Lyceum (the address it was created with): the
  // student stayed 40 of the 45 minutes.
  const meeting = [...fake.meetings.values()].find((m) => m.name === TITLE);
  expect(meeting, 'the meeting was created on the server').toBeTruthy();
  const report = await fake.analyticsCallback(meeting?.meetingId ?? '', {
    attendees: [
      { userId: ids.teacher, minutes: 45, moderator: true },
      { userId: ids.student, minutes: 40 },
    ],
  });
  const delivered = await fake.deliver(report);
  expect(delivered.status).toBe(200);
  expect(delivered.json).toMatchObject({ code: 1, response: { processed: true } });

  await teacher.reload();
  await teacher
    .locator('.ant-table-row', { hasText: TITLE })
    .getByRole('button', { name: /^Report / })
    .click();
  const people = teacher.getByTestId('live-participants');
  const sam = people.locator('tr', { hasText: 'Sam Student' });
  await expect(sam).toContainText('40');
  await expect(sam).toContainText('Present');
  await teacher.context().close();
});
