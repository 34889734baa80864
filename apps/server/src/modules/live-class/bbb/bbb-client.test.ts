import { LiveRole } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBbb, FakeJoinRefused, startFakeBbb } from '../../../../test/support/fake-bbb';
import { type MeetingSpec, ProviderError } from '../live-provider';
import { apiBase, parseXml, text } from './bbb-api';
import { bbbProvider as bbb } from './bbb-client';

let fake: FakeBbb;
// The fake's clock, moved by hand.
let now = Date.parse('2034-03-01T08:00:00Z');
beforeAll(async () => {
  fake = await startFakeBbb({ now: () => now });
});
afterAll(() => fake.close());

let n = 0;
function spec(over: Partial<MeetingSpec> = {}): MeetingSpec {
  n += 1;
  return {
    meetingId: `lyc-7-${'a'.repeat(31)}${n}`,
    name: 'Physics & <Optics>',
    moderatorPw: 'mod-pw',
    attendeePw: 'att-pw',
    durationMinutes: 60,
    record: true,
    autoStartRecording: false,
    analyticsCallbackUrl: 'http://lyceum.test/api/liveClass/callback/bbb?kind=analytics&m=x&t=tok',
    recordingReadyUrl: 'http://lyceum.test/api/liveClass/callback/bbb?kind=recording&m=x&t=tok',
    ...over,
  };
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof ProviderError ? e.detail : `not a ProviderError: ${String(e)}`),
  );

