import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { contextAs } from './fixtures';
import { api, apiLogin, uniqueName } from './helpers';

// The exam page (issue 13): a student takes an exam on its own page, /take/<examId>. Each test makes
// its own student and its own exam through the API as the administrator, so the demo practice exam
// (which other specs look at) is left alone and the tests do not depend on each other's order.

test.describe.configure({ timeout: 180_000 });
// Chromium's fake camera, and its permission prompt answered yes (a browser option: for the whole file).
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

const PASSWORD = 'Exam-page-2026';
const HOUR = 3_600_000;

interface Setup {
  examId: number;
  userId: number;
  userName: string;
  examName: string;
}

// One bank question of each type (1 single choice ... 6 compose), in that order.
async function questionOfEachType(request: APIRequestContext): Promise<number[]> {
  const ids: number[] = [];
  for (const type of [1, 2, 3, 4, 5, 6]) {
    const found = await api<{ list: { id: number }[] }>(request, 'POST', '/api/question/page', {
      pageIndex: 1,
      pageSize: 1,
      type,
    });
    expect(found.response.list.length, `the demo bank has a question of type ${type}`).toBe(1);
    ids.push(found.response.list[0].id);
  }
  return ids;
}

// A student of their own, a published paper with every question type, and an exam open now.
async function setUp(request: APIRequestContext, rules: Record<string, unknown> = {}): Promise<Setup> {
  await apiLogin(request, 'admin');
  const roles = await api<{ id: number; kind: number }[]>(request, 'POST', '/api/role/list');
  const studentRole = roles.response.find((r) => r.kind === 4);
  expect(studentRole, 'a student role exists').toBeTruthy();
  const userName = uniqueName('e2etake');
  const user = await api<{ id: number } | number>(request, 'POST', '/api/user/create', {
    id: null,
    userName,
    realName: `Taker ${userName}`,
    password: PASSWORD,
    roleIds: [studentRole?.id],
  });
  expect(user.code, user.message).toBe(1);
  const userId = typeof user.response === 'number' ? user.response : user.response.id;

  const questions = await questionOfEachType(request);
  const paper = await api<{ id: number }>(request, 'POST', '/api/examPaper/create', {
    id: null,
    name: uniqueName('Every type '),
    sections: [
      { title: 'Objective', items: questions.slice(0, 3).map((questionId) => ({ questionId, score: 2 })) },
      { title: 'Written', items: questions.slice(3).map((questionId) => ({ questionId, score: 4 })) },
    ],
  });
  expect(paper.code, paper.message).toBe(1);
  const published = await api(request, 'POST', `/api/examPaper/publish/${paper.response.id}`, {});
  expect(published.code, published.message).toBe(1);

  const examName = uniqueName('Exam page test ');
  const now = Date.now();
  const exam = await api<{ id: number } | number>(request, 'POST', '/api/exam/create', {
    id: null,
    name: examName,
    paperId: paper.response.id,
    windowStart: new Date(now - 10 * 60_000).toISOString(),
    windowEnd: new Date(now + 2 * HOUR).toISOString(),
    durationMinutes: 30,
    instructions: 'Answer every question.',
    studentIds: [userId],
    ...rules,
  });
  expect(exam.code, exam.message).toBe(1);
  const examId = typeof exam.response === 'number' ? exam.response : exam.response.id;
  const open = await api(request, 'POST', `/api/exam/publish/${examId}`, { acceptWarnings: true });
  expect(open.code, open.message).toBe(1);
  return { examId, userId, userName, examName };
}

// The student's own browser, signed in (the page is opened by each test: some prepare it first).
async function newStudentPage(browser: Browser, setup: Setup): Promise<Page> {
  const context = await contextAs(browser, setup.userName, { password: PASSWORD });
  const page = await context.newPage();
  // Leaving with unsaved answers asks first; the tests reload on purpose.
  page.on('dialog', (d) => void d.accept());
  return page;
}

async function openExam(page: Page, setup: Setup): Promise<void> {
  await page.goto(`/take/${setup.examId}`);
  await expect(page.getByText(setup.examName)).toBeVisible();
}

const question = (page: Page, n: number): Locator => page.getByTestId(`question-${n}`);

// Answers whatever a question (or a compose part) asks: the first choice, texts in the fields.
async function answerAll(scope: Locator, text: string): Promise<void> {
  const radios = scope.getByRole('radio');
  const groups = await scope.locator('fieldset').count();
  for (let g = 0; g < groups; g++) {
    const first = scope.locator('fieldset').nth(g).locator('input').first();
    await first.check();
  }
  if (groups === 0 && (await radios.count()) > 0) await radios.first().check();
  const fields = scope.locator('input[type="text"], textarea');
  for (let i = 0; i < (await fields.count()); i++) await fields.nth(i).fill(`${text} ${i + 1}`);
}

