import {
  LiveClassStatus,
  LiveProviderKind,
  LiveRole,
  ParticipationSource,
  RecordingMode,
  RecordingState,
} from '@lyceum/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveClasses, liveJoins, liveRecordings } from '../src/modules/live-class/live-class.table';
import { LIVE_SWEEP_JOB } from '../src/modules/live-class/live-sweep';
import { messages } from '../src/modules/message/message.table';
import { setClock } from '../src/platform/clock';
import { enqueue } from '../src/platform/jobs';
import { logins, makeClasses, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { type CallbackRequest, type FakeBbb, startFakeBbb } from './support/fake-bbb';

// Live classes, the session (issue 32): joining through Lyceum on a (fake) BigBlueButton server,
// the meeting-end report turned into minutes and attendance, recording-ready turned into a
// recording the student watches, and the sweep that ends what nobody ended.

const MINUTE = 60_000;
// Monday 7 April 2031, 09:00 in Shanghai (the demo's zone); the join window opens at 08:45.
const START = Date.parse('2031-04-07T01:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const PEOPLE = ['academic', 'teacher', 's2026001', 's2026002', 's2026003', 's2026005'] as const;

let t: TestApp;
let fake: FakeBbb;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let teamA: number;
let teamB: number;
let liveId: number;
let meetingId: string;

interface Joined {
  url: string;
  role: number;
  providerKind: number;
  expiresAt: string;
}

const join = (who: string, id = liveId) => t.call<Joined>('POST', `/api/liveClass/join/${id}`, { token: tokens[who] });

// A live class of the teacher's, scheduled (published) for one class.
async function scheduled(body: Record<string, unknown>): Promise<number> {
  const created = ok(
    await t.call<{ id: number }>('POST', '/api/liveClass/create', {
      token: tokens.teacher,
      body: { teacherIds: [ids.teacher], joinOpensMinutes: 15, ...body },
    }),
  );
  ok(await t.call('POST', `/api/liveClass/publish/${created.id}`, { token: tokens.teacher, body: {} }));
  return created.id;
}

const post = (req: CallbackRequest, path = req.path) =>
  t.app.inject({ method: 'POST', url: path, headers: req.headers, payload: req.body }).then((r) => r.json());

const statusOf = async (id: number) =>
  (await t.database.db.select({ s: liveClasses.status }).from(liveClasses).where(eq(liveClasses.id, id)))[0]?.s;

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeBbb();
  tokens = await logins(t, PEOPLE);
  ids = await userIds(t, PEOPLE);
  [teamA, teamB] = (await makeClasses(t, tokens.academic, 2091, [
    { name: 'Live A', members: [ids.s2026001, ids.s2026002, ids.s2026003], classTeacherId: ids.teacher },
    { name: 'Live B', members: [ids.s2026005], classTeacherId: ids.teacher },
  ])) as [number, number];
  ok(
    await t.call('POST', '/api/liveProvider/create', {
      token: tokens.academic,
      body: { name: 'Fake BBB', url: fake.url, secret: fake.secret, isDefault: true },
    }),
  );
  setClock(START - 3 * 60 * MINUTE);
  liveId = await scheduled({
    title: 'Fractions live',
    teamIds: [teamA],
    startsAt: iso(START),
    endsAt: iso(START + 60 * MINUTE),
    recordingMode: RecordingMode.Automatic,
  });
});

afterAll(async () => {
  setClock(null);
  await fake?.close();
  await t?.close();
});

