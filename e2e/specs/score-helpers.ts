import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { api, apiLogin, DEMO_PASSWORD, uniqueName } from './helpers';

// Set-up shared by the score, marking, homework and monitoring specs: students of their own (in
// classes of their own), questions and a paper, an exam open now for them, their answers handed in
// through the exam-taking API, and the automatic marking.
//
// The students are made here rather than taken from the demo (s2026020...): every demo student sits
// the demo's practice exam, open for a month, so an exam open now for any of them would not publish
// (a clash of candidates), as exam-monitor.spec.ts found too.

const PAPER = 'Calculus I — final practice 微积分期末练习';
const MINUTE = 60_000;

export interface Student {
  id: number;
  userName: string;
  realName: string;
}

interface Row {
  id: number;
  name: string;
}
type Created = number | { id: number };
const idOf = (c: Created) => (typeof c === 'number' ? c : c.id);

export async function withSession<T>(
  baseURL: string | undefined,
  userName: string,
  run: (request: APIRequestContext) => Promise<T>,
): Promise<T> {
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    await apiLogin(request, userName);
    return await run(request);
  } finally {
    await request.dispose();
  }
}

// `count` new students (as admin, who may create users): user names from `prefix`, real names
// "`label` user name", all with the demo's password.
export async function createStudents(
  request: APIRequestContext,
  count: number,
  prefix: string,
  label: string,
): Promise<Student[]> {
  const roles = await api<{ id: number; kind: number }[]>(request, 'POST', '/api/role/list');
  const studentRole = roles.response.find((r) => r.kind === 4);
  expect(studentRole, 'a student role exists').toBeTruthy();
  const students: Student[] = [];
  for (let i = 0; i < count; i++) {
    const userName = uniqueName(prefix);
    const realName = `${label} ${userName}`;
    const created = await api<Created>(request, 'POST', '/api/user/create', {
      id: null,
      userName,
      realName,
      password: DEMO_PASSWORD,
      roleIds: [studentRole?.id],
    });
    expect(created.code, created.message).toBe(1);
    students.push({ id: idOf(created.response), userName, realName });
  }
  return students;
}

// `perClass` students in each of two new classes (as admin, who may create users and classes).
export async function createClassesWithStudents(request: APIRequestContext, perClass: number[]): Promise<Student[]> {
  const all: Student[] = [];
  for (const [c, count] of perClass.entries()) {
    const members = await createStudents(request, count, `e2esc${c}`, 'Score');
    const team = await api<Created>(request, 'POST', '/api/team/create', {
      id: null,
      name: uniqueName(`E2E class ${c + 1} `),
      gradeYear: 2026,
      members: members.map((m) => ({ userId: m.id })),
    });
    expect(team.code, team.message).toBe(1);
    all.push(...members);
  }
  return all;
}

// Questions of the signed-in user's own, by create body; their ids in order.
export async function createQuestions(request: APIRequestContext, bodies: object[]): Promise<number[]> {
  const ids: number[] = [];
  for (const body of bodies) {
    const q = await api<{ id: number }>(request, 'POST', '/api/question/create', body);
    expect(q.code, q.message).toBe(1);
    ids.push(q.response.id);
  }
  return ids;
}

// A paper created from its body (name, sections, ...) and published; its id.
export async function publishPaper(request: APIRequestContext, body: object): Promise<number> {
  const paper = await api<{ id: number }>(request, 'POST', '/api/examPaper/create', { id: null, ...body });
  expect(paper.code, paper.message).toBe(1);
  const published = await api(request, 'POST', `/api/examPaper/publish/${paper.response.id}`, {});
  expect(published.code, published.message).toBe(1);
  return paper.response.id;
}

// The demo's published paper the exam specs sit.
export async function demoPaperId(request: APIRequestContext): Promise<number | undefined> {
  const papers = await api<{ list: Row[] }>(request, 'POST', '/api/examPaper/page', {
    keyword: 'Calculus I',
    pageIndex: 1,
    pageSize: 20,
  });
  const paper = papers.response.list.find((p) => p.name === PAPER);
  expect(paper, 'the demo has a published paper').toBeTruthy();
  return paper?.id;
}

