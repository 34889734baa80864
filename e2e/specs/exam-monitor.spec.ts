import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, open, test, withToast } from './fixtures';
import { api, uniqueName } from './helpers';
import { createStudents, demoPaperId, publishExamOpenNow, type Student, withSession } from './score-helpers';

// Exam monitoring (issue 13): staff publish an exam open now for one new student, the student enters
// it and switches screens (through the exam-taking API, as the exam page would), and the invigilator
// sees the switch on the live board and in the timeline, then collects the paper.

test.use({ role: 'admin' });

// The exam, created and published with the staff member's session: open since a few minutes ago,
// for two hours, with this one candidate, flagged after `warnAfter` switches and never collected for them.
async function publishOpenExam(
  request: APIRequestContext,
  name: string,
  studentId: number,
  warnAfter: number,
): Promise<number> {
  const paperId = await demoPaperId(request);
  return publishExamOpenNow(request, [studentId], {
    name,
    paperId,
    virtualRoomId: 'E2E-MON',
    switchWarnAfter: warnAfter,
    switchCollectAfter: null,
  });
}

// A student of their own: every demo student sits the demo's practice exam, open for a month, so an
// exam open now for one of them would not publish (a clash), and the demo's students stay as they are.
async function createStudent(request: APIRequestContext): Promise<Student> {
  const [student] = await createStudents(request, 1, 'e2emon', 'Monitor');
  return student;
}

// The student enters the exam and leaves its window once (event 7), with their own session, as the
// exam page would.
function enterAndSwitch(baseURL: string | undefined, userName: string, examId: number): Promise<void> {
  return withSession(baseURL, userName, async (studentApi) => {
    const attempt = await api<{ id: number }>(studentApi, 'POST', '/api/exam/attempt/start', { examId });
    expect(attempt.code, attempt.message).toBe(1);
    const events = await api<{ switchCount: number }>(studentApi, 'POST', '/api/exam/attempt/events', {
      attemptId: attempt.response.id,
      events: [{ type: 7, at: Date.now(), detail: 'Left the exam window (e2e)' }],
    });
    expect(events.code, events.message).toBe(1);
    expect(events.response.switchCount).toBe(1);
  });
}

// Submits the open dialog with its OK button and catches the toast that reports the count.
async function submitDialog(page: Page, ok: string, toast: string) {
  await withToast(page, toast, () => page.getByRole('dialog').getByRole('button', { name: ok, exact: true }).click());
  await expect(page.locator('.ant-modal')).toHaveCount(0);
}

test('the monitor shows a screen switch and a forced collection', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const name = uniqueName('Monitor E2E ');
  const student = await createStudent(page.request);
  const examId = await publishOpenExam(page.request, name, student.id, 3);
  await enterAndSwitch(baseURL, student.userName, examId);

  // The invigilator finds the exam among those open now and opens its board.
  await open(page, '/exam/monitor');
  await page.getByLabel('Exam', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Monitor ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/exam/monitor\\?examId=${examId}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(/Live · updated/)).toBeVisible();
  // Changes are pushed (GET /api/examLog/stream), not polled every 3 s.
  await expect(page.locator('.monitor-live')).toHaveAttribute('data-push', 'live');

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
  await withToast(page, '1 paper collected', () => dialog.getByRole('button', { name: 'Collect paper' }).click());
  await expect(row).toContainText('Collected forcibly');
  await expect(row.locator('.monitor-clock')).toHaveText('—');

  // The summary counts it, and the timeline ends with the forced collection.
  await expect(page.getByRole('button', { name: '1 Collected forcibly', exact: true })).toBeVisible();
  await row.getByRole('button', { name: realName, exact: true }).click();
  await expect(drawer.getByTestId('timeline-entry').last()).toContainText('Forced collection');
  await page.keyboard.press('Escape');
});

test('invigilators add time, message a candidate and decide on a flagged attempt', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const name = uniqueName('Monitor E2E ');
  const student = await createStudent(page.request);
  // Flagged at the first switch.
  const examId = await publishOpenExam(page.request, name, student.id, 1);
  await enterAndSwitch(baseURL, student.userName, examId);
  const { realName } = student;

  // Opened by its address, as a link from elsewhere would.
  await open(page, `/exam/monitor?examId=${examId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const row = page.locator('.ant-table-row').filter({ hasText: student.userName });
  await expect(row.getByRole('img', { name: 'Flagged' })).toBeVisible();

  // Ten more minutes, from the keyboard: the field has the focus and Enter sends it.
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Add time (1)' }).click();
  await expect(page.getByLabel('Minutes')).toBeFocused();
  await page.getByLabel('Minutes').fill('10');
  await withToast(page, '10 min added for 1 candidate', () => page.keyboard.press('Enter'));
  await expect(row).toContainText('+10 min extra');

  await row.getByRole('button', { name: `Message ${realName}` }).click();
  await page.getByLabel('Message', { exact: true }).fill('Stay on the exam page, please.');
  await submitDialog(page, 'Send', 'Message sent to 1 candidate');

  // The review queue holds the flagged attempt until a decision with a note is saved.
  await page.getByRole('tab', { name: 'Review queue (1)' }).click();
  await row.getByRole('button', { name: `Decide ${realName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save decision' }).click();
  await expect(page.getByRole('dialog')).toContainText('Please enter Note');
  await page.getByLabel('Cleared').check();
  await page.getByLabel('Note').fill('The switch was the fire alarm test.');
  await submitDialog(page, 'Save decision', '1 attempt decided: Cleared');
  await expect(page.getByText('No flagged attempt awaits a decision.')).toBeVisible();

  // The timeline keeps the decision and the message.
  await page.getByRole('tab', { name: 'All candidates' }).click();
  await row.getByRole('button', { name: realName, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Timeline of ${realName}` });
  await expect(drawer).toContainText('Review decision: Cleared');
  await expect(drawer).toContainText('The switch was the fire alarm test.');
  await expect(drawer).toContainText('Stay on the exam page, please.');
  await page.keyboard.press('Escape');
});