test('a student takes an exam with every question type: refresh, offline and back, hand in', async ({
  browser,
  request,
}) => {
  const setup = await setUp(request);
  const page = await newStudentPage(browser, setup);

  // My exams opens the exam page in the same tab.
  await page.goto('/study/exam');
  const card = page.getByTestId('my-exam').filter({ hasText: setup.examName });
  await card.getByRole('link', { name: `Enter the exam ${setup.examName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/take/${setup.examId}$`));
  await expect(page.getByTestId('time-left')).toHaveText(/^(30:00|29:\d\d)$/);

  // All questions on one page.
  await page.getByRole('radio', { name: 'All questions' }).check();
  await expect(question(page, 6)).toBeVisible();

  // 1 single choice, 2 multiple choice (two options), 3 true/false.
  await question(page, 1).getByRole('radio').nth(1).check();
  await question(page, 2).getByRole('checkbox').nth(0).check();
  await question(page, 2).getByRole('checkbox').nth(2).check();
  await question(page, 3).getByRole('radio', { name: 'False' }).check();
  // 4 gap filling: an input per blank.
  const gaps = question(page, 4).getByRole('textbox');
  const blanks = await gaps.count();
  expect(blanks).toBeGreaterThan(0);
  for (let i = 0; i < blanks; i++) await gaps.nth(i).fill(`gap ${i + 1}`);
  // 5 short answer, 6 compose (every part).
  await question(page, 5).getByRole('textbox').fill('A short answer.');
  await answerAll(question(page, 6), 'part');

  // Every answer saved, each question says so with the server's time.
  await expect(page.getByTestId('save-summary')).toHaveText(/^All answers saved \d\d:\d\d:\d\d$/);
  for (let n = 1; n <= 6; n++) await expect(question(page, n).getByTestId('save-state')).toHaveText(/^Saved /);
  for (let n = 1; n <= 6; n++) await expect(page.getByTestId(`nav-${n}`)).toHaveClass(/is-answered/);

  // A refresh keeps every answer.
  await page.reload();
  await expect(question(page, 6)).toBeVisible();
  await expect(question(page, 1).getByRole('radio').nth(1)).toBeChecked();
  await expect(question(page, 2).getByRole('checkbox').nth(0)).toBeChecked();
  await expect(question(page, 2).getByRole('checkbox').nth(2)).toBeChecked();
  await expect(question(page, 3).getByRole('radio', { name: 'False' })).toBeChecked();
  await expect(gaps.first()).toHaveValue('gap 1');
  await expect(question(page, 5).getByRole('textbox')).toHaveValue('A short answer.');

  // A change just before a refresh is in the journal (and sent with the page leaving).
  await question(page, 5).getByRole('textbox').fill('Changed just before the refresh.');
  await page.reload();
  await expect(question(page, 5).getByRole('textbox')).toHaveValue('Changed just before the refresh.');
  await expect(question(page, 5).getByTestId('save-state')).toHaveText(/^Saved /);

  // Offline: the answer stays on the device and says so; back online it is saved.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.context().setOffline(true);
  await question(page, 5).getByRole('textbox').fill('Written offline.');
  await expect(question(page, 5).getByTestId('save-state')).toHaveText('Offline — kept on this device');
  await expect(page.getByTestId('save-summary')).toHaveText('Offline — kept on this device');
  // A reload without the network opens the page from this device (its service worker), not the
  // browser's error page, and says the answers are safe; back online it carries on where it was.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(/answers saved on this device are safe/);
  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(question(page, 5).getByRole('textbox')).toHaveValue('Written offline.');
  await expect(question(page, 5).getByTestId('save-state')).toHaveText(/^Saved /);
  await expect(page.getByTestId('save-summary')).toHaveText(/^All answers saved/);

  // My exams now says "Continue".
  await page.goto('/study/exam');
  await expect(
    page
      .getByTestId('my-exam')
      .filter({ hasText: setup.examName })
      .getByRole('link', { name: `Continue the exam ${setup.examName}` }),
  ).toBeVisible();
  await openExam(page, setup);
  await expect(page.getByRole('radio', { name: 'All questions' })).toBeChecked();
  await expect(question(page, 5).getByRole('textbox')).toHaveValue('Written offline.');

  // Hand in: the dialog counts the answers; the finished screen follows, and a new visit shows it too.
  await page.getByTestId('hand-in').click();
  const dialog = page.getByTestId('submit-dialog');
  await expect(dialog.getByTestId('submit-summary')).toHaveText('You answered 6 of 6 questions.');
  await dialog.getByRole('button', { name: 'Hand in now' }).click();
  await expect(page.getByTestId('finished')).toBeVisible();
  await expect(page.getByTestId('finished-status')).toHaveText('Status: Handed in');
  await expect(page.getByText('Answered 6 of 6')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('finished-status')).toHaveText('Status: Handed in');
  await page.context().close();
});