// An exam open since a few minutes ago for two hours (an hour long) for the students, created and
// published with the session's user, warnings accepted; `body` gives the name, the paper and the rest.
export async function publishExamOpenNow(
  request: APIRequestContext,
  studentIds: number[],
  body: Record<string, unknown>,
): Promise<number> {
  const created = await api<Created>(request, 'POST', '/api/exam/create', {
    id: null,
    windowStart: new Date(Date.now() - 5 * MINUTE).toISOString(),
    windowEnd: new Date(Date.now() + 120 * MINUTE).toISOString(),
    durationMinutes: 60,
    studentIds,
    ...body,
  });
  expect(created.code, created.message).toBe(1);
  const id = idOf(created.response);
  const published = await api(request, 'POST', `/api/exam/publish/${id}`, { acceptWarnings: true });
  expect(published.code, published.message).toBe(1);
  return id;
}

// An exam on the demo paper, open since a few minutes ago for two hours, published (as academic).
export async function publishOpenExam(
  request: APIRequestContext,
  name: string,
  students: Student[],
  rules: {
    showScore: 1 | 2 | 3;
    allowReview: boolean;
    reviewAfterHandIn?: boolean;
    attemptsAllowed?: number;
    scoreCounting?: 1 | 2 | 3;
  },
): Promise<number> {
  const paperId = await demoPaperId(request);
  return publishExamOpenNow(
    request,
    students.map((s) => s.id),
    { name, paperId, virtualRoomId: 'E2E-SCORES', ...rules },
  );
}

interface Question {
  questionId: number;
  type: number;
  options: { label: string }[];
  blankCount: number;
  children: { type: number; options: { label: string }[]; blankCount: number }[];
}
type Answer = string | boolean | null | Answer[];

// The k-th student's answer to a question: each student picks differently, so scores spread.
function answerOf(q: Omit<Question, 'questionId' | 'children'>, k: number): Answer {
  const pick = (n: number) => q.options[(k + n) % Math.max(1, q.options.length)]?.label ?? 'A';
  switch (q.type) {
    case 1:
      return pick(0);
    case 2:
      return k % 2 === 0 ? [pick(0), pick(1)] : [pick(0)];
    case 3:
      return k % 2 === 0;
    case 4:
      return Array.from({ length: q.blankCount }, (_, i) => (k % 2 === 0 ? String(i + 1) : `x${k}`));
    default:
      return `Answer ${k}: the derivative measures the rate of change.`;
  }
}

// The student enters, answers everything and hands in, with their own session, as the exam page would.
export async function sitExam(baseURL: string | undefined, student: Student, examId: number, k: number) {
  await withSession(baseURL, student.userName, async (request) => {
    const attempt = await api<{ id: number; sections: { questions: Question[] }[] }>(
      request,
      'POST',
      '/api/exam/attempt/start',
      { examId },
    );
    expect(attempt.code, attempt.message).toBe(1);
    const items = attempt.response.sections
      .flatMap((s) => s.questions)
      .map((q) => ({
        questionId: q.questionId,
        answer: q.type === 6 ? q.children.map((c) => answerOf(c, k)) : answerOf(q, k),
        revision: 1,
      }));
    const saved = await api(request, 'POST', '/api/exam/attempt/save', { attemptId: attempt.response.id, items });
    expect(saved.code, saved.message).toBe(1);
    const submitted = await api(request, 'POST', '/api/exam/attempt/submit', { attemptId: attempt.response.id });
    expect(submitted.code, submitted.message).toBe(1);
  });
}

export interface ScoreRow {
  userName: string;
  score: number | null;
  maxScore: number;
}

// Marking runs as a background job after each hand-in: wait until every candidate has a score.
export async function waitForScores(request: APIRequestContext, examId: number, count: number): Promise<ScoreRow[]> {
  let rows: ScoreRow[] = [];
  await expect(async () => {
    const page = await api<{ list: ScoreRow[] }>(request, 'POST', '/api/examScore/page', {
      examId,
      pageIndex: 1,
      pageSize: 50,
    });
    expect(page.code, page.message).toBe(1);
    rows = page.response.list.filter((r) => r.score !== null);
    expect(rows.length).toBe(count);
  }).toPass({ timeout: 60_000, intervals: [500, 1000, 2000] });
  return rows;
}