describe('BigBlueButton API client against the fake server', () => {
  it('signs with sha1 and sha256 alike; a server that allows only sha256 refuses a sha1 checksum', async () => {
    const s = spec();
    await bbb.createMeeting(fake.account('sha1'), s);
    expect(await bbb.isMeetingRunning(fake.account('sha256'), s.meetingId)).toBe(false);
    expect(await bbb.isMeetingRunning(fake.account('sha512'), s.meetingId)).toBe(false);
    const strict = await startFakeBbb({ secret: fake.secret, algorithms: ['sha256'] });
    try {
      const account = { ...strict.account('sha1') };
      expect(await refusal(bbb.isMeetingRunning(account, s.meetingId))).toBe('checksumError');
      expect(await bbb.isMeetingRunning(strict.account('sha256'), s.meetingId)).toBe(false);
    } finally {
      await strict.close();
    }
  });

  it('a checksum under another secret is refused, and a tampered join URL does not enter', async () => {
    const forged = { ...fake.account(), secret: 'not-the-secret' };
    expect(await refusal(bbb.createMeeting(forged, spec()))).toBe('checksumError');
    expect(fake.calls.at(-1)).toMatchObject({ call: 'create', returncode: 'FAILED', messageKey: 'checksumError' });

    const s = spec();
    const { createTime } = await bbb.createMeeting(fake.account(), s);
    const url = bbb.joinUrl(fake.account(), s, { userId: 41, fullName: 'Ann', role: LiveRole.Viewer }, createTime);
    await expect(fake.enter(url.replace('userID=41', 'userID=42'))).rejects.toThrow(FakeJoinRefused);
    await expect(fake.enter(url.replace('role=VIEWER', 'role=MODERATOR'))).rejects.toMatchObject({
      key: 'checksumError',
    });
  });

  it('create → join as moderator and viewer (our user id, the role) → running → info → end', async () => {
    const account = fake.account();
    const s = spec();
    const { createTime } = await bbb.createMeeting(account, s);
    expect(createTime).toEqual(expect.any(Number));
    const created = fake.meeting(s.meetingId);
    expect(created.params).toMatchObject({
      meetingKeepEvents: 'true',
      record: 'true',
      allowStartStopRecording: 'true',
    });
    expect(created.analyticsCallbackUrl).toBe(s.analyticsCallbackUrl);
    expect(created.recordingReadyUrl).toBe(s.recordingReadyUrl);
    // Creating again (a second join) finds the same run.
    expect(await bbb.createMeeting(account, s)).toEqual({ createTime });
    expect(fake.calls.at(-1)?.messageKey).toBe('duplicateWarning');

    const teacher = bbb.joinUrl(account, s, { userId: 7, fullName: 'Ms Li', role: LiveRole.Moderator }, createTime);
    const student = bbb.joinUrl(account, s, { userId: 12, fullName: 'Bo', role: LiveRole.Viewer }, createTime);
    expect(new URL(teacher).searchParams.get('password')).toBe('mod-pw');
    expect(await fake.enter(teacher)).toMatchObject({ ok: true, userId: '7', role: 'MODERATOR', fullName: 'Ms Li' });
    expect(await fake.enter(student)).toMatchObject({ ok: true, userId: '12', role: 'VIEWER' });

    expect(await bbb.isMeetingRunning(account, s.meetingId)).toBe(true);
    const info = await bbb.meetingInfo(account, s.meetingId, s.moderatorPw);
    expect(info).toMatchObject({ running: true, createTime, participantCount: 2, endTime: null });
    expect(await bbb.meetingInfo(account, 'lyc-7-unknown', 'x')).toBeNull();

    await bbb.endMeeting(account, s.meetingId, s.moderatorPw);
    expect(await bbb.isMeetingRunning(account, s.meetingId)).toBe(false);
    expect((await bbb.meetingInfo(account, s.meetingId, s.moderatorPw))?.endTime).toBeInstanceOf(Date);
    await expect(fake.enter(student)).rejects.toMatchObject({ key: 'meetingForciblyEnded' });
    // Ending what the server no longer has is not an error.
    await bbb.endMeeting(account, 'lyc-7-gone', 'x');

    // A new run after the end: the old address (its createTime) no longer enters.
    now += 60_000;
    expect(await bbb.createMeeting(account, s)).toEqual({ createTime: now });
    await expect(fake.enter(student)).rejects.toMatchObject({ key: 'mismatchCreateTimeParam' });
  });

  it('lists, unpublishes, publishes and deletes recordings', async () => {
    const account = fake.account();
    const s = spec();
    await bbb.createMeeting(account, s);
    await fake.recordingReady(s.meetingId, { minutes: 45 });
    const [rec, ...rest] = await bbb.recordings(account, s.meetingId);
    expect(rest).toEqual([]);
    expect(rec).toMatchObject({ meetingId: s.meetingId, published: true, state: 'published', seconds: 45 * 60 });
    expect(rec.playbackUrl).toBe(`${fake.origin}/playback/presentation/2.3/${rec.recordId}`);
    expect(rec.startTime).toBeInstanceOf(Date);

    await bbb.publishRecording(account, rec.recordId, false);
    expect((await bbb.recordings(account, s.meetingId))[0]).toMatchObject({ published: false, state: 'unpublished' });
    await bbb.publishRecording(account, rec.recordId, true);
    expect((await bbb.recordings(account, s.meetingId))[0].published).toBe(true);
    await bbb.deleteRecording(account, rec.recordId);
    expect(await bbb.recordings(account, s.meetingId)).toEqual([]);
    await bbb.deleteRecording(account, rec.recordId);
    expect(await refusal(bbb.publishRecording(account, rec.recordId, true))).toBe('notFound');
  });

  it('ping proves the secret and names the version; a FAILED answer and a dead server are ProviderErrors', async () => {
    expect(await bbb.ping(fake.account())).toBe('2.7.0-fake');
    expect(await refusal(bbb.ping({ ...fake.account(), secret: 'wrong' }))).toBe('checksumError');
    fake.failNext('isMeetingRunning', 'internalError');
    expect(await refusal(bbb.isMeetingRunning(fake.account(), 'x'))).toBe('internalError');
    const dead = await startFakeBbb();
    const account = dead.account();
    await dead.close();
    expect(await refusal(bbb.ping(account))).toMatch(/^unreachable: ECONNREFUSED/);
  });
});

describe('BigBlueButton XML and addresses', () => {
  it('takes the API base however the address was typed', () => {
    for (const u of [
      'https://b.edu/bigbluebutton/',
      'https://b.edu/bigbluebutton',
      'https://b.edu/bigbluebutton/api/',
    ]) {
      expect(apiBase(u)).toBe('https://b.edu/bigbluebutton/api/');
    }
  });

  it('decodes the XML entities and character references, and expands no DOCTYPE entity', () => {
    const r = parseXml(
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY boom "BOOM">]><response><name>A &amp; B &lt;c&gt; &#20320;&#x597D; &boom;</name><id>5e3</id></response>',
    );
    expect(text(r, 'name')).toBe('A & B <c> 你好 &boom;');
    expect(text(r, 'id')).toBe('5e3');
    expect(() => parseXml('<html>502 Bad Gateway</html>')).toThrow(ProviderError);
  });
});
