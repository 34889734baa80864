import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, open, pageAs, test, withToast } from './fixtures';
import { api, uniqueName } from './helpers';
import { createClassesWithStudents, createQuestions, publishPaper, type Student, withSession } from './score-helpers';

// Homework (issue 15), end to end in the browser: the academic office sets a homework paper (one
// single choice, one short answer) for a class of its own in the task editor, with answers checked
// while working and late work taken, and publishes it. The student opens it
// from My homework, answers and checks the first question, saves to finish later and closes the
// browser; logs in again in a new browser, finds the answer (still checked and locked), answers
// the second and hands in; the office marks the short answer on the homework marking screen with a
// comment; My homework shows the score and whether the homework passed, the result drawer the marked
// paper with the comment, and the task's students the status.

test.describe.configure({ timeout: 240_000 });
// The academic office's own page; the student signs in twice in browsers of their own.
test.use({ role: 'academic' });

const SHORT_TEXT = 'Multiplying is adding the same number again and again.';

interface Fixture {
  student: Student;
  taskId: number;
  taskName: string;
  teamName: string;
  paperName: string;
  choiceId: number;
  shortId: number;
}

interface Row {
  userId: number;
  attemptId: number | null;
  pending: number;
}

// As the academic office: two questions of its own and a published homework paper (type 6) of them.
async function homeworkPaper(
  request: APIRequestContext,
): Promise<{ paperId: number; paperName: string; choiceId: number; shortId: number }> {
  const ids = await createQuestions(request, [
    {
      type: 1,
      stem: '<p>How much is 3 × 3?</p>',
      options: [
        { label: 'A', content: '6' },
        { label: 'B', content: '9' },
      ],
      answer: 'B',
      score: 4,
    },
    {
      type: 5,
      stem: '<p>Explain multiplication in one sentence.</p>',
      answer: { reference: '<p>Repeated addition.</p>' },
      score: 6,
    },
  ]);
  const paperName = uniqueName('Homework paper ');
  const paperId = await publishPaper(request, {
    name: paperName,
    paperType: 6,
    passScore: 6,
    sections: [{ title: 'Times tables', items: ids.map((questionId, i) => ({ questionId, score: [4, 6][i] })) }],
  });
  return { paperId, paperName, choiceId: ids[0], shortId: ids[1] };
}

async function setUp(baseURL: string | undefined): Promise<Fixture> {
  // A student of its own in a class of its own: the demo students' other homework stays out of the way.
  const [student] = await withSession(baseURL, 'admin', (request) => createClassesWithStudents(request, [1]));
  const teamName = await withSession(baseURL, 'admin', async (request) => {
    const teams = await api<{ list: { id: number; name: string }[] }>(request, 'POST', '/api/team/page', {
      memberId: student.id,
      pageIndex: 1,
      pageSize: 5,
    });
    expect(teams.response.list, 'the new class').toHaveLength(1);
    return teams.response.list[0].name;
  });
  const paper = await withSession(baseURL, 'academic', homeworkPaper);
  const taskName = uniqueName('Times tables ');
  return {
    student,
    taskId: 0,
    taskName,
    teamName,
    paperName: paper.paperName,
    choiceId: paper.choiceId,
    shortId: paper.shortId,
  };
}