describe('joining', () => {
  it('opens the join window joinOpensMinutes before the start, named in the zone', async () => {
    setClock(START - 20 * MINUTE);
    const early = await join('s2026001');
    refused(early, 'liveNotOpen');
    expect(early.error?.params).toEqual({ from: '2031-04-07 08:45' });
  });

  it('signs join URLs with our user ids: the teacher as moderator, students as viewers', async () => {
    setClock(START - 10 * MINUTE);
    const teacher = ok(await join('teacher'));
    expect(teacher).toMatchObject({ role: LiveRole.Moderator, providerKind: LiveProviderKind.BigBlueButton });
    // A minute to open it (the clock runs on from where the test set it).
    expect(Date.parse(teacher.expiresAt) - (START - 10 * MINUTE)).toBeGreaterThanOrEqual(60_000);
    expect(Date.parse(teacher.expiresAt) - (START - 10 * MINUTE)).toBeLessThan(70_000);
    const entered = await fake.enter(teacher.url);
    expect(entered).toMatchObject({ userId: String(ids.teacher), role: 'MODERATOR', fullName: 'Tom Teacher' });
    meetingId = entered.meetingId;
    // The first moderator starts it.
    expect(await statusOf(liveId)).toBe(LiveClassStatus.Live);
    for (const s of ['s2026001', 's2026002'] as const) {
      const student = ok(await join(s));
      expect(student.role).toBe(LiveRole.Viewer);
      expect(await fake.enter(student.url)).toMatchObject({ userId: String(ids[s]), role: 'VIEWER' });
    }
    // The callbacks come back to this server with the meeting's own token.
    const m = fake.meeting(meetingId);
    expect(m.analyticsCallbackUrl).toMatch(
      /\/api\/liveClass\/callback\/bbb\?kind=analytics&m=lyc-\d+-[0-9a-f]{32}&t=\w+/,
    );
    const [log] = await t.database.db.select({ n: count() }).from(liveJoins).where(eq(liveJoins.liveClassId, liveId));
    expect(log?.n).toBe(3);
  });

  it('refuses a student of another class without saying more, and answers a provider failure', async () => {
    refused(await join('s2026005'), 'liveNotInvited');
    fake.failNext('create');
    const failed = await join('s2026001');
    refused(failed, 'liveServerUnreachable');
    expect(failed.code).toBe(500);
  });
});

interface Report {
  participants: { userId: number; minutes: number; role: number; statusName: string | null; source: number | null }[];
  summary: { invited: number; attended: number; present: number; late: number; absent: number };
}

describe('after the session', () => {
  it('turns the meeting-end analytics into minutes and attendance statuses', async () => {
    setClock(START + 65 * MINUTE);
    const req = await fake.analyticsCallback(meetingId, {
      attendees: [
        { userId: ids.teacher, minutes: 60, joinedAt: START, moderator: true },
        { userId: ids.s2026001, minutes: 56, joinedAt: START + 2 * MINUTE },
        { userId: ids.s2026002, minutes: 50, joinedAt: START + 15 * MINUTE },
        // Someone who came in without Lyceum: kept in the payload, not counted.
        { userId: 'w_guest', name: 'Guest', minutes: 60, joinedAt: START },
      ],
    });
    expect(await post(req)).toMatchObject({ code: 1, response: { processed: true } });
    expect(await statusOf(liveId)).toBe(LiveClassStatus.Ended);
    const report = ok(await t.call<Report>('POST', `/api/liveClass/report/${liveId}`, { token: tokens.teacher }));
    const minutes = Object.fromEntries(report.participants.map((p) => [p.userId, p.minutes]));
    expect(minutes).toMatchObject({ [ids.teacher]: 60, [ids.s2026001]: 56, [ids.s2026002]: 50 });
    expect(report.summary).toMatchObject({ invited: 3, attended: 2, present: 1, late: 1, absent: 1 });
    // The class is over for joining too.
    refused(await join('s2026001'), 'liveOver');
  });

  it('turns recording-ready into a published recording the student watches, told once', async () => {
    const req = await fake.recordingReady(meetingId);
    expect(await post(req)).toMatchObject({ code: 1, response: { processed: true } });
    expect(await post(req)).toMatchObject({ code: 1, response: { processed: false } });
    const mine = ok(
      await t.call<{ id: number; recordings: { playbackUrl: string; minutes: number | null }[] }[]>(
        'POST',
        '/api/liveClass/mine',
        { token: tokens.s2026001, body: { when: 'past' } },
      ),
    );
    const seen = mine.find((l) => l.id === liveId);
    expect(seen?.recordings).toHaveLength(1);
    expect(seen?.recordings[0]?.playbackUrl).toContain(`${fake.origin}/playback/`);
    // Asking the provider again changes nothing and tells nobody twice.
    const listed = ok(
      await t.call<{ id: number; state: number }[]>('POST', `/api/liveClass/recordings/${liveId}`, {
        token: tokens.teacher,
      }),
    );
    expect(listed.map((r) => r.state)).toEqual([RecordingState.Published]);
    const [told] = await t.database.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.notice, 'liveRecordingReady'), eq(messages.associationId, liveId)));
    expect(told?.n).toBe(1);
    // Staff only now: the student no longer sees it; deleted: the row stays, marked deleted.
    const recId = listed[0]!.id;
    refused(
      await t.call('POST', `/api/liveClass/recording/${recId}`, { token: tokens.s2026001, body: { visibility: 2 } }),
      'forbidden',
    );
    ok(await t.call('POST', `/api/liveClass/recording/${recId}`, { token: tokens.teacher, body: { visibility: 2 } }));
    const after = ok(
      await t.call<{ id: number; recordings: unknown[] }[]>('POST', '/api/liveClass/mine', {
        token: tokens.s2026001,
        body: { when: 'past' },
      }),
    );
    expect(after.find((l) => l.id === liveId)?.recordings).toEqual([]);
    const gone = ok(
      await t.call<{ state: number }>('POST', `/api/liveClass/recording/delete/${recId}`, { token: tokens.teacher }),
    );
    expect(gone.state).toBe(RecordingState.Deleted);
    expect(fake.recordings[0]?.state).toBe('deleted');
  });
});

