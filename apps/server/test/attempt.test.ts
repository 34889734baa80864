import {
  type Attempt,
  type AttemptEventsResult,
  type AttemptSaveResult,
  type AttemptSubmitResult,
  type Exam,
  ExamLogType,
  type MonitorExam,
  type MonitorPage,
  type MyExams,
  type Page,
  PaperStatus,
  type Timeline,
} from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { collectDue } from '../src/modules/exam/attempt.service';
import { attemptAnswers, attemptEvents, examAttempts } from '../src/modules/exam/attempt.table';
import { removeExpiredSnapshots } from '../src/modules/file/file.service';
import { setClock } from '../src/platform/clock';
import { createQuestions, ExamDays, examPeople, FIVE_TYPES, publishedPaper } from './exam-fixture';
import { ajax, createTestApp, ok, type TestApp } from './harness';

// Exam day under faults: duplicated, reordered and retried saves, lost replies, two tabs, submit
// racing saves and the collector, a restarted server, saves after the deadline. The invariants:
// every acknowledged answer is in the final record, exactly one final status per attempt, nothing
// accepted after deadline + grace.

let t: TestApp;
let academic: string;
let teacher: string;
let paperId: number;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let qids: number[];
const days = new ExamDays('2031-05-06T08:00:00Z');
const { at } = days;
// The test clock keeps running after it is set, so times it stamps are checked to within seconds.
const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(5000);
const STUDENTS = ['student', 's2026001', 's2026002', 's2026003', 's2026004', 's2026005', 's2026006', 's2026007'];

beforeAll(async () => {
  t = await createTestApp();
  ({ academic, teacher, tokens, ids } = await examPeople(t, STUDENTS));
  qids = await createQuestions(t, academic, FIVE_TYPES);
  paperId = await publishedPaper(t, academic, {
    name: 'Exam-day paper',
    shuffleOptions: true,
    sections: [{ title: 'Part I', items: qids.map((questionId) => ({ questionId, score: 2 })) }],
  });
});
afterEach(() => setClock(null));
afterAll(() => t.close());

// A published exam for the named students (the shared exam day: window [at(0), at(120)), 60 minutes);
// `invigilated` makes the teacher its invigilator.
const makeExam = (students: string[], over: Record<string, unknown> = {}): Promise<Exam> => {
  const { invigilated, ...rest } = over;
  return days.publish(t, academic, {
    name: 'Exam day',
    paperId,
    studentIds: students.map((s) => ids[s]),
    invigilatorIds: invigilated ? [ids.teacher] : [],
    ...rest,
  });
};

const start = (who: string, examId: number) =>
  t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens[who], body: { examId } });
type Item = { questionId: number; answer: unknown; revision: number };
const save = (who: string, attemptId: number, items: Item[]) =>
  t.call<AttemptSaveResult>('POST', '/api/exam/attempt/save', { token: tokens[who], body: { attemptId, items } });
const submit = (who: string, attemptId: number, items?: Item[], reason?: string) =>
  t.call<AttemptSubmitResult>('POST', '/api/exam/attempt/submit', {
    token: tokens[who],
    body: { attemptId, ...(items ? { items } : {}), ...(reason ? { reason } : {}) },
  });
const events = (who: string, attemptId: number, list: { type: number; at: number; detail?: string }[]) =>
  t.call<AttemptEventsResult>('POST', '/api/exam/attempt/events', {
    token: tokens[who],
    body: { attemptId, events: list },
  });

async function stored(attemptId: number) {
  const list = await t.database.db
    .select()
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.organizationId, t.ids.demo.orgId), eq(attemptAnswers.attemptId, attemptId)));
  return new Map(list.map((a) => [a.questionId, a]));
}
async function attemptRow(attemptId: number) {
  const [row] = await t.database.db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.organizationId, t.ids.demo.orgId), eq(examAttempts.id, attemptId)));
  return row!;
}
async function finalEvents(attemptId: number) {
  const list = await t.database.db
    .select({ type: attemptEvents.type })
    .from(attemptEvents)
    .where(and(eq(attemptEvents.organizationId, t.ids.demo.orgId), eq(attemptEvents.attemptId, attemptId)));
  return list.filter((e) => [4, 5, 6, 8].includes(e.type)).length;
}

