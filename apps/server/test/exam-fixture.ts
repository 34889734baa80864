import { BLANK_MARKER, type Exam } from '@lyceum/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../src/modules/user/user.table';
import { setClock } from '../src/platform/clock';
import { ok, type TestApp } from './harness';

// The situation the exam-day, marking, homework, message and exam tests start from: people of the
// demo by user name, questions, a published paper, and exams scheduled on a settable clock, one
// day each. One copy here instead of one per file.

const MINUTE = 60_000;
const DAY = 86_400_000;

// Ids of the named users of an organisation, by user name.
export async function userIds(t: TestApp, names: readonly string[], domain = 'demo'): Promise<Record<string, number>> {
  const orgId = domain === 'demo' ? t.ids.demo.orgId : t.ids.north.orgId;
  const rows = await t.database.db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(and(eq(users.organizationId, orgId), inArray(users.userName, [...names])));
  const out = Object.fromEntries(rows.map((r) => [r.userName, r.id]));
  const missing = names.filter((n) => !(n in out));
  if (missing.length) throw new Error(`no such users in ${domain}: ${missing.join(', ')}`);
  return out;
}

// A session for each named user of demo, by user name.
export async function logins(t: TestApp, names: readonly string[]): Promise<Record<string, string>> {
  const tokens = await Promise.all(names.map((n) => t.signIn('demo', n)));
  return Object.fromEntries(names.map((n, i) => [n, tokens[i]]));
}

// The people the exam-day, marking and homework files act as: sessions of demo's academic and
// teacher and of north's teacher (another school), a session for each named student, and the ids of
// the students, the teacher and the academic.
export async function examPeople(t: TestApp, students: readonly string[]) {
  const [academic, teacher, northTeacher] = await Promise.all([
    t.signIn('demo', 'academic'),
    t.signIn('demo', 'teacher'),
    t.signIn('north', 'teacher'),
  ]);
  const tokens = await logins(t, students);
  const ids = await userIds(t, [...students, 'teacher', 'academic']);
  return { academic, teacher, northTeacher, tokens, ids };
}

// Classes of one grade, each with its members (user ids) and, when given, its class teacher.
export async function makeClasses(
  t: TestApp,
  token: string,
  gradeYear: number,
  classes: readonly { name: string; members: number[]; classTeacherId?: number | null }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const c of classes) {
    const body = { gradeYear, ...c, members: c.members.map((userId) => ({ userId })) };
    ids.push(ok(await t.call<{ id: number }>('POST', '/api/team/create', { token, body })).id);
  }
  return ids;
}

// A single-choice question: `options` in order, labelled A, B, ...; `answer` is the right label.
export function choice(stem: string, options: string[], answer: string, score = 2) {
  return {
    type: 1,
    stem: `<p>${stem}</p>`,
    options: options.map((content, i) => ({ label: String.fromCharCode(65 + i), content })),
    answer,
    score,
  };
}

// One question of each type the exam day scores (single, multiple with partial credit, true/false,
// two gaps, written with a keyword).
export const FIVE_TYPES = [
  choice('2 + 2?', ['3', '4'], 'B'),
  {
    type: 2,
    stem: '<p>Primes?</p>',
    options: ['2', '4', '5'].map((content, i) => ({ label: 'ABC'[i], content })),
    answer: ['A', 'C'],
    partialCredit: 2,
    partScore: 1,
    score: 2,
  },
  // Worth 1 in the bank; papers give it 2, so its mark scales.
  { type: 3, stem: '<p>Water is wet.</p>', answer: true, score: 1 },
  {
    type: 4,
    stem: `<p>${BLANK_MARKER} is the capital of France, ${BLANK_MARKER} of Italy.</p>`,
    answer: {
      blanks: [
        { score: 1, answers: ['Paris'] },
        { score: 1, answers: ['Rome'] },
      ],
      rules: {},
    },
    score: 2,
  },
  {
    type: 5,
    stem: '<p>Why is the sky blue?</p>',
    answer: { reference: '<p>Scattering.</p>', keywords: [{ word: 'scattering', points: 2 }] },
    score: 2,
  },
] as const;

export async function createQuestions(t: TestApp, token: string, bodies: readonly object[]): Promise<number[]> {
  const ids: number[] = [];
  for (const body of bodies)
    ids.push(ok(await t.call<{ id: number }>('POST', '/api/question/create', { token, body })).id);
  return ids;
}

// A paper created and published; `body` is the create body (name, sections, paperType, ...).
export async function publishedPaper(t: TestApp, token: string, body: object): Promise<number> {
  const { id } = ok(await t.call<{ id: number }>('POST', '/api/examPaper/create', { token, body }));
  ok(await t.call('POST', `/api/examPaper/publish/${id}`, { token }));
  return id;
}

// The smallest published paper: one single-choice question ("2 + 2?", B is right).
export async function onePaper(
  t: TestApp,
  token: string,
  opts: { name: string; score?: number; paperType?: number },
): Promise<number> {
  const [questionId] = await createQuestions(t, token, [choice('2 + 2?', ['3', '4'], 'B', opts.score)]);
  return publishedPaper(t, token, {
    name: opts.name,
    ...(opts.paperType ? { paperType: opts.paperType } : {}),
    sections: [{ title: 'All', items: [{ questionId, score: opts.score ?? 2 }] }],
  });
}

// Exam days on the settable clock. Each exam gets a day of its own from `firstDay`, so no two exams'
// candidates overlap; `at(minutes)` counts from the latest exam's window start.
export class ExamDays {
  private readonly first: number;
  private base: number;
  private count = 0;

  constructor(firstDay: string) {
    this.first = Date.parse(firstDay);
    this.base = this.first;
  }

  at = (minutes: number): number => this.base + minutes * MINUTE;
  iso = (minutes: number): string => new Date(this.at(minutes)).toISOString();

  // A published exam on the next day: window [at(0), at(120)), 60 minutes long, 30 s grace, for the
  // given candidates; the clock is left an hour before the window. `over` changes any field.
  async publish(
    t: TestApp,
    token: string,
    body: { name: string; paperId: number; studentIds: number[] } & Record<string, unknown>,
  ): Promise<Exam> {
    this.base = this.first + this.count++ * DAY;
    setClock(this.at(-60));
    const exam = ok(
      await t.call<Exam>('POST', '/api/exam/create', {
        token,
        body: {
          windowStart: this.iso(0),
          windowEnd: this.iso(120),
          durationMinutes: 60,
          graceSeconds: 30,
          ...body,
          name: `${body.name} ${this.count}`,
        },
      }),
    );
    ok(await t.call('POST', `/api/exam/publish/${exam.id}`, { token, body: { acceptWarnings: true } }));
    return exam;
  }
}
