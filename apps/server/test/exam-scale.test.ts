import { type Attempt, type AttemptSaveResult, type Exam, ResultCode, type WaitingRoom } from '@lyceum/contract';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginLogs, loginThrottle, sessions, trustedDevices } from '../src/modules/auth/auth.table';
import { setClock } from '../src/platform/clock';
import { createQuestions, ExamDays, examPeople, FIVE_TYPES, publishedPaper } from './exam-fixture';
import { createTestApp, ok, PASSWORD, type TestApp } from './harness';

// Exam day at scale (issue 29): the waiting room before the start, the lean save's fallbacks, saves
// that lock rows in one order, a login's writes in one statement, and compressed answers.

let t: TestApp;
let academic: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let qids: number[];
let paperId: number;
const days = new ExamDays('2032-03-01T08:00:00Z');
const STUDENTS = ['student', 's2026001', 's2026002'];

beforeAll(async () => {
  t = await createTestApp();
  ({ academic, tokens, ids } = await examPeople(t, STUDENTS));
  qids = await createQuestions(t, academic, FIVE_TYPES);
  paperId = await publishedPaper(t, academic, {
    name: 'Scale paper',
    sections: [{ title: 'Part I', items: qids.map((questionId) => ({ questionId, score: 2 })) }],
  });
});
afterEach(() => setClock(null));
afterAll(() => t.close());

const makeExam = (students: string[], over: Record<string, unknown> = {}): Promise<Exam> =>
  days.publish(t, academic, {
    name: 'Scale exam',
    paperId,
    studentIds: students.map((s) => ids[s]),
    instructions: '<p>Pens down at the bell.</p>',
    ...over,
  });
const room = (who: string, examId: number) =>
  t.call<WaitingRoom>('POST', '/api/exam/attempt/waitingRoom', { token: tokens[who], body: { examId } });
const start = (who: string, examId: number) =>
  t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens[who], body: { examId } });
type Item = { questionId: number; answer: unknown; revision: number };
const save = (who: string, attemptId: number, items: Item[]) =>
  t.call<AttemptSaveResult>('POST', '/api/exam/attempt/save', { token: tokens[who], body: { attemptId, items } });

describe('the waiting room', () => {
  it('shows a candidate the exam and the server clock before the start, without the paper', async () => {
    const exam = await makeExam(['student']);
    setClock(days.at(-10));
    expect((await start('student', exam.id)).error?.key).toBe('examNotOpenYet');
    const r = ok(await room('student', exam.id));
    expect(r).toMatchObject({
      examId: exam.id,
      opensAt: days.at(0),
      durationMinutes: 60,
      extraMinutes: 0,
      instructions: '<p>Pens down at the bell.</p>',
      started: false,
    });
    expect(Math.abs(r.serverNow - days.at(-10))).toBeLessThan(5000);
    expect(JSON.stringify(r)).not.toMatch(/sections|answer|questionId/);
    // At the start the page enters; checking in again says so.
    setClock(days.at(0.1));
    ok(await start('student', exam.id));
    expect(ok(await room('student', exam.id)).started).toBe(true);
  });

  it('is refused to students who are not candidates and to staff', async () => {
    const exam = await makeExam(['student']);
    setClock(days.at(-10));
    expect((await room('s2026001', exam.id)).error?.key).toBe('notCandidate');
    const staff = await t.call('POST', '/api/exam/attempt/waitingRoom', { token: academic, body: { examId: exam.id } });
    expect(staff.code).toBe(ResultCode.Forbidden);
    expect((await room('student', 999_999)).code).toBe(ResultCode.Error);
  });
});

