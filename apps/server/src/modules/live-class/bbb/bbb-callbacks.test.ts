import { LiveRole } from '@lyceum/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBbb, startFakeBbb } from '../../../../test/support/fake-bbb';
import type { MeetingSpec } from '../live-provider';
import { CallbackRefused, parseTime, verifyAnalytics, verifyRecordingReady } from './bbb-callbacks';
import { bbbProvider as bbb } from './bbb-client';

// The fake's clock is the app's: these tests leave it at real time, so the fake's tokens and the
// check agree, and joins are placed with explicit times.
let fake: FakeBbb;
beforeAll(async () => {
  fake = await startFakeBbb();
});
afterAll(() => fake.close());

const T0 = Date.parse('2034-03-01T08:00:00Z');
const min = (m: number) => T0 + m * 60_000;
let n = 0;
async function meeting(): Promise<MeetingSpec> {
  n += 1;
  const s: MeetingSpec = {
    meetingId: `lyc-3-${n}`,
    name: 'Maths',
    moderatorPw: 'm',
    attendeePw: 'a',
    durationMinutes: 60,
    record: false,
    autoStartRecording: false,
    analyticsCallbackUrl: `http://lyceum.test/api/liveClass/callback/bbb?kind=analytics&m=lyc-3-${n}&t=tok`,
    recordingReadyUrl: `http://lyceum.test/api/liveClass/callback/bbb?kind=recording&m=lyc-3-${n}&t=tok`,
  };
  await bbb.createMeeting(fake.account(), s);
  return s;
}

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: unknown) => (e instanceof CallbackRefused ? e.reason : `other: ${String(e)}`),
  );