// The office sets the homework in the task editor and publishes it from the list.
async function assignHomework(page: Page, baseURL: string | undefined, f: Fixture): Promise<number> {
  await open(page, '/task/index');
  await page.getByRole('button', { name: 'New task' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Name').fill(f.taskName);
  await drawer.getByRole('combobox', { name: 'Paper' }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(f.paperName).click();
  await drawer.getByLabel('Classes').click();
  await page.keyboard.type(f.teamName);
  await page.locator('.ant-select-dropdown:visible').getByText(f.teamName).click();
  await page.keyboard.press('Escape');
  await drawer.getByRole('switch', { name: 'Take late work' }).click();
  await drawer.getByLabel('Late penalty').fill('10');
  await drawer.getByRole('switch', { name: 'Check answers while working' }).click();
  await withToast(page, 'Draft saved', () => drawer.getByLabel('Name').press('Control+Enter'));
  const row = page.locator('.ant-table-row', { hasText: f.taskName });
  await row.getByRole('button', { name: `Publish ${f.taskName}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText(`It goes to Class: ${f.teamName}`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(row.getByText('Published')).toBeVisible();
  const id = await withSession(baseURL, 'academic', async (request) => {
    const found = await api<{ list: { id: number; name: string }[] }>(request, 'POST', '/api/task/page', {
      keyword: f.taskName,
    });
    return found.response.list.find((x) => x.name === f.taskName)?.id ?? 0;
  });
  expect(id).toBeGreaterThan(0);
  return id;
}

function studentPage(browser: Browser, student: Student): Promise<Page> {
  return pageAs(browser, student.userName, '/study/homework');
}

test('a student does homework over two sessions, checks an answer, hands in and sees the mark', async ({
  page: office,
  browser,
  baseURL,
}) => {
  const f = await setUp(baseURL);
  f.taskId = await assignHomework(office, baseURL, f);

  // Session 1: My homework lists it to do, with its due time and late rule.
  const first = await studentPage(browser, f.student);
  const card = first.getByTestId('my-task').filter({ hasText: f.taskName });
  await expect(card.getByTestId('task-timing')).toHaveText(/Due in \d+ days/);
  await expect(card).toContainText('10 % off the score');
  await expect(card.getByTestId('task-status')).toHaveText('Not started');
  await card.getByRole('link', { name: `Start the homework ${f.taskName}` }).click();
  // The address says it is homework, so the page speaks of homework before the paper arrives.
  await expect(first).toHaveURL(/\/take\/\d+\?kind=homework$/);

  // The exam page in homework mode: the due time, no timer; answer and check the first question.
  await expect(first.getByTestId('due')).toContainText('Due');
  await expect(first.getByTestId('timer')).toHaveCount(0);
  const q1 = first.getByTestId('question-1');
  await q1.getByRole('radio', { name: /Option B/ }).check();
  await q1.getByTestId('check-answer').click();
  await expect(q1.getByTestId('check-result')).toContainText('Correct · 4 / 4 pts');
  await expect(q1.getByRole('radio', { name: /Option B/ })).toBeDisabled();

  // Save and finish later: saved, with the way back to My homework; then the browser is closed.
  await first.getByTestId('finish-later').click();
  const parked = first.getByTestId('finish-later-dialog');
  await expect(parked.getByRole('heading', { name: 'Your work is saved' })).toBeVisible();
  await expect(parked.getByTestId('back-to-homework')).toBeVisible();
  await first.context().close();

  // Session 2, a new browser: the homework is in progress; the first answer is there, still checked.
  const second = await studentPage(browser, f.student);
  const again = second.getByTestId('my-task').filter({ hasText: f.taskName });
  await expect(again.getByTestId('task-status')).toHaveText('In progress');
  await again.getByRole('link', { name: `Continue the homework ${f.taskName}` }).click();
  const q1Again = second.getByTestId('question-1');
  await expect(q1Again.getByRole('radio', { name: /Option B/ })).toBeChecked();
  await expect(q1Again.getByRole('radio', { name: /Option B/ })).toBeDisabled();
  await expect(q1Again.getByTestId('check-result')).toContainText('Correct');

  // The second question, then hand in.
  await second.getByRole('button', { name: 'Next' }).click();
  const q2 = second.getByTestId('question-2');
  await q2.getByRole('textbox').fill(SHORT_TEXT);
  await expect(q2.getByTestId('save-state')).toHaveText(/^Saved/);
  await second.getByTestId('hand-in').click();
  const dialog = second.getByTestId('submit-dialog');
  await expect(dialog.getByRole('heading', { name: 'Hand in your homework?' })).toBeVisible();
  await expect(dialog.getByTestId('submit-summary')).toHaveText('You answered 2 of 2 questions.');
  await dialog.getByRole('button', { name: 'Hand in now' }).click();
  await expect(second.getByRole('heading', { name: 'Your homework is handed in' })).toBeVisible();

  // My homework: handed in, waiting for the teacher.
  await second.getByRole('link', { name: 'Back to My homework' }).click();
  await expect(second).toHaveURL(/\/study\/homework$/);
  await second.locator('.ant-segmented').getByText('Done', { exact: true }).click();
  const done = second.getByTestId('my-task').filter({ hasText: f.taskName });
  // "Marking…", with how many answers wait for the teacher once the automatic marking has run.
  await expect(done.getByTestId('task-marking')).toContainText('Marking…');
  await expect(done.getByTestId('task-status')).toHaveText('In progress');

  // The office marks the short answer on the homework marking screen, with a comment, once the
  // automatic marking has queued it.
  await withSession(baseURL, 'academic', async (request) => {
    await expect(async () => {
      const page = await api<{ list: Row[] }>(request, 'POST', `/api/user/taskStudentList/${f.taskId}`, {
        toMark: true,
        pageIndex: 1,
        pageSize: 10,
      });
      expect(page.code, page.message).toBe(1);
      expect(page.response.list.find((r) => r.userId === f.student.id)?.pending).toBe(1);
    }).toPass({ timeout: 60_000, intervals: [500, 1000, 2000] });
  });
  await open(office, `/task/taskPaperEdit?taskId=${f.taskId}&questionId=${f.shortId}`);
  await expect(office.getByTestId('mark-answer')).toHaveText(SHORT_TEXT);
  await office.getByLabel('Comment').fill('Good: give an example next time.');
  const score = office.getByRole('spinbutton', { name: /^Score for #\d+$/ });
  await score.click();
  await office.keyboard.type('4');
  await office.keyboard.press('Enter');
  await expect(office.getByText('All answers to this question are marked.')).toBeVisible();

  // The student sees the score (4 + 4 of 10, the pass mark 6): passed, and the marked paper.
  await second.reload();
  await second.locator('.ant-segmented').getByText('Done', { exact: true }).click();
  await expect(done.getByTestId('task-score')).toHaveText('8 / 10');
  await expect(done.getByTestId('task-status')).toHaveText('Passed');
  await done.getByRole('button', { name: `Result of ${f.taskName}` }).click();
  const drawer = second.getByRole('dialog', { name: `Result: ${f.taskName}` });
  await expect(drawer.getByTestId('my-score')).toHaveText('8 / 10');
  await expect(drawer).toContainText('Good: give an example next time.');
  await second.context().close();

  // The task's students: passed, 8 of 10.
  await open(office, '/task/index');
  await office.getByRole('button', { name: `Students ${f.taskName}` }).click();
  const students = office.getByRole('dialog');
  const mine = students.locator('.ant-table-row', { hasText: f.student.userName });
  await expect(mine).toContainText('Passed');
  await expect(mine).toContainText('8');
  await office.keyboard.press('Escape');
});
