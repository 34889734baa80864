import { SignJWT } from 'jose';
import { endRun, type FakeMeeting, type FakeRecording, type FakeState } from './fake-bbb-api';

// The callbacks of the fake BigBlueButton server, built as a real server's record-and-playback
// scripts send them: post_events_analytics_callback.rb (a JSON body, `Authorization: Bearer` with
// an HS512 JWT over {exp: now + 24 h} under the shared secret) and
// post_publish_recording_ready_callback.rb (a form body `signed_parameters=<HS256 JWT over
// {meeting_id, record_id}>`, no exp).

// A POST ready to send: `url` is the callback URL the meeting was created with, `path` its path
// and query (for app.inject), `body` the exact bytes.
export interface CallbackRequest {
  url: string;
  path: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

export interface AnalyticsOptions {
  // Replaces the attendees the joins recorded: each stayed `minutes` from `joinedAt` (default
  // the meeting's createTime). A userId that is not a number stands for someone who did not join
  // through Lyceum.
  attendees?: {
    userId: number | string;
    minutes: number;
    joinedAt?: Date | number;
    moderator?: boolean;
    name?: string;
  }[];
  // Sign with another key (a forged callback), or with an exp in the past (epoch seconds).
  secret?: string;
  exp?: number;
  // The bearer token as is (e.g. an `alg: none` one).
  token?: string;
  // Time#to_s "2023-08-07 14:06:17 +0000" (default, as servers send it) or ISO 8601 with
  // milliseconds (bbbevents' later format_datetime).
  timeFormat?: 'ruby' | 'iso';
}

export interface RecordingReadyOptions {
  published?: boolean;
  minutes?: number;
  secret?: string;
  token?: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);
const ms = (at: Date | number) => (typeof at === 'number' ? at : at.getTime());

function formatTime(at: number, format: 'ruby' | 'iso'): string {
  const iso = new Date(at).toISOString();
  return format === 'iso' ? iso.replace('Z', '+00:00') : `${iso.slice(0, 10)} ${iso.slice(11, 19)} +0000`;
}

function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

interface Stay {
  userId: string;
  name: string;
  moderator: boolean;
  joins: number[];
  leaves: number[];
}

// bbbevents' attendees: one per user id, every join and leave, duration the sum of the stays.
function staysOf(m: FakeMeeting, finish: number): Stay[] {
  const byUser = new Map<string, Stay>();
  for (const s of [...m.sessions].sort((a, b) => a.joinedAt - b.joinedAt)) {
    const stay = byUser.get(s.userId) ?? {
      userId: s.userId,
      name: s.fullName,
      moderator: false,
      joins: [],
      leaves: [],
    };
    stay.moderator ||= s.role === 'MODERATOR';
    stay.joins.push(s.joinedAt);
    stay.leaves.push(s.leftAt ?? finish);
    byUser.set(s.userId, stay);
  }
  return [...byUser.values()];
}

export async function buildAnalytics(
  state: FakeState,
  m: FakeMeeting,
  opts: AnalyticsOptions = {},
): Promise<CallbackRequest> {
  if (!m.analyticsCallbackUrl) throw new Error(`fake BBB: meeting ${m.meetingId} has no analytics-callback-url`);
  // The callback is written after the meeting ended: end it now if it runs.
  if (m.endTime === null) endRun(m, state.now());
  const start = m.createTime;
  let stays = staysOf(m, m.endTime ?? state.now());
  if (opts.attendees) {
    stays = opts.attendees.map((a) => {
      const recorded = stays.find((s) => s.userId === String(a.userId));
      const joined = a.joinedAt === undefined ? start : ms(a.joinedAt);
      return {
        userId: String(a.userId),
        name: a.name ?? recorded?.name ?? `User ${a.userId}`,
        moderator: a.moderator ?? recorded?.moderator ?? false,
        joins: [joined],
        leaves: [joined + a.minutes * 60_000],
      };
    });
  }
  const finish = Math.max(m.endTime ?? state.now(), ...stays.flatMap((s) => s.leaves));
  const format = opts.timeFormat ?? 'ruby';
  const attendees = stays.map((s) => ({
    ext_user_id: s.userId,
    name: s.name,
    moderator: s.moderator,
    joins: s.joins.map((t) => formatTime(t, format)),
    leaves: s.leaves.map((t) => formatTime(t, format)),
    duration: s.joins.reduce((sum, j, i) => sum + (s.leaves[i] - j) / 1000, 0),
    recent_talking_time: '',
    engagement: { chats: 0, talks: 0, raisehand: 0, emojis: 0, poll_votes: 0, talk_time: 0 },
  }));
  const metadata: Record<string, string> = { is_breakout: 'false', meeting_name: m.name };
  for (const [k, v] of Object.entries(m.meta)) if (!k.startsWith('gl_')) metadata[k.replace(/-/g, '_')] = v;
  const payload = {
    version: '1.0',
    meeting_id: m.meetingId,
    internal_meeting_id: m.internalMeetingId,
    data: {
      metadata,
      duration: Math.round((finish - start) / 1000),
      start: formatTime(start, format),
      finish: formatTime(finish, format),
      attendees,
      files: ['default.pdf'],
      polls: [],
    },
  };
  const exp = opts.exp ?? Math.floor(state.now() / 1000) + 24 * 3600;
  const token =
    opts.token ??
    (await new SignJWT({ exp })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .sign(key(opts.secret ?? state.secret)));
  return {
    url: m.analyticsCallbackUrl,
    path: pathOf(m.analyticsCallbackUrl),
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'user-agent': 'BigBlueButton Analytics Callback',
    },
    body: JSON.stringify(payload),
  };
}

// The recording of this run (its record id is the internal meeting id), published unless told
// otherwise; asked again, the same recording.
export async function buildRecordingReady(
  state: FakeState,
  m: FakeMeeting,
  opts: RecordingReadyOptions = {},
): Promise<CallbackRequest> {
  if (!m.recordingReadyUrl) throw new Error(`fake BBB: meeting ${m.meetingId} has no bbb-recording-ready-url`);
  if (m.endTime === null) endRun(m, state.now());
  let rec = state.recordings.find((r) => r.recordId === m.internalMeetingId);
  if (!rec) {
    const endTime = m.endTime ?? state.now();
    const published = opts.published ?? true;
    rec = {
      recordId: m.internalMeetingId,
      meetingId: m.meetingId,
      internalMeetingId: m.internalMeetingId,
      name: m.name,
      published,
      state: published ? 'published' : 'unpublished',
      startTime: m.createTime,
      endTime,
      lengthMinutes: opts.minutes ?? Math.max(1, Math.round((endTime - m.createTime) / 60_000)),
      playbackUrl: `${state.origin}/playback/presentation/2.3/${m.internalMeetingId}`,
    } satisfies FakeRecording;
    state.recordings.push(rec);
  }
  const token =
    opts.token ??
    (await new SignJWT({ meeting_id: m.meetingId, record_id: rec.recordId })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key(opts.secret ?? state.secret)));
  return {
    url: m.recordingReadyUrl,
    path: pathOf(m.recordingReadyUrl),
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ signed_parameters: token }).toString(),
  };
}
