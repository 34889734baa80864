import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { expect, open, test } from './fixtures';
import { api, apiLogin, uniqueName } from './helpers';
import { createQuestions, createStudents, publishExamOpenNow, publishPaper, withSession } from './score-helpers';

// Marking (Exams › Marking): three new students sit an exam with a choice and a short answer
// question and hand in through the exam-taking API, as their exam page would; once the automatic
// marking has run, the academic office marks every short answer with the keyboard alone (type a
// score, Enter) on /answer/edit, and the scores are read back through the API.

// What each student writes, and the score the marker gives it (out of 2).
const SHEETS = [
  { choice: 'B', text: 'Light is scattered by the air, blue the most.', score: '2' },
  { choice: 'A', text: 'Because the sea reflects it.', score: '0.5' },
  { choice: 'B', text: 'Scattering of short wavelengths.', score: '1.5' },
];

interface Overview {
  questions: { questionId: number; no: number; manual: boolean; answers: number; pending: number }[];
}

// New students of their own: the demo's students all sit the practice exam open now, so an exam
// open now for them would clash, and other specs keep them as they are.
async function newStudents(request: APIRequestContext, count: number) {
  await apiLogin(request, 'admin');
  return createStudents(request, count, 'e2emark', 'Marked');
}

// Two questions of the academic office's own, a paper of them and an exam open now.
async function publishExam(request: APIRequestContext, studentIds: number[]) {
  const ids = await createQuestions(request, [
    {
      type: 1,
      stem: '<p>Which colour is the sky on a clear day?</p>',
      options: [
        { label: 'A', content: 'Green' },
        { label: 'B', content: 'Blue' },
      ],
      answer: 'B',
      score: 2,
    },
    {
      type: 5,
      stem: '<p>Why is the sky blue?</p>',
      answer: { reference: '<p>Rayleigh scattering.</p>', keywords: [{ word: 'scatter', points: 2 }] },
      score: 2,
    },
  ]);
  const paperId = await publishPaper(request, {
    name: uniqueName('Marking paper '),
    sections: [
      { title: 'Choice', items: [{ questionId: ids[0], score: 2 }] },
      { title: 'Written', items: [{ questionId: ids[1], score: 2 }] },
    ],
  });
  const examId = await publishExamOpenNow(request, studentIds, { name: uniqueName('Marking E2E '), paperId });
  return { examId, choiceId: ids[0], shortId: ids[1] };
}

// A student starts, answers both questions and hands in, with their own session.
function sit(baseURL: string | undefined, userName: string, examId: number, items: unknown[]) {
  return withSession(baseURL, userName, async (student) => {
    const attempt = await api<{ id: number }>(student, 'POST', '/api/exam/attempt/start', { examId });
    expect(attempt.code, attempt.message).toBe(1);
    const attemptId = attempt.response.id;
    const saved = await api(student, 'POST', '/api/exam/attempt/save', { attemptId, items });
    expect(saved.code, saved.message).toBe(1);
    const handed = await api(student, 'POST', '/api/exam/attempt/submit', { attemptId });
    expect(handed.code, handed.message).toBe(1);
  });
}

test.use({ role: 'academic' });

test('the academic office marks every short answer with the keyboard alone', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const admin = await playwrightRequest.newContext({ baseURL });
  const office = await playwrightRequest.newContext({ baseURL });
  try {
    const students = await newStudents(admin, SHEETS.length);
    await apiLogin(office, 'academic');
    const { examId, choiceId, shortId } = await publishExam(
      office,
      students.map((s) => s.id),
    );
    for (const [i, s] of students.entries()) {
      await sit(baseURL, s.userName, examId, [
        { questionId: choiceId, answer: SHEETS[i].choice, revision: 1 },
        { questionId: shortId, answer: SHEETS[i].text, revision: 1 },
      ]);
    }

    // The automatic marking runs as a job after each hand-in: wait until every answer is queued.
    const written = async () => {
      const o = await api<Overview>(office, 'POST', '/api/answer/overview', { examId });
      expect(o.code, o.message).toBe(1);
      return o.response.questions.find((q) => q.questionId === shortId);
    };
    await expect
      .poll(
        async () => {
          const q = await written();
          return q && [q.manual, q.answers, q.pending];
        },
        { timeout: 60_000 },
      )
      .toEqual([true, SHEETS.length, SHEETS.length]);

    await open(page, `/answer/edit?examId=${examId}&questionId=${shortId}`);
    await expect(page.getByText('Why is the sky blue?')).toBeVisible();
    await expect(page.getByText(`0 / ${SHEETS.length} marked`)).toBeVisible();

    // The answers come in the papers' (anonymous) order: attempt by attempt, which is the order
    // they were handed in. Each one's score field has the focus as it opens.
    const answer = page.getByTestId('mark-answer');
    const score = page.getByRole('spinbutton', { name: /^Score for #\d+$/ });

    // A score over the maximum is refused on the page, with the reason, and nothing moves on.
    await expect(answer).toHaveText(SHEETS[0].text);
    await expect(score).toBeFocused();
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await expect(page.getByText('A score cannot be more than 2')).toBeVisible();
    await expect(answer).toHaveText(SHEETS[0].text);

    for (const [i, sheet] of SHEETS.entries()) {
      await expect(answer).toHaveText(sheet.text);
      await expect(score).toBeFocused();
      await page.keyboard.type(sheet.score);
      await page.keyboard.press('Enter');
      await expect(page.getByText(`${i + 1} / ${SHEETS.length} marked`)).toBeVisible();
    }
    await expect(page.getByText('All answers to this question are marked.')).toBeVisible();

    // Saved on the server: nothing pending, each answer with the score typed for it.
    const q = await written();
    expect(q?.pending).toBe(0);
    const queue = await api<{ items: { answer: string; score: number | null; markingFlag: number }[] }>(
      office,
      'POST',
      '/api/answer/queue',
      { examId, questionId: shortId },
    );
    expect(queue.code, queue.message).toBe(1);
    expect(queue.response.items.map((i) => [i.answer, i.score, i.markingFlag])).toEqual(
      SHEETS.map((s) => [s.text, Number(s.score), 3]),
    );
    const papers = await api<{ list: { score: number; pending: number }[] }>(office, 'POST', '/api/answer/papers', {
      examId,
    });
    expect(papers.response.list.map((p) => [p.score, p.pending])).toEqual(
      SHEETS.map((s) => [(s.choice === 'B' ? 2 : 0) + Number(s.score), 0]),
    );
  } finally {
    await admin.dispose();
    await office.dispose();
  }
});