describe('the save', () => {
  it('acknowledges what it wrote, and tells a stale revision from one written as sent', async () => {
    const exam = await makeExam(['s2026001']);
    setClock(days.at(1));
    const a = ok(await start('s2026001', exam.id));
    const [q1, q2] = [qids[0]!, qids[1]!];
    // Written as sent: the lean statement answers alone.
    expect(ok(await save('s2026001', a.id, [{ questionId: q1, answer: 'A', revision: 2 }])).acked).toEqual([
      { questionId: q1, revision: 2, theirs: false },
    ]);
    // One item stale (another device got revision 2 in first): the full statement says whose it is.
    const mixed = ok(
      await save('s2026001', a.id, [
        { questionId: q2, answer: 'B', revision: 1 },
        { questionId: q1, answer: 'C', revision: 1 },
      ]),
    );
    expect(mixed.acked).toEqual([
      { questionId: q1, revision: 2, theirs: true },
      { questionId: q2, revision: 1, theirs: false },
    ]);
    // A question not in the paper refuses the whole batch and names it.
    const bad = await save('s2026001', a.id, [
      { questionId: q2, answer: 'D', revision: 5 },
      { questionId: 987_654, answer: 'A', revision: 1 },
    ]);
    expect(bad.code).toBe(ResultCode.InvalidParams);
    expect(bad.error?.field).toBe('items.1.questionId');
  });

  it('parallel saves of one attempt sending the same questions in opposite orders never deadlock', async () => {
    const exam = await makeExam(['s2026002']);
    setClock(days.at(1));
    const a = ok(await start('s2026002', exam.id));
    const ids5 = qids.slice(0, 5);
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, k) => {
        const order = k % 2 ? [...ids5].reverse() : ids5;
        return save(
          's2026002',
          a.id,
          order.map((questionId) => ({ questionId, answer: `rev ${k + 1}`, revision: k + 1 })),
        );
      }),
    );
    expect(replies.map((r) => r.code)).toEqual(replies.map(() => ResultCode.Success));
  });
});

describe('logging in', () => {
  it('writes the session, the log row and the device in one go; a known device leaves the throttle alone', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { domain: 'demo', userName: 's2026003', password: PASSWORD },
    });
    expect(first.json().code).toBe(ResultCode.Success);
    const device = first.cookies.find((c) => c.name === 'lyceum_device')!.value;
    const db = t.database.db;
    const org = t.ids.demo.orgId;
    const [user] = await db.select().from(loginLogs).where(eq(loginLogs.userName, 's2026003'));
    expect(user).toMatchObject({ success: true, reason: null });
    expect((await db.select().from(sessions).where(eq(sessions.userId, user!.userId!))).length).toBe(1);
    expect((await db.select().from(trustedDevices).where(eq(trustedDevices.userId, user!.userId!))).length).toBe(1);
    // The new browser's attempt was counted on the account and address, and settled on success.
    expect(
      await db
        .select()
        .from(loginThrottle)
        .where(like(loginThrottle.key, `acct:${org}:s2026003`)),
    ).toEqual([]);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { domain: 'demo', userName: 's2026003', password: PASSWORD },
      cookies: { lyceum_device: device },
    });
    expect(again.json().code).toBe(ResultCode.Success);
    expect(await db.select().from(loginThrottle).where(like(loginThrottle.key, 'dev:%'))).toEqual([]);
    expect((await db.select().from(sessions).where(eq(sessions.userId, user!.userId!))).length).toBe(2);
    // A wrong password from the known device is counted on the device's own key.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { domain: 'demo', userName: 's2026003', password: 'not-it-2026' },
      cookies: { lyceum_device: device },
    });
    expect(wrong.json().code).toBe(ResultCode.WrongCredentials);
    expect((await db.select().from(loginThrottle).where(like(loginThrottle.key, 'dev:%'))).length).toBe(1);
  });
});

describe('answers on the wire', () => {
  it('compresses JSON of 1 KiB and more for clients that accept it, and leaves small answers alone', async () => {
    const admin = await t.login('demo', 'admin');
    const headers = { token: admin, 'accept-encoding': 'gzip' };
    const tree = await t.app.inject({ method: 'GET', url: '/api/role/permissionTree', headers });
    expect(tree.statusCode).toBe(200);
    expect(tree.headers['content-encoding']).toBe('gzip');
    const small = await t.app.inject({ method: 'GET', url: '/api/user/current', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    // Without accept-encoding nothing is compressed; the security headers are on both.
    const plain = await t.app.inject({ method: 'GET', url: '/api/role/permissionTree', headers: { token: admin } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().code).toBe(ResultCode.Success);
    for (const r of [tree, small, plain]) {
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
  });
});
