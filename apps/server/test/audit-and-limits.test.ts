import {
  type Attempt,
  type AttemptEventsResult,
  type Exam,
  ExamLogType,
  type InboxMessage,
  type Message,
  PaperStatus,
  ResultCode,
} from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts } from '../src/modules/exam/attempt.table';
import { files } from '../src/modules/file/file.table';
import { operationLogs } from '../src/modules/log/log.table';
import { setClock } from '../src/platform/clock';
import { OperationLog } from '../src/platform/operation-log';
import { ExamDays, logins, onePaper, userIds } from './exam-fixture';
import { ajax, createTestApp, ok, type Reply, refused, type TestApp } from './harness';

// Issue 27, findings 8 and 9: one bad row must not cost the operation log anyone else's entries, and
// exam day has volume limits (events per attempt, body size, nothing after the end, snapshots only
// with a file of the attempt, uploads only during an open attempt); images in rich text are file
// addresses after resolving; opening a message is a read.

let t: TestApp;
let academic: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let paperId: number;
const STUDENTS = ['s2026001', 's2026002', 's2026003'];
const days = new ExamDays('2036-04-07T08:00:00Z');
const { at } = days;

beforeAll(async () => {
  t = await createTestApp();
  academic = await t.login('demo', 'academic');
  tokens = await logins(t, STUDENTS);
  ids = await userIds(t, [...STUDENTS, 'academic']);
  paperId = await onePaper(t, academic, { name: 'Limits paper' });
});
afterEach(() => setClock(null));
afterAll(() => t.close());

describe('the operation log', () => {
  const degreeRows = async () =>
    t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.organizationId, t.ids.demo.orgId), eq(operationLogs.entity, 'degree')))
      .orderBy(operationLogs.id);

  it('keeps everyone’s entries when one request carried a NUL; labels come from validated input, cleaned', async () => {
    const create = (body: object) => t.call('POST', '/api/degree/create', { token: academic, body });
    ok(await create({ name: 'Audit one' }));
    refused(await create({ title: 'a\u0000b' }), 'nulCharacter', 'title');
    ok(await create({ name: 'Audit\u0007two' }));
    ok(await create({ name: 'Audit three' }));
    await t.app.operationLog.flush();
    const rows = await degreeRows();
    expect(rows.map((r) => [r.action, r.responseCode, r.recordLabel])).toEqual([
      ['create', ResultCode.Success, 'Audit one'],
      // Refused before validation: nothing from its body is taken as a label.
      ['create', ResultCode.InvalidParams, null],
      ['create', ResultCode.Success, 'Audittwo'],
      ['create', ResultCode.Success, 'Audit three'],
    ]);
  });

  it('writes a failed batch row by row, so a bad row loses only itself', async () => {
    const errors: unknown[] = [];
    const log = new OperationLog(t.database.db, (err) => errors.push(err));
    // A call as the log sees it after the reply; an organisation that is gone makes its row fail.
    const call = (orgId: number, action: string) =>
      ({
        ctx: { orgId, userId: ids.academic, userName: 'academic' },
        routeOptions: { url: `/api/probe/${action}` },
        url: `/api/probe/${action}`,
        method: 'POST',
        headers: {},
        params: {},
        body: {},
        ip: '127.0.0.1',
        logSubject: null,
        resultCode: ResultCode.Success,
        resultMessage: null,
        resultError: null,
      }) as never;
    log.record(call(t.ids.demo.orgId, 'first'), 1);
    log.record(call(987_654, 'lost'), 1);
    log.record(call(t.ids.demo.orgId, 'second'), 1);
    await log.flush();
    const rows = await t.database.db
      .select({ action: operationLogs.action })
      .from(operationLogs)
      .where(eq(operationLogs.entity, 'probe'))
      .orderBy(operationLogs.id);
    expect(rows.map((r) => r.action)).toEqual(['first', 'second']);
    expect(errors).toHaveLength(1);
  });
});