test('the timer counts from the server clock when the device clock is hours wrong; keyboard, both languages', async ({
  browser,
  request,
}) => {
  const setup = await setUp(request);
  const page = await newStudentPage(browser, setup);
  // The device believes it is five hours later.
  await page.addInitScript(() => {
    const shift = 5 * 3_600_000;
    const RealDate = Date;
    const now = RealDate.now.bind(RealDate);
    class ShiftedDate extends RealDate {
      constructor(...args: ConstructorParameters<DateConstructor> | []) {
        if (args.length === 0) super(now() + shift);
        else super(...(args as ConstructorParameters<DateConstructor>));
      }
      static override now() {
        return now() + shift;
      }
    }
    window.Date = ShiftedDate as DateConstructor;
  });
  await openExam(page, setup);
  expect(await page.evaluate(() => Date.now() - performance.timeOrigin - performance.now())).toBeGreaterThan(
    4 * 3_600_000,
  );
  // 30 minutes, counting down.
  const left = page.getByTestId('time-left');
  await expect(left).toHaveText(/^(30:00|29:\d\d)$/);
  const first = await left.textContent();
  await expect(left).not.toHaveText(first ?? '');
  await expect(left).toHaveText(/^(30:00|29:\d\d)$/);
  await expectNoSeriousA11yViolations(page, 'the exam page');

  // The keyboard: J / K between questions, a number picks an option, F flags.
  await page.locator('body').press('j');
  await expect(page.getByRole('heading', { name: /^Question 2 of 6/ })).toBeVisible();
  await page.locator('body').press('1');
  await expect(question(page, 2).getByRole('checkbox').first()).toBeChecked();
  await page.locator('body').press('f');
  await expect(page.getByTestId('nav-2')).toHaveClass(/is-flagged/);
  await page.locator('body').press('k');
  await expect(page.getByRole('heading', { name: /^Question 1 of 6/ })).toBeVisible();

  // In Chinese too.
  await page.getByTestId('language').click();
  await expect(page.getByText('剩余时间')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^第 1 题，共 6 题/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the exam page in Chinese');
  await page.context().close();
});

// Issue 29: opened before the start, the page is the exam's waiting room: the countdown on the
// server's clock, then the paper by itself when the exam opens (no reload, no click).
test('the waiting room counts down to the start and opens the paper by itself', async ({ browser, request }) => {
  const opensIn = 15_000;
  const setup = await setUp(request, {
    windowStart: new Date(Date.now() + opensIn).toISOString(),
    windowEnd: new Date(Date.now() + 2 * HOUR).toISOString(),
  });
  const page = await newStudentPage(browser, setup);
  await page.goto(`/take/${setup.examId}`);
  const room = page.getByTestId('waiting-room');
  await expect(room).toBeVisible();
  await expect(room.getByRole('heading', { name: setup.examName })).toBeVisible();
  await expect(room.getByText('Answer every question.')).toBeVisible();
  await expect(page.getByTestId('waiting-countdown')).toHaveText(/^00:(0\d|1\d)$/);
  await expectNoSeriousA11yViolations(page, 'the waiting room');
  await page.getByTestId('language').click();
  await expect(room.getByText('候考室')).toBeVisible();
  await page.getByTestId('language').click();
  await expect(page.getByTestId('time-left')).toBeVisible({ timeout: opensIn + 20_000 });
  await expect(page.getByText(setup.examName)).toBeVisible();
  await page.context().close();
});

// Issue 36, items 3 and 4: an exam that shows the score after hand-in shows it on the page after
// hand-in once the marking job has run, provisional while a teacher still has to mark written answers;
// My exams then gives the same score, not "Not released yet".
test('after hand-in the page shows the score, provisional while a teacher marks, as My exams does', async ({
  browser,
  request,
}) => {
  const setup = await setUp(request, { showScore: 2 });
  const page = await newStudentPage(browser, setup);
  await openExam(page, setup);
  await page.getByRole('radio', { name: 'All questions' }).check();
  await question(page, 1).getByRole('radio').first().check();
  await question(page, 5).getByRole('textbox').fill('Because of scattering.');
  await expect(page.getByTestId('save-summary')).toHaveText(/^All answers saved/);
  await page.getByTestId('hand-in').click();
  await page.getByTestId('submit-dialog').getByRole('button', { name: 'Hand in now' }).click();
  await expect(page.getByTestId('finished')).toBeVisible();
  const score = page.getByTestId('finished-score');
  await expect(score).toHaveText(/^Your score: \d+(\.\d+)? \/ 18$/, { timeout: 30_000 });
  await expect(page.getByTestId('finished-score-provisional')).toContainText(
    /Provisional: a teacher still has to mark \d+ of your answers/,
  );
  const shown = /Your score: (\S+) \/ 18/.exec((await score.textContent()) ?? '')?.[1];

  await page.goto('/study/exam');
  await page.getByRole('tab', { name: 'Finished' }).click();
  const row = page.getByTestId('my-exam-finished').filter({ hasText: setup.examName });
  await expect(row.locator('.my-exam-score')).toHaveText(`${shown} / 18`);
  await expect(row).not.toContainText('Not released yet');
  await expect(row).toContainText(/Provisional: \d+ to mark/);
  await row.getByRole('button', { name: `Result of ${setup.examName}` }).click();
  const drawer = page.getByRole('dialog', { name: `Result: ${setup.examName}` });
  await expect(drawer.getByTestId('my-score')).toHaveText(`${shown} / 18`);
  await expect(drawer.getByTestId('my-provisional')).toBeVisible();
  await page.context().close();
});

test('screen switches are warned about, then the paper is collected', async ({ browser, request }) => {
  const setup = await setUp(request, { switchWarnAfter: 1, switchCollectAfter: 2 });
  const page = await newStudentPage(browser, setup);
  await openExam(page, setup);
  await question(page, 1).getByRole('radio').first().check();
  // Leaving the window (a blur) and coming back.
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await expect(page.getByTestId('switch-warning')).toContainText('You left the exam screen 1 times');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await expect(page.getByTestId('finished')).toBeVisible();
  await expect(page.getByTestId('finished-status')).toHaveText('Status: Collected forcibly');
  await page.context().close();
});

// The server's clock, moved for the e2e server (LYCEUM_TEST_CLOCK=1): no test waits for real minutes.
async function setServerClock(request: APIRequestContext, at: number | null): Promise<void> {
  const res = await request.post('/__test/clock', { data: { at } });
  expect(res.ok(), 'the e2e server takes clock changes').toBeTruthy();
}

test("the invigilator's notice shows, and at zero the page hands the paper in by itself", async ({
  browser,
  request,
}) => {
  const setup = await setUp(request, { durationMinutes: 1 });
  const page = await newStudentPage(browser, setup);
  await openExam(page, setup);
  await question(page, 1).getByRole('radio').first().check();
  await expect(page.getByTestId('save-summary')).toHaveText(/^All answers saved/);
  const notice = await api(request, 'POST', '/api/examLog/notice', {
    examId: setup.examId,
    userIds: [setup.userId],
    text: 'Half a minute left.',
  });
  expect(notice.code, notice.message).toBe(1);
  // The next save (at the latest the heartbeat, every 10 s) brings it.
  await expect(page.getByTestId('notice')).toContainText('Half a minute left.', { timeout: 20_000 });
  await page.getByTestId('notice').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('notice')).toHaveCount(0);
  // The minute runs out on the server's clock: the next save tells the page, which hands in at zero.
  try {
    // A minute on: past the deadline, within the minute's grace in which saves are still taken.
    await setServerClock(request, Date.now() + 60_000);
    await question(page, 1).getByRole('radio').nth(1).check();
    await expect(page.getByTestId('finished')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('finished-status')).toHaveText('Status: Collected automatically');
    await expect(page.getByText('Answered 1 of 6')).toBeVisible();
  } finally {
    await setServerClock(request, null);
  }
  await page.context().close();
});

test.describe('camera snapshots', () => {
  test('the front camera sends snapshots the monitor shows', async ({ browser, request }) => {
    const setup = await setUp(request, { cameraSource: 1, snapshotIntervalSeconds: 10 });
    const page = await newStudentPage(browser, setup);
    await page.context().grantPermissions(['camera']);
    await openExam(page, setup);
    await expect(page.getByTestId('camera-preview')).toBeVisible();
    // The first snapshot is taken a few seconds in, uploaded and reported as event 2.
    await expect
      .poll(
        async () => {
          const timeline = await api<{ entries: { type: number; fileId: number | null }[] }>(
            request,
            'POST',
            '/api/examLog/timeline',
            { examId: setup.examId, userId: setup.userId },
          );
          return timeline.response.entries.filter((e) => e.type === 2 && e.fileId !== null).length;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await page.context().close();
  });
});