describe('the sweep', () => {
  it('ends what nobody ended (an external link on time, a meeting once it stops) and fetches recordings', async () => {
    setClock(START + 90 * MINUTE);
    const slot = (from: number, title: string, extra: Record<string, unknown> = {}) =>
      scheduled({ title, teamIds: [teamB], startsAt: iso(from), endsAt: iso(from + 30 * MINUTE), ...extra });
    const link = await slot(START + 2 * 60 * MINUTE, 'Link', {
      providerKind: LiveProviderKind.ExternalLink,
      externalUrl: 'https://meet.example.org/abc',
    });
    const stopped = await slot(START + 3 * 60 * MINUTE, 'Stopped', { recordingMode: RecordingMode.Automatic });
    const running = await slot(START + 4 * 60 * MINUTE, 'Running');
    setClock(START + 2 * 60 * MINUTE);
    const linkJoin = ok(await join('s2026005', link));
    expect(linkJoin).toMatchObject({ url: 'https://meet.example.org/abc', role: LiveRole.Viewer });
    setClock(START + 3 * 60 * MINUTE);
    const inside = await fake.enter(ok(await join('teacher', stopped)).url);
    setClock(START + 4 * 60 * MINUTE);
    await fake.enter(ok(await join('teacher', running)).url);
    // The meeting ended with a recording, and neither the report nor recording-ready arrived.
    await fake.recordingReady(inside.meetingId);

    setClock(START + 5 * 60 * MINUTE);
    await enqueue(t.database.db, { kind: LIVE_SWEEP_JOB, orgId: null, dedupeKey: 'test' });
    await t.app.jobs.runUntilIdle();
    expect(await statusOf(link)).toBe(LiveClassStatus.Ended);
    // Its report is the join log (the "ended" listener ran in the sweep's transaction).
    const linkReport = ok(await t.call<Report>('POST', `/api/liveClass/report/${link}`, { token: tokens.teacher }));
    expect(linkReport.participants.find((p) => p.userId === ids.s2026005)?.source).toBe(ParticipationSource.JoinLog);
    expect(await statusOf(stopped)).toBe(LiveClassStatus.Ended);
    // The recording the callback did not tell of is asked for.
    const found = await t.database.db
      .select({ state: liveRecordings.state })
      .from(liveRecordings)
      .where(eq(liveRecordings.liveClassId, stopped));
    expect(found).toEqual([{ state: RecordingState.Published }]);
    expect(await statusOf(running)).toBe(LiveClassStatus.Live);
  });
});