describe('exam day limits', () => {
  const exam = (students: string[], over: Record<string, unknown> = {}): Promise<Exam> =>
    days.publish(t, academic, {
      name: 'Limits',
      paperId,
      studentIds: students.map((s) => ids[s]),
      cameraSource: 1,
      ...over,
    });
  const start = async (who: string, examId: number) =>
    ok(await t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens[who], body: { examId } }));
  type Event = { type: number; at: number; detail?: string; fileId?: number };
  const events = (who: string, attemptId: number, list: Event[]) =>
    t.call<AttemptEventsResult>('POST', '/api/exam/attempt/events', {
      token: tokens[who],
      body: { attemptId, events: list },
    });
  const switches = (from: number, n: number): Event[] =>
    Array.from({ length: n }, (_, i) => ({ type: ExamLogType.ScreenSwitch, at: from + i }));
  const row = async (id: number) =>
    (
      await t.database.db
        .select()
        .from(examAttempts)
        .where(and(eq(examAttempts.organizationId, t.ids.demo.orgId), eq(examAttempts.id, id)))
    )[0]!;
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  const upload = async (who: string, attemptId?: number) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/file/upload?purpose=snapshot${attemptId ? `&attemptId=${attemptId}` : ''}`,
        headers: { token: tokens[who], 'content-type': 'image/png', 'x-file-name': 'snap.png', ...ajax },
        payload: PNG,
      })
    ).json() as Reply<{ id: number }>;
  const snapshotFiles = async () =>
    Number(
      (
        await t.database.db
          .select({ n: sql<number>`count(*)` })
          .from(files)
          .where(and(eq(files.organizationId, t.ids.demo.orgId), eq(files.purpose, 'snapshot')))
      )[0]!.n,
    );

  it('takes a burst of events, then as many as the minutes passed allow; big bodies are refused', async () => {
    const e = await exam(['s2026001']);
    setClock(at(1));
    const a = await start('s2026001', e.id);
    ok(await events('s2026001', a.id, switches(at(1), 100)));
    ok(await events('s2026001', a.id, switches(at(1) + 100, 100)));
    refused(await events('s2026001', a.id, switches(at(1) + 200, 100)), 'tooManyEvents', 'events');
    expect((await row(a.id)).eventCount).toBe(200);
    // A retried batch stores nothing new, so it is not refused.
    ok(await events('s2026001', a.id, switches(at(1) + 100, 100)));
    // Six minutes on, the allowance has grown by 120.
    setClock(at(7));
    ok(await events('s2026001', a.id, switches(at(1) + 200, 100)));
    const big = Array.from({ length: 100 }, (_, i) => ({ type: 7, at: at(6) + i, detail: 'x'.repeat(3000) }));
    refused(await events('s2026001', a.id, big), 'bodyTooLarge', 'body');
  });

  it('refuses events once the paper is handed in or its time is over', async () => {
    const e = await exam(['s2026002', 's2026003'], { cameraSource: null });
    setClock(at(1));
    const a = await start('s2026002', e.id);
    ok(await t.call('POST', '/api/exam/attempt/submit', { token: tokens.s2026002, body: { attemptId: a.id } }));
    refused(await events('s2026002', a.id, switches(at(2), 1)), 'attemptEnded');
    const b = await start('s2026003', e.id);
    // Past deadline and grace, before the collector came by.
    setClock(b.closesAt + 1000);
    refused(await events('s2026003', b.id, switches(at(3), 1)), 'attemptClosed');
    expect((await row(a.id)).eventCount + (await row(b.id)).eventCount).toBe(0);
  });

  it('counts a snapshot only with a file uploaded for this attempt, once per file', async () => {
    const first = await exam(['s2026002']);
    setClock(at(1));
    const old = await start('s2026002', first.id);
    const oldFile = await upload('s2026002', old.id);
    expect(oldFile.code).toBe(ResultCode.Success);
    const e = await exam(['s2026002']);
    setClock(at(1));
    const a = await start('s2026002', e.id);
    refused(await events('s2026002', a.id, [{ type: ExamLogType.Snapshot, at: at(1) }]), 'required', 'events.0.fileId');
    refused(
      await events('s2026002', a.id, [{ type: ExamLogType.Snapshot, at: at(1) + 1, fileId: oldFile.response.id }]),
      'noSuchReference',
      'events.0.fileId',
    );
    const file = await upload('s2026002', a.id);
    const snap = (ms: number) => ({ type: ExamLogType.Snapshot, at: ms, fileId: file.response.id });
    ok(await events('s2026002', a.id, [snap(at(1) + 2), snap(at(1) + 3)]));
    expect(await row(a.id)).toMatchObject({ snapshotCount: 1, eventCount: 2 });
  });

  it('takes snapshot uploads only for an open attempt of the caller', async () => {
    const e = await exam(['s2026003']);
    setClock(at(1));
    const before = await snapshotFiles();
    refused(await upload('s2026003'), 'required', 'attemptId');
    const a = await start('s2026003', e.id);
    // Another student's attempt is not theirs.
    refused(await upload('s2026001', a.id), 'noOpenAttempt', 'attemptId');
    ok(await t.call('POST', '/api/exam/attempt/submit', { token: tokens.s2026003, body: { attemptId: a.id } }));
    refused(await upload('s2026003', a.id), 'noOpenAttempt', 'attemptId');
    expect(await snapshotFiles()).toBe(before);
    expect((await row(a.id)).status).toBe(PaperStatus.HandedIn);
  });
});

describe('rich text and messages', () => {
  it('refuses an image address that only starts like a file', async () => {
    const res = await t.call('POST', '/api/question/create', {
      token: academic,
      body: {
        type: 3,
        stem: '<p>Look <img src="/api/file/1/../../message/view/8"></p>',
        answer: true,
        score: 1,
      },
    });
    refused(res, 'unsafeHtml', 'stem');
  });

  it('opens a message without marking it read; the POST marks it', async () => {
    const created = ok(
      await t.call<Message>('POST', '/api/message/create', {
        token: academic,
        body: { title: 'Read me', body: '<p>Hello</p>', targetType: 4, userIds: [ids.s2026001] },
      }),
    );
    ok(await t.call('POST', `/api/message/publish/${created.id}`, { token: academic, body: {} }));
    const view = () => t.call<InboxMessage>('GET', `/api/message/view/${created.id}`, { token: tokens.s2026001 });
    expect(ok(await view()).readAt).toBeNull();
    const read = ok(
      await t.call<{ readAt: string }>('POST', `/api/message/read/${created.id}`, { token: tokens.s2026001 }),
    );
    expect(ok(await view()).readAt).toBe(read.readAt);
  });
});