const unsigned = (claims: Record<string, unknown>) =>
  `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

describe('meeting-end analytics callback', () => {
  it('accepts what the server posts: our user ids, roles, joins and leaves, seconds, engagement', async () => {
    const s = await meeting();
    const account = fake.account();
    const join = (userId: number, role: LiveRole) =>
      fake.enter(bbb.joinUrl(account, s, { userId, fullName: `U${userId}`, role }, null), min(userId));
    await join(7, LiveRole.Moderator);
    await join(12, LiveRole.Viewer);
    fake.leave(s.meetingId, 12, min(20));
    await join(12, LiveRole.Viewer);
    fake.leave(s.meetingId, 12, min(50));
    fake.endMeeting(s.meetingId, min(60));

    const req = await fake.analyticsCallback(s.meetingId);
    expect(req.url).toBe(s.analyticsCallbackUrl);
    expect(req.path).toBe(`/api/liveClass/callback/bbb?kind=analytics&m=${s.meetingId}&t=tok`);
    const { report } = await verifyAnalytics(fake.secret, req.headers.authorization, JSON.parse(req.body));
    expect(report.meetingId).toBe(s.meetingId);
    expect(report.instanceId).toBe(fake.meeting(s.meetingId).internalMeetingId);
    expect(report.finish).toEqual(new Date(min(60)));
    const [teacher, student] = report.participants;
    expect(teacher).toMatchObject({ userId: 7, name: 'U7', moderator: true, seconds: 53 * 60 });
    expect(student).toMatchObject({ userId: 12, moderator: false, seconds: (8 + 38) * 60 });
    expect(student.engagement).toMatchObject({ chats: 0, talk_time: 0 });
    // The second join's time was set after the first leave: both stays, in order.
    expect(student.joins.map((d) => d.getTime())).toEqual([min(12), min(12)]);
    expect(student.leaves.map((d) => d.getTime())).toEqual([min(20), min(50)]);
  });

  it('reads ISO times too, and names no user for an id that is not ours', async () => {
    const s = await meeting();
    const req = await fake.analyticsCallback(s.meetingId, {
      timeFormat: 'iso',
      attendees: [
        { userId: 12, minutes: 30, joinedAt: min(5) },
        { userId: 'w_abc123', minutes: 10, name: 'Guest' },
        { userId: '0', minutes: 1 },
      ],
    });
    expect(req.body).toContain('"2034-03-01T08:05:00.000+00:00"');
    const { report } = await verifyAnalytics(fake.secret, req.headers.authorization, JSON.parse(req.body));
    expect(report.participants.map((p) => [p.userId, p.seconds])).toEqual([
      [12, 1800],
      [null, 600],
      [null, 60],
    ]);
    expect(report.participants[0].joins[0]).toEqual(new Date(min(5)));
  });

  it('refuses a wrong secret, an expired token, no exp, alg none, no bearer, and a malformed body', async () => {
    const s = await meeting();
    const good = await fake.analyticsCallback(s.meetingId);
    const body = JSON.parse(good.body) as { data: { attendees: unknown[] } };
    const check = (authorization: string | undefined, b: unknown = body) =>
      reason(verifyAnalytics(fake.secret, authorization, b));
    const bearer = async (o: Parameters<FakeBbb['analyticsCallback']>[1]) =>
      (await fake.analyticsCallback(s.meetingId, o)).headers.authorization;

    expect(await check(good.headers.authorization)).toBe('accepted');
    expect(await check(await bearer({ secret: 'a-forger' }))).toBe('signature');
    expect(await check(await bearer({ exp: Math.floor(Date.now() / 1000) - 60 }))).toBe('signature');
    const noExp = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(fake.secret));
    expect(await check(`Bearer ${noExp}`)).toBe('signature');
    expect(await check(`Bearer ${unsigned({ exp: Math.floor(Date.now() / 1000) + 60 })}`)).toBe('signature');
    expect(await check(undefined)).toBe('signature');
    expect(await check(good.headers.authorization.replace('Bearer', 'Basic'))).toBe('signature');

    const attendee = { ext_user_id: '12', name: 'B', moderator: false, duration: 60, joins: [], leaves: [] };
    for (const bad of [
      { ...body, meeting_id: undefined },
      { ...body, data: { attendees: [{ ...attendee, joins: ['yesterday'] }] } },
      { ...body, data: { attendees: [{ ...attendee, moderator: 'yes' }] } },
      { ...body, data: { attendees: [{ ...attendee, duration: -5 }] } },
      { ...body, data: {} },
      'not json',
    ]) {
      expect(await check(good.headers.authorization, bad)).toBe('body');
    }
  });
});

describe('recording-ready callback', () => {
  it('accepts the signed meeting and record ids; refuses a wrong key, alg none, an expired token, missing ids', async () => {
    const s = await meeting();
    const req = await fake.recordingReady(s.meetingId);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(await verifyRecordingReady(fake.secret, req.body)).toMatchObject({
      meetingId: s.meetingId,
      recordId: fake.recordings.at(-1)?.recordId,
    });
    const forged = await fake.recordingReady(s.meetingId, { secret: 'a-forger' });
    expect(await reason(verifyRecordingReady(fake.secret, forged.body))).toBe('signature');
    const claims = { meeting_id: s.meetingId, record_id: 'r1' };
    expect(await reason(verifyRecordingReady(fake.secret, `signed_parameters=${unsigned(claims)}`))).toBe('signature');
    const key = new TextEncoder().encode(fake.secret);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    expect(await reason(verifyRecordingReady(fake.secret, `signed_parameters=${expired}`))).toBe('signature');
    const noRecord = await new SignJWT({ meeting_id: s.meetingId }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(await reason(verifyRecordingReady(fake.secret, `signed_parameters=${noRecord}`))).toBe('body');
    expect(await reason(verifyRecordingReady(fake.secret, 'other=1'))).toBe('signature');
  });
});

describe('callback times', () => {
  it('reads Time#to_s, ISO 8601 and epoch seconds or milliseconds; nothing else', () => {
    const at = Date.parse('2023-08-07T17:06:17Z');
    expect(parseTime('2023-08-07 14:06:17 -0300')?.getTime()).toBe(at);
    expect(parseTime('2023-08-07 17:06:17 UTC')?.getTime()).toBe(at);
    expect(parseTime('2023-08-07T17:06:17.000+00:00')?.getTime()).toBe(at);
    expect(parseTime(at / 1000)?.getTime()).toBe(at);
    expect(parseTime(at)?.getTime()).toBe(at);
    expect(parseTime(String(at))?.getTime()).toBe(at);
    for (const bad of ['', 'yesterday', '2023-08-07', '2023-13-45 99:99:99 +0000', 0, -5])
      expect(parseTime(bad)).toBeNull();
  });
});
