import { LiveClassStatus, ResultCode } from '@lyceum/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCallbacks, liveClasses, liveParticipants } from '../src/modules/live-class/live-class.table';
import { setClock } from '../src/platform/clock';
import { makeClasses, userIds } from './exam-fixture';
import { createTestApp, ok, type TestApp } from './harness';
import { type CallbackRequest, type FakeBbb, startFakeBbb } from './support/fake-bbb';

// The providers' callbacks (issue 32): public, so trusted only when the meeting, its own token and
// the signature of its account's secret agree; and processed exactly once, however many copies
// arrive at once (the unique dedupe key and ON CONFLICT DO NOTHING, on both databases).

const MINUTE = 60_000;
const START = Date.parse('2031-05-05T01:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let fakeA: FakeBbb;
let fakeB: FakeBbb;
let liveA: number;
let liveB: number;
let meetingA: string;
let meetingB: string;

interface Answer {
  code: number;
  response: { processed: boolean } | null;
  error?: { key: string };
}

const post = (req: CallbackRequest, path = req.path): Promise<Answer> =>
  t.app.inject({ method: 'POST', url: path, headers: req.headers, payload: req.body }).then((r) => r.json());

const rowsOf = async (table: typeof liveCallbacks | typeof liveParticipants, liveClassId: number) =>
  (await t.database.db.select({ n: count() }).from(table).where(eq(table.liveClassId, liveClassId)))[0]?.n;

const statusOf = async (id: number) =>
  (await t.database.db.select({ s: liveClasses.status }).from(liveClasses).where(eq(liveClasses.id, id)))[0]?.s;

// An organisation's server, a live class on it for one class, and its meeting entered by `joiners`.
async function meetingOf(
  fake: FakeBbb,
  domain: 'demo' | 'north',
  staff: string,
  teacherId: number,
  memberIds: number[],
  joiners: string[],
) {
  const token = await t.login(domain, staff);
  ok(
    await t.call('POST', '/api/liveProvider/create', {
      token,
      body: { name: 'Fake BBB', url: fake.url, secret: fake.secret, isDefault: true },
    }),
  );
  const [teamId] = await makeClasses(t, token, 2092, [{ name: `Callbacks ${domain}`, members: memberIds }]);
  const { id } = ok(
    await t.call<{ id: number }>('POST', '/api/liveClass/create', {
      token,
      body: {
        title: `Callbacks ${domain}`,
        teamIds: [teamId],
        teacherIds: [teacherId],
        startsAt: iso(START),
        endsAt: iso(START + 45 * MINUTE),
        recordingMode: 3,
      },
    }),
  );
  ok(await t.call('POST', `/api/liveClass/publish/${id}`, { token, body: {} }));
  let meetingId = '';
  for (const who of joiners) {
    const session = who === staff ? token : await t.login(domain, who);
    const joined = ok(await t.call<{ url: string }>('POST', `/api/liveClass/join/${id}`, { token: session }));
    meetingId = (await fake.enter(joined.url)).meetingId;
  }
  return { id, meetingId };
}

beforeAll(async () => {
  t = await createTestApp();
  [fakeA, fakeB] = await Promise.all([startFakeBbb(), startFakeBbb()]);
  setClock(START - 5 * MINUTE);
  const demo = await userIds(t, ['teacher', 's2026001', 's2026002']);
  const north = await userIds(t, ['teacher', 'student'], 'north');
  ({ id: liveA, meetingId: meetingA } = await meetingOf(
    fakeA,
    'demo',
    'academic',
    demo.teacher!,
    [demo.s2026001!, demo.s2026002!],
    ['teacher', 's2026001', 's2026002'],
  ));
  ({ id: liveB, meetingId: meetingB } = await meetingOf(
    fakeB,
    'north',
    'admin',
    north.teacher!,
    [north.student!],
    ['admin'],
  ));
  setClock(START + 50 * MINUTE);
});

afterAll(async () => {
  setClock(null);
  await Promise.all([fakeA?.close(), fakeB?.close()]);
  await t?.close();
});

const refusedCallback = (a: Answer) => {
  expect(a.code).toBe(ResultCode.Forbidden);
  expect(a.error?.key).toBe('liveCallbackRefused');
};

describe('provider callbacks', () => {
  it('refuses a bad signature, a wrong meeting token and another account’s secret, changing nothing', async () => {
    refusedCallback(await post(await fakeA.analyticsCallback(meetingA, { secret: 'not-the-shared-secret' })));
    const good = await fakeA.analyticsCallback(meetingA);
    refusedCallback(await post(good, good.path.replace(/&t=\w+/, '&t=0123456789abcdef')));
    // Signed with organisation A's secret, for organisation B's meeting.
    refusedCallback(await post(await fakeB.analyticsCallback(meetingB, { secret: fakeA.secret })));
    // A's genuine report sent to B's address: not about B's meeting.
    const toB = (await fakeB.analyticsCallback(meetingB)).path;
    refusedCallback(await post(good, toB));
    for (const id of [liveA, liveB]) {
      expect(await rowsOf(liveCallbacks, id)).toBe(0);
      expect(await rowsOf(liveParticipants, id)).toBe(0);
      expect(await statusOf(id)).toBe(LiveClassStatus.Live);
    }
  });

  it('processes the same report posted twenty times at once exactly once', async () => {
    const req = await fakeA.analyticsCallback(meetingA);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(req)));
    expect(answers.every((a) => a.code === ResultCode.Success)).toBe(true);
    expect(answers.filter((a) => a.response?.processed)).toHaveLength(1);
    expect(await rowsOf(liveCallbacks, liveA)).toBe(1);
    // The teacher and two students, not doubled.
    expect(await rowsOf(liveParticipants, liveA)).toBe(3);
    expect(await statusOf(liveA)).toBe(LiveClassStatus.Ended);
  });

  it('answers a replay as not processed, and keeps a recording-ready once', async () => {
    expect(await post(await fakeA.analyticsCallback(meetingA))).toMatchObject({
      code: 1,
      response: { processed: false },
    });
    expect(await rowsOf(liveParticipants, liveA)).toBe(3);
    const ready = await fakeA.recordingReady(meetingA);
    expect(await post(ready)).toMatchObject({ code: 1, response: { processed: true } });
    expect(await post(ready)).toMatchObject({ code: 1, response: { processed: false } });
    expect(await rowsOf(liveCallbacks, liveA)).toBe(2);
  });
});