describe('starting an attempt', () => {
  it('is idempotent across tabs, one attempt per student, the paper carries no keys', async () => {
    const exam = await makeExam(['student', 's2026001']);
    setClock(at(-1));
    expect(await start('student', exam.id)).toMatchObject({ code: 500, error: { key: 'examNotOpenYet' } });
    setClock(at(5));
    const [a, b, c] = await Promise.all([
      start('student', exam.id),
      start('student', exam.id),
      start('student', exam.id),
    ]);
    const first = ok(a);
    expect(ok(b).id).toBe(first.id);
    expect(ok(c).id).toBe(first.id);
    const count = await t.database.db.execute(
      sql`select count(*)::int as n from exam_attempts where exam_id = ${exam.id} and user_id = ${ids.student}`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect(first.status).toBe(PaperStatus.Answering);
    near(first.deadline, at(65));
    expect(first.closesAt).toBe(first.deadline + 30_000);
    near(first.serverNow, at(5));
    const text = JSON.stringify(first.sections);
    expect(text).not.toContain('"answer"');
    expect(text).not.toContain('analysis');
    expect(text).not.toContain('Scattering.');
    const questions = first.sections.flatMap((s) => s.questions);
    expect(questions.map((q) => q.questionId).sort()).toEqual([...qids].sort());
    expect(questions.find((q) => q.type === 4)?.blankCount).toBe(2);
    // Options keep their own labels whatever order they come in.
    expect(
      questions
        .find((q) => q.type === 2)
        ?.options.map((o) => o.label)
        .sort(),
    ).toEqual(['A', 'B', 'C']);
  });

  it('refuses a non-candidate, an unknown exam, and entry after the latest entry time', async () => {
    const exam = await makeExam(['student'], { latestEntryMinutes: 15 });
    setClock(at(5));
    expect(await start('s2026001', exam.id)).toMatchObject({ code: 403, error: { key: 'notCandidate' } });
    expect((await start('student', 987654)).code).not.toBe(1);
    setClock(at(16));
    expect(await start('student', exam.id)).toMatchObject({ error: { key: 'entryClosed' } });
  });

  it("a deadline is capped by the window's end and an accommodation adds to both", async () => {
    const exam = await makeExam(['s2026002', 's2026003']);
    ok(
      await t.call('POST', `/api/user/accommodation/${ids.s2026003}`, {
        token: academic,
        body: { extraTimeFactor: 1.5, extraMinutes: 0 },
      }),
    );
    setClock(at(100));
    const late = ok(await start('s2026002', exam.id));
    expect(late.deadline).toBe(at(120));
    const extra = ok(await start('s2026003', exam.id));
    expect(extra.extraMinutes).toBe(30);
    expect(extra.deadline).toBe(at(150));
    // Capped by the window's end plus the extra time, exactly.
  });
});

describe('saving answers', () => {
  it('keeps the highest revision, ignores stale and repeated saves, acks what is stored', async () => {
    const exam = await makeExam(['s2026004']);
    setClock(at(1));
    const a = ok(await start('s2026004', exam.id));
    const [q1, q2] = qids;
    const r1 = ok(await save('s2026004', a.id, [{ questionId: q1!, answer: 'A', revision: 2 }]));
    expect(r1.acked).toEqual([{ questionId: q1, revision: 2, theirs: false }]);
    // A reordered (older) save arriving late changes nothing and is acked with the newer revision.
    const r2 = ok(await save('s2026004', a.id, [{ questionId: q1!, answer: 'B', revision: 1 }]));
    expect(r2.acked).toEqual([{ questionId: q1, revision: 2, theirs: true }]);
    // A retried save (its reply was lost) is harmless, and the answer held is the sender's own.
    const retried = ok(await save('s2026004', a.id, [{ questionId: q1!, answer: 'A', revision: 2 }]));
    expect(retried.acked).toEqual([{ questionId: q1, revision: 2, theirs: false }]);
    // A request and its duplicate racing each other both read back as the sender's own answer.
    const twins = await Promise.all(
      [1, 2].map(() => save('s2026004', a.id, [{ questionId: qids[4]!, answer: 'x', revision: 7 }])),
    );
    expect(twins.map((r) => ok(r).acked)).toEqual(
      [1, 2].map(() => [{ questionId: qids[4], revision: 7, theirs: false }]),
    );
    // Another device that used the same revision for another answer learns the server holds not its own.
    const clash = ok(await save('s2026004', a.id, [{ questionId: q1!, answer: 'B', revision: 2 }]));
    expect(clash.acked).toEqual([{ questionId: q1, revision: 2, theirs: true }]);
    // Duplicates in one batch: the highest revision wins.
    ok(
      await save('s2026004', a.id, [
        { questionId: q2!, answer: ['A'], revision: 3 },
        { questionId: q2!, answer: ['A', 'C'], revision: 4 },
      ]),
    );
    const s = await stored(a.id);
    expect(s.get(q1!)).toMatchObject({ answer: 'A', revision: 2 });
    expect(s.get(q2!)).toMatchObject({ answer: ['A', 'C'], revision: 4 });
    // A batch with a question not in the paper changes nothing at all.
    const bad = await save('s2026004', a.id, [
      { questionId: q1!, answer: 'B', revision: 9 },
      { questionId: 99999999, answer: 'x', revision: 1 },
    ]);
    expect(bad).toMatchObject({ code: 501, error: { key: 'questionNotInPaper', field: 'items.1.questionId' } });
    expect((await stored(a.id)).get(q1!)).toMatchObject({ answer: 'A', revision: 2 });
    // Another student's attempt is not found, and nothing is written to it.
    const other = await save('student', a.id, [{ questionId: q1!, answer: 'B', revision: 50 }]);
    expect(other.code).not.toBe(1);
    expect((await stored(a.id)).get(q1!)?.revision).toBe(2);
    // Resuming on another device returns the stored answers with their revisions.
    const again = ok(await start('s2026004', exam.id));
    expect(again.answers.find((x) => x.questionId === q1)).toMatchObject({ answer: 'A', revision: 2 });
  });

  it('takes saves until deadline + grace and nothing after', async () => {
    const exam = await makeExam(['s2026005']);
    setClock(at(0));
    const a = ok(await start('s2026005', exam.id));
    setClock(a.closesAt - 3000);
    ok(await save('s2026005', a.id, [{ questionId: qids[0]!, answer: 'B', revision: 1 }]));
    setClock(a.closesAt);
    const late = await save('s2026005', a.id, [{ questionId: qids[0]!, answer: 'A', revision: 2 }]);
    expect(late).toMatchObject({ error: { key: 'attemptClosed' } });
    expect((await stored(a.id)).get(qids[0]!)).toMatchObject({ answer: 'B', revision: 1 });
    // The collector ends it once, from the last acknowledged answers.
    const [x, y] = await Promise.all([collectDue(t.database.db, a.closesAt), collectDue(t.database.db, a.closesAt)]);
    expect([...x, ...y].filter((id) => id === a.id)).toHaveLength(1);
    expect(await collectDue(t.database.db, a.closesAt + 60_000)).not.toContain(a.id);
    expect(await attemptRow(a.id)).toMatchObject({ status: PaperStatus.AutoCollected });
    expect(await finalEvents(a.id)).toBe(1);
    // A submit arriving after the collection returns the final state and changes nothing.
    expect(ok(await submit('s2026005', a.id, [{ questionId: qids[0]!, answer: 'A', revision: 3 }]))).toMatchObject({
      status: PaperStatus.AutoCollected,
      answered: 1,
    });
    expect(await start('s2026005', exam.id)).toMatchObject({ error: { key: 'attemptEnded' } });
  });
});

describe('submitting', () => {
  it('saves the last batch, is idempotent, and refuses later saves', async () => {
    const exam = await makeExam(['s2026006']);
    setClock(at(10));
    const a = ok(await start('s2026006', exam.id));
    const first = ok(await submit('s2026006', a.id, [{ questionId: qids[2]!, answer: true, revision: 1 }]));
    expect(first).toMatchObject({ status: PaperStatus.HandedIn, answered: 1, total: 5 });
    expect(first.acked).toEqual([{ questionId: qids[2], revision: 1, theirs: false }]);
    const second = ok(await submit('s2026006', a.id));
    expect(second).toMatchObject({ status: PaperStatus.HandedIn, endedAt: first.endedAt, answered: 1 });
    expect(await save('s2026006', a.id, [{ questionId: qids[0]!, answer: 'A', revision: 1 }])).toMatchObject({
      error: { key: 'attemptEnded' },
    });
    expect(await finalEvents(a.id)).toBe(1);
    // My exams lists it as finished, with the paper's status.
    const mine = ok(await t.call<MyExams>('POST', '/api/exam/my', { token: tokens.s2026006 }));
    expect(mine.exams.find((e) => e.id === exam.id)).toMatchObject({ phase: 'finished', paperStatus: 4 });
  });

  it("'timeUp' before the deadline counts as handed in, at the deadline as collected", async () => {
    const exam = await makeExam(['s2026007', 'student']);
    setClock(at(0));
    const a = ok(await start('s2026007', exam.id));
    setClock(at(30));
    expect(ok(await submit('s2026007', a.id, undefined, 'timeUp')).status).toBe(PaperStatus.HandedIn);
    const b = ok(await start('student', exam.id));
    setClock(b.deadline);
    expect(ok(await submit('student', b.id, undefined, 'timeUp')).status).toBe(PaperStatus.AutoCollected);
  });

  it('racing saves, two tabs, a submit and the collector: every acknowledged answer is in the final record', async () => {
    const students = ['s2026001', 's2026002', 's2026003'];
    // fast-check's scheduler decides the order in which the racing calls start; once started they
    // overlap on the real database.
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.record({ tab: fc.integer({ min: 0, max: 1 }), q: fc.integer({ min: 0, max: 4 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.boolean(),
        async (s, edits, collectToo) => {
          const exam = await makeExam(students);
          setClock(at(20));
          const attempts = await Promise.all(students.map(async (who) => ok(await start(who, exam.id))));
          const who = students[0]!;
          const attempt = attempts[0]!;
          // Each tab numbers its own changes; the two tabs' revisions interleave as the edits do.
          let revision = 0;
          const acked = new Map<number, number>();
          const note = (r: { code: number; response: AttemptSaveResult | AttemptSubmitResult }) => {
            if (r.code !== 1) return;
            for (const a of r.response.acked)
              acked.set(a.questionId, Math.max(acked.get(a.questionId) ?? 0, a.revision));
          };
          const calls = edits.map((e) => {
            revision += 1;
            const item = { questionId: qids[e.q]!, answer: `tab${e.tab}-${revision}`, revision };
            return s
              .schedule(Promise.resolve(`save ${revision}`))
              .then(() => save(who, attempt.id, [item]))
              .then(note);
          });
          calls.push(
            s
              .schedule(Promise.resolve('submit'))
              .then(() => submit(who, attempt.id))
              .then(note),
          );
          if (collectToo) {
            setClock(attempt.closesAt + 1);
            calls.push(
              s
                .schedule(Promise.resolve('collect'))
                .then(() => collectDue(t.database.db, attempt.closesAt + 1))
                .then(() => undefined),
            );
          }
          await s.waitAll();
          await Promise.all(calls);
          const final = await attemptRow(attempt.id);
          expect([PaperStatus.HandedIn, PaperStatus.AutoCollected]).toContain(final.status);
          expect(await finalEvents(attempt.id)).toBe(1);
          const record = await stored(attempt.id);
          for (const [q, rev] of acked) expect(record.get(q)?.revision ?? 0).toBeGreaterThanOrEqual(rev);
          // Nothing stored after the end.
          for (const a of record.values()) expect(a.savedAt.getTime()).toBeLessThanOrEqual(final.endedAt!.getTime());
          setClock(null);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('proctoring events', () => {
  it('counts switches once each, warns, then collects the paper', async () => {
    const exam = await makeExam(['student'], { switchWarnAfter: 2, switchCollectAfter: 3 });
    setClock(at(2));
    const a = ok(await start('student', exam.id));
    const e1 = ok(await events('student', a.id, [{ type: ExamLogType.ScreenSwitch, at: at(2) + 1 }]));
    expect(e1).toMatchObject({ accepted: 1, switchCount: 1, warn: false, status: PaperStatus.Answering });
    // The same batch again (a retry): stored once.
    expect(ok(await events('student', a.id, [{ type: ExamLogType.ScreenSwitch, at: at(2) + 1 }]))).toMatchObject({
      accepted: 0,
      switchCount: 1,
    });
    const e2 = ok(await events('student', a.id, [{ type: ExamLogType.LeftApp, at: at(3) }]));
    expect(e2).toMatchObject({ switchCount: 2, warn: true });
    const e3 = ok(await events('student', a.id, [{ type: ExamLogType.ScreenSwitch, at: at(4), detail: 'blur' }]));
    expect(e3).toMatchObject({ switchCount: 3, status: PaperStatus.ForceCollected });
    expect(await attemptRow(a.id)).toMatchObject({ status: PaperStatus.ForceCollected, flagged: true });
    // Only client event types are accepted.
    expect(await events('student', a.id, [{ type: ExamLogType.ForcedCollection, at: at(5) }])).toMatchObject({
      code: 501,
    });
  });
});

describe('the monitor', () => {
  it('shows each candidate live and lets the invigilator act; others cannot', async () => {
    const exam = await makeExam(['student', 's2026001', 's2026002'], { invigilated: true });
    setClock(at(3));
    const a = ok(await start('student', exam.id));
    ok(await save('student', a.id, [{ questionId: qids[0]!, answer: 'B', revision: 1 }]));
    ok(await events('student', a.id, [{ type: ExamLogType.ScreenSwitch, at: at(3) }]));
    const b = ok(await start('s2026001', exam.id));
    const page = ok(
      await t.call<MonitorPage>('POST', '/api/examLog/page', {
        token: teacher,
        body: { examId: exam.id, pageSize: 50 },
      }),
    );
    expect(page.counts.candidates).toBe(3);
    const one = ok(
      await t.call<Page<MonitorExam>>('POST', '/api/examLog/exams', {
        token: teacher,
        body: { id: exam.id, pageIndex: 1, pageSize: 5 },
      }),
    );
    expect(one.list).toEqual([expect.objectContaining({ id: exam.id, candidates: 3, answering: 2, flagged: 0 })]);
    const row = page.list.find((r) => r.userId === ids.student)!;
    expect(row).toMatchObject({ paperStatus: 3, studentStatus: 2, answered: 1, total: 5, switchCount: 1 });
    near(row.timeLeftMs!, a.deadline - at(3));
    expect(page.list.find((r) => r.userId === ids.s2026002)).toMatchObject({ paperStatus: 0, studentStatus: 1 });
    const filtered = ok(
      await t.call<MonitorPage>('POST', '/api/examLog/page', {
        token: teacher,
        body: { examId: exam.id, paperStatus: 0 },
      }),
    );
    expect(filtered.list.map((r) => r.userId)).toEqual([ids.s2026002]);

    // Add time, send a notice, then collect one and let them back in.
    ok(
      await t.call('POST', '/api/examLog/addTime', {
        token: teacher,
        body: { examId: exam.id, userIds: [ids.student], minutes: 10 },
      }),
    );
    ok(
      await t.call('POST', '/api/examLog/notice', {
        token: teacher,
        body: { examId: exam.id, userIds: [ids.student], text: 'Five minutes left' },
      }),
    );
    const saved = ok(await save('student', a.id, []));
    expect(saved.deadline).toBe(a.deadline + 10 * 60_000);
    expect(saved.notice?.text).toBe('Five minutes left');
    expect(
      ok(
        await t.call<{ changed: number }>('POST', '/api/examLog/collect', {
          token: teacher,
          body: { examId: exam.id, userIds: [ids.s2026001] },
        }),
      ),
    ).toEqual({ changed: 1 });
    expect(await attemptRow(b.id)).toMatchObject({ status: PaperStatus.ForceCollected });
    ok(
      await t.call('POST', '/api/examLog/reopen', { token: teacher, body: { examId: exam.id, userId: ids.s2026001 } }),
    );
    expect(await attemptRow(b.id)).toMatchObject({ status: PaperStatus.Answering });
    ok(
      await t.call('POST', '/api/examLog/markAbnormal', {
        token: teacher,
        body: { examId: exam.id, userId: ids.s2026001, reason: 'Phone on desk' },
      }),
    );
    expect(await attemptRow(b.id)).toMatchObject({ status: PaperStatus.Abnormal, endReason: 'Phone on desk' });
    ok(
      await t.call('POST', '/api/examLog/review', {
        token: teacher,
        body: { examId: exam.id, userId: ids.s2026001, decision: 2, note: 'Seen by two invigilators' },
      }),
    );

    const line = ok(
      await t.call<Timeline>('POST', '/api/examLog/timeline', {
        token: teacher,
        body: { examId: exam.id, userId: ids.s2026001 },
      }),
    );
    expect(line.entries.map((e) => e.type)).toEqual([0, 6, 8]);
    expect(line.review).toMatchObject({ decision: 2, note: 'Seen by two invigilators' });

    // A teacher who neither made nor invigilates the exam, and a student, see nothing of it.
    const other = await t.login('demo', 'wang.fang');
    expect((await t.call('POST', '/api/examLog/page', { token: other, body: { examId: exam.id } })).code).not.toBe(1);
    expect(
      (
        await t.call('POST', '/api/examLog/collect', {
          token: other,
          body: { examId: exam.id, userIds: [ids.student] },
        })
      ).code,
    ).not.toBe(1);
    expect(await attemptRow(a.id)).toMatchObject({ status: PaperStatus.Answering });
    expect((await t.call('POST', '/api/examLog/page', { token: tokens.student, body: { examId: exam.id } })).code).toBe(
      403,
    );
  });
});

describe('camera snapshots', () => {
  it('are uploaded by the student, referenced by events, seen by the invigilator only, and expire', async () => {
    const exam = await makeExam(['s2026005', 's2026006'], { invigilated: true, cameraSource: 1 });
    setClock(at(1));
    const a = ok(await start('s2026005', exam.id));
    const b = ok(await start('s2026006', exam.id));
    const upload = async (who: string, attemptId: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/file/upload?purpose=snapshot&attemptId=${attemptId}`,
          headers: { token: tokens[who], 'content-type': 'image/png', 'x-file-name': 'snap.png', ...ajax },
          payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]),
        })
      ).json() as { code: number; response: { id: number } };
    const mine = await upload('s2026005', a.id);
    expect(mine.code).toBe(1);
    const theirs = await upload('s2026006', b.id);
    // Another student's picture cannot be passed off as one's own.
    expect(
      await events('s2026005', a.id, [
        { type: ExamLogType.Snapshot, at: at(1) + 5, fileId: theirs.response.id } as never,
      ]),
    ).toMatchObject({ code: 501, error: { field: 'events.0.fileId' } });
    ok(
      await events('s2026005', a.id, [
        { type: ExamLogType.Snapshot, at: at(1) + 6, fileId: mine.response.id } as never,
      ]),
    );
    const line = ok(
      await t.call<Timeline>('POST', '/api/examLog/timeline', {
        token: teacher,
        body: { examId: exam.id, userId: ids.s2026005 },
      }),
    );
    const entry = line.entries.find((e) => e.type === ExamLogType.Snapshot)!;
    expect(entry.fileUrl).toBe(`/api/file/${mine.response.id}`);
    // Refusals come as the envelope ("not found"); only a reader gets the picture.
    const read = async (token: string) =>
      String((await t.app.inject({ method: 'GET', url: entry.fileUrl!, headers: { token } })).headers['content-type']);
    expect(await read(teacher)).toBe('image/png');
    const other = await t.login('demo', 'wang.fang');
    expect(await read(other)).toContain('json');
    expect(await read(tokens.s2026006)).toContain('json');
    // Past the retention period the picture goes; the timeline keeps the entry.
    await t.database.db.execute(
      sql`update files set create_time = now() - interval '200 days' where id = ${mine.response.id}`,
    );
    expect(await removeExpiredSnapshots(t.database.db, t.app.storage, 180)).toBeGreaterThanOrEqual(1);
    expect(await read(teacher)).toContain('json');
    const after = ok(
      await t.call<Timeline>('POST', '/api/examLog/timeline', {
        token: teacher,
        body: { examId: exam.id, userId: ids.s2026005 },
      }),
    );
    expect(after.entries.find((e) => e.type === ExamLogType.Snapshot)).toMatchObject({ fileUrl: null });
  });
});

describe('a restarted server', () => {
  it('keeps every acknowledged answer and collects what was left open', async () => {
    const exam = await makeExam(['s2026003', 's2026004']);
    setClock(at(40));
    const a = ok(await start('s2026003', exam.id));
    ok(await save('s2026003', a.id, [{ questionId: qids[3]!, answer: ['Paris'], revision: 5 }]));
    // A second server process on the same database takes over; the first stops mid-exam.
    const second = await buildApp({ db: t.database.db, logLevel: 'silent', filesDir: t.filesDir });
    await second.ready();
    const res = await second.inject({
      method: 'POST',
      url: '/api/exam/attempt/save',
      headers: { token: tokens.s2026003, ...ajax },
      payload: { attemptId: a.id, items: [{ questionId: qids[4]!, answer: 'because', revision: 1 }] },
    });
    expect(res.json()).toMatchObject({ code: 1 });
    await second.close();
    expect(await stored(a.id)).toSatisfy((m: Map<number, unknown>) => m.size === 2);
    // Nobody came back: the collector ends it from the stored answers.
    await collectDue(t.database.db, a.closesAt);
    expect(await attemptRow(a.id)).toMatchObject({ status: PaperStatus.AutoCollected });
    expect((await stored(a.id)).get(qids[3]!)).toMatchObject({ answer: ['Paris'], revision: 5 });
  });
});
