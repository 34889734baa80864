import type { Attempt, Exam, ExamConflict } from '@lyceum/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../src/platform/clock';
import { logins, makeClasses, onePaper, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';

// Issue 36: what may stop a publish (decision 43) and what a cancel says it leaves behind. Each
// test has a week of its own, so no two tests' exams meet.

let t: TestApp;
let academic: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let paperId: number;
let homeworkPaperId: number;
let teamId: number;
const STUDENTS = ['s2026001', 's2026002', 's2026003'];
const HOUR = 3_600_000;
const week = (n: number) => Date.parse('2032-03-01T08:00:00Z') + n * 7 * 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  academic = await t.login('demo', 'academic');
  tokens = await logins(t, STUDENTS);
  ids = await userIds(t, STUDENTS);
  paperId = await onePaper(t, academic, { name: 'Publish rules' });
  homeworkPaperId = await onePaper(t, academic, { name: 'Publish rules homework', paperType: 6 });
  [teamId] = await makeClasses(t, academic, 2032, [
    { name: 'Publish rules class', members: STUDENTS.map((s) => ids[s]) },
  ]);
});
afterEach(() => setClock(null));
afterAll(() => t.close());

let seq = 0;
// A draft exam for the class: `start` and `hours` give its window, 60 minutes long unless `over` says.
async function draft(start: number, hours: number, over: Record<string, unknown> = {}): Promise<Exam> {
  return ok(
    await t.call<Exam>('POST', '/api/exam/create', {
      token: academic,
      body: {
        name: `Rules exam ${++seq}`,
        paperId,
        teamIds: [teamId],
        windowStart: iso(start),
        windowEnd: iso(start + hours * HOUR),
        durationMinutes: 60,
        ...over,
      },
    }),
  );
}
const publish = (id: number, acceptWarnings = false) =>
  t.call<Exam>('POST', `/api/exam/publish/${id}`, { token: academic, body: { acceptWarnings } });
const conflicts = async (id: number) =>
  ok(await t.call<ExamConflict[]>('POST', `/api/exam/conflicts/${id}`, { token: academic }));
const kinds = async (id: number) => (await conflicts(id)).map((c) => `${c.kind}:${c.severity}`);

describe('item 1: a class is not locked by other work', () => {
  it('homework of the same students is no clash', async () => {
    const t0 = week(0);
    setClock(t0 - HOUR);
    const task = ok(
      await t.call<{ id: number }>('POST', '/api/task/create', {
        token: academic,
        body: {
          name: 'Rules homework',
          taskType: 1,
          rangeType: 2,
          teamIds: [teamId],
          paperId: homeworkPaperId,
          startTime: iso(t0),
          dueTime: iso(t0 + 5 * 24 * HOUR),
        },
      }),
    );
    ok(await t.call('POST', `/api/task/publish/${task.id}`, { token: academic, body: {} }));
    const exam = await draft(t0 + 24 * HOUR, 2);
    expect(await kinds(exam.id)).toEqual([]);
    ok(await publish(exam.id));
    // Nor is homework on the exam scheduling calendar (it showed as an exam with an unpublished paper).
    const cal = ok(
      await t.call<{ entries: { id: number; name: string }[] }>('POST', '/api/exam/calendar', {
        token: academic,
        body: { from: iso(t0 - 24 * HOUR), to: iso(t0 + 7 * 24 * HOUR), teamId },
      }),
    );
    expect(cal.entries.map((e) => e.name)).toEqual([exam.name]);
  });

  it('a long open-window practice exam does not lock the class', async () => {
    const t0 = week(1);
    setClock(t0 - HOUR);
    const practice = await draft(t0, 24 * 6);
    ok(await publish(practice.id));
    // A sitting inside the practice window: the students sit the practice another time.
    const sitting = await draft(t0 + 48 * HOUR, 2, { durationMinutes: 90, latestEntryMinutes: 15 });
    expect(await kinds(sitting.id)).toEqual([]);
    ok(await publish(sitting.id));
  });

  it('a paper already handed in is no clash; two sittings at once are a warning to accept', async () => {
    const t0 = week(2);
    setClock(t0 - HOUR);
    const first = await draft(t0, 2);
    ok(await publish(first.id));
    // Every student hands the first exam in within its first ten minutes.
    setClock(t0 + 5 * 60_000);
    for (const s of STUDENTS) {
      const attempt = ok(
        await t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens[s], body: { examId: first.id } }),
      );
      ok(await t.call('POST', '/api/exam/attempt/submit', { token: tokens[s], body: { attemptId: attempt.id } }));
    }
    setClock(t0 + 10 * 60_000);
    const second = await draft(t0 + 30 * 60_000, 2);
    expect(await kinds(second.id)).toEqual([]);
    ok(await publish(second.id));

    // The next day two sittings of the same students at the same time: a warning, not a lock.
    const day2 = t0 + 24 * HOUR;
    setClock(day2 - HOUR);
    const morning = await draft(day2, 1.5, { durationMinutes: 90 });
    ok(await publish(morning.id));
    const clash = await draft(day2 + 30 * 60_000, 1.5, { durationMinutes: 90 });
    const [warning] = await conflicts(clash.id);
    expect(warning).toMatchObject({ kind: 'candidateOverlap', severity: 'warning', count: STUDENTS.length });
    refused(await publish(clash.id), 'examHasWarnings');
    ok(await publish(clash.id, true));
  });
});

describe('item 11: a window that has passed', () => {
  it('is an error in the conflicts, and publishing it is refused on windowEnd', async () => {
    const t0 = week(3);
    setClock(t0 - HOUR);
    const late = await draft(t0, 2);
    setClock(t0 + 3 * HOUR);
    const [passed] = await conflicts(late.id);
    expect(passed).toMatchObject({ kind: 'windowPassed', severity: 'error' });
    refused(await publish(late.id, true), 'windowPassed', 'windowEnd');
  });
});

describe('item 10: cancelling an exam with papers handed in', () => {
  it('the exam says how many papers were handed in and marked, before and after the cancel', async () => {
    const t0 = week(4);
    setClock(t0 - HOUR);
    const exam = await draft(t0, 2);
    ok(await publish(exam.id));
    setClock(t0 + 5 * 60_000);
    const attempt = ok(
      await t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens.s2026001, body: { examId: exam.id } }),
    );
    ok(await t.call('POST', '/api/exam/attempt/submit', { token: tokens.s2026001, body: { attemptId: attempt.id } }));
    ok(await t.call('POST', '/api/exam/attempt/start', { token: tokens.s2026002, body: { examId: exam.id } }));
    const before = ok(await t.call<Exam>('POST', `/api/exam/select/${exam.id}`, { token: academic }));
    expect(before.handedInCount).toBe(1);
    const cancelled = ok(
      await t.call<Exam>('POST', `/api/exam/cancel/${exam.id}`, { token: academic, body: { reason: 'Fire drill' } }),
    );
    // The paper being answered ended as abnormal; the handed-in one is kept and still counted.
    expect(cancelled).toMatchObject({ state: 3, handedInCount: 1 });
    // Staff keep the handed-in paper in the scores of the cancelled exam.
    const scores = ok(
      await t.call<{ list: { userId: number; paperStatus: number }[] }>('POST', '/api/examScore/page', {
        token: academic,
        body: { examId: exam.id },
      }),
    );
    expect(scores.list.find((r) => r.userId === ids.s2026001)?.paperStatus).toBeGreaterThanOrEqual(4);
  });
});
