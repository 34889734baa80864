import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { api, apiLogin, DEMO_PASSWORD, loginAs, uniqueName } from './helpers';

// Exam monitoring (issue 13): staff publish an exam open now for one new student, the student enters
// it and switches screens (through the exam-taking API, as the exam page would), and the invigilator
// sees the switch on the live board and in the timeline, then collects the paper.

const PAPER = 'Calculus I — final practice 微积分期末练习';
const MINUTE = 60_000;

interface Row {
  id: number;
  name: string;
}

// The exam, created and published with the staff member's session: open since a few minutes ago,
// for two hours, with this one candidate, and no automatic collection after screen switches.
async function publishOpenExam(request: APIRequestContext, name: string, studentId: number): Promise<number> {
  const papers = await api<{ list: Row[] }>(request, 'POST', '/api/examPaper/page', {
    keyword: 'Calculus I',
    pageIndex: 1,
    pageSize: 20,
  });
  const paper = papers.response.list.find((p) => p.name === PAPER);
  expect(paper, 'the demo has a published paper').toBeTruthy();
  const created = await api<number | { id: number }>(request, 'POST', '/api/exam/create', {
    id: null,
    name,
    paperId: paper?.id,
    windowStart: new Date(Date.now() - 5 * MINUTE).toISOString(),
    windowEnd: new Date(Date.now() + 120 * MINUTE).toISOString(),
    durationMinutes: 60,
    virtualRoomId: 'E2E-MON',
    studentIds: [studentId],
    switchWarnAfter: 3,
    switchCollectAfter: null,
  });
  expect(created.code, created.message).toBe(1);
  const id = typeof created.response === 'number' ? created.response : created.response.id;
  const published = await api(request, 'POST', `/api/exam/publish/${id}`, { acceptWarnings: true });
  expect(published.code, published.message).toBe(1);
  return id;
}

// A student of their own: every demo student sits the demo's practice exam, open for a month, so an
// exam open now for one of them would not publish (a clash), and the demo's students stay as they are.
async function createStudent(request: APIRequestContext): Promise<{ id: number; userName: string; realName: string }> {
  const roles = await api<{ id: number; kind: number }[]>(request, 'POST', '/api/role/list');
  const studentRole = roles.response.find((r) => r.kind === 4);
  expect(studentRole, 'a student role exists').toBeTruthy();
  const userName = uniqueName('e2emon');
  const realName = `Monitor ${userName}`;
  const created = await api<number | { id: number }>(request, 'POST', '/api/user/create', {
    id: null,
    userName,
    realName,
    password: DEMO_PASSWORD,
    roleIds: [studentRole?.id],
  });
  expect(created.code, created.message).toBe(1);
  const id = typeof created.response === 'number' ? created.response : created.response.id;
  return { id, userName, realName };
}

test('the monitor shows a screen switch and a forced collection', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const name = uniqueName('Monitor E2E ');
  await loginAs(page, 'admin');
  const student = await createStudent(page.request);
  const examId = await publishOpenExam(page.request, name, student.id);

  // The student enters and leaves the exam window once (event 7), with their own session.
  const studentApi = await playwrightRequest.newContext({ baseURL });
  try {
    await apiLogin(studentApi, student.userName);
    const attempt = await api<{ id: number; status: number }>(studentApi, 'POST', '/api/exam/attempt/start', {
      examId,
    });
    expect(attempt.code, attempt.message).toBe(1);
    const events = await api<{ accepted: number; switchCount: number }>(
      studentApi,
      'POST',
      '/api/exam/attempt/events',
      {
        attemptId: attempt.response.id,
        events: [{ type: 7, at: Date.now(), detail: 'Left the exam window (e2e)' }],
      },
    );
    expect(events.code, events.message).toBe(1);
    expect(events.response.switchCount).toBe(1);
  } finally {
    await studentApi.dispose();
  }

  // The invigilator finds the exam among those open now and opens its board.
  await page.goto('/exam/monitor');
  await page.getByLabel('Exam', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Monitor ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/exam/monitor\\?examId=${examId}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(/Live · updated/)).toBeVisible();

  const { realName } = student;
  const row = page.locator('.ant-table-row').filter({ hasText: student.userName });
  await expect(row).toContainText('Answering');
  await expect(row.getByRole('img', { name: '1 screen switch' })).toBeVisible();
  // Time left counts down on the page between polls.
  await expect(row.locator('.monitor-clock')).toHaveText(/^\d{2}:\d{2}$/);

  await expectNoSeriousA11yViolations(page, 'the exam monitor');

  // The timeline names the switch.
  await row.getByRole('button', { name: realName, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Timeline of ${realName}` });
  await expect(drawer.getByTestId('timeline-entry').filter({ hasText: 'Abnormal screen switch' })).toContainText(
    'Left the exam window (e2e)',
  );
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Force collection, confirmed; the toast gives the count and the row the new status.
  await row.getByRole('button', { name: `Collect paper ${realName}` }).click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog).toContainText(`Collect the paper of ${realName} now?`);
  const reported = expect(page.locator('.ant-message').getByText('1 paper collected')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Collect paper' }).click();
  await reported;
  await expect(row).toContainText('Collected forcibly');
  await expect(row.locator('.monitor-clock')).toHaveText('—');

  // The summary counts it, and the timeline ends with the forced collection.
  await expect(page.getByRole('button', { name: '1 Collected forcibly', exact: true })).toBeVisible();
  await row.getByRole('button', { name: realName, exact: true }).click();
  await expect(drawer.getByTestId('timeline-entry').last()).toContainText('Forced collection');
});
