import { errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import { clock } from '../../../platform/clock';
import {
  ProviderError,
  type ProviderParticipant,
  type VerifiedAnalytics,
  type VerifiedRecordingReady,
} from '../live-provider';

// The two callbacks a BigBlueButton server posts, checked before anything is read from them.
//
// Meeting-end analytics (record-and-playback post_events_analytics_callback.rb): a JSON body with
// `Authorization: Bearer <JWT>`, the JWT HS512 over {exp: now + 24 h} under the server's shared
// secret. The token does not cover the body: it proves only that someone holding the secret sent
// something within a day. What binds the report to a meeting is our own per-meeting token in the
// callback URL (given to BigBlueButton at create), and the caller checks the body's meeting_id
// against it; the dedupe key (internal_meeting_id) keeps a replay from counting twice.
//
// Recording ready (post_publish_recording_ready_callback.rb): a form body
// `signed_parameters=<JWT>`, HS256 (the ruby-jwt default) over {meeting_id, record_id}, with no exp.

// Why a callback is refused; a ProviderError, so a caller catching those catches these.
export class CallbackRefused extends ProviderError {
  constructor(
    readonly reason: 'signature' | 'body',
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`callback ${reason}: ${detail}`, options);
  }
}

// HMAC only: an RSA or `none` header is refused before any key is used.
const HMAC = ['HS256', 'HS384', 'HS512'];

async function verifyToken(secret: string, token: string, requireExp: boolean) {
  if (!secret) throw new CallbackRefused('signature', 'no shared secret to check against');
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: HMAC,
      requiredClaims: requireExp ? ['exp'] : [],
      currentDate: clock.date(),
    });
    return payload;
  } catch (e) {
    const detail = e instanceof joseErrors.JOSEError ? e.code : 'malformed token';
    throw new CallbackRefused('signature', detail, { cause: e });
  }
}

// ---- meeting-end analytics ----

// When someone joined or left. bbbevents writes Ruby Time values: Time#to_s
// ("2023-08-07 14:06:17 -0300", seen in servers' payloads) or, in later versions, ISO 8601 with
// milliseconds ("2021-09-23T16:08:29.000+00:00", its format_datetime). Epoch numbers (seconds or
// milliseconds) are accepted as well, for other senders.
const RUBY_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?) ?(Z|UTC|[+-]\d{2}:?\d{2})$/;
export function parseTime(v: string | number): Date | null {
  if (typeof v === 'number' || /^\d{9,13}$/.test(v)) {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) return null;
    // Seconds up to 1e11 (the year 5138), milliseconds above.
    const d = new Date(n < 1e11 ? n * 1000 : n);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const m = RUBY_TIME.exec(v.trim());
  if (m) {
    const zone = m[3] === 'UTC' || m[3] === 'Z' ? 'Z' : `${m[3].slice(0, 3)}:${m[3].slice(-2)}`;
    const t = Date.parse(`${m[1]}T${m[2]}${zone}`);
    return Number.isNaN(t) ? null : new Date(t);
  }
  return null;
}

const zTime = z.union([z.string().max(40), z.number()]).refine((v) => parseTime(v) !== null, 'not a time');
const zCount = z.number().finite().nonnegative();

const zAttendee = z.looseObject({
  // Our user id as the join carried it (userID); a string, or a number in some servers' payloads.
  ext_user_id: z.union([z.string().max(64), z.number()]).nullish(),
  name: z.string().max(256).nullish(),
  moderator: z.boolean().default(false),
  joins: z.array(zTime).max(1000).default([]),
  leaves: z.array(zTime).max(1000).default([]),
  // Seconds in the meeting; bbbevents sums Time differences, so it may be a float.
  duration: zCount.optional(),
  engagement: z.record(z.string().max(40), z.unknown()).nullish(),
});

const zAnalytics = z.looseObject({
  version: z.string().max(16).optional(),
  meeting_id: z.string().min(1).max(256),
  internal_meeting_id: z.string().min(1).max(256),
  data: z.looseObject({
    start: zTime.nullish(),
    finish: zTime.nullish(),
    attendees: z.array(zAttendee).max(5000),
  }),
});

// A positive integer that fits our ids, else null (BigBlueButton's own "w_..." ids of people who
// did not join through Lyceum, or nothing).
function ourUserId(v: string | number | null | undefined): number | null {
  const s = typeof v === 'number' ? String(v) : (v ?? '').trim();
  if (!/^[1-9]\d{0,9}$/.test(s)) return null;
  const n = Number(s);
  return n <= 2_147_483_647 ? n : null;
}

function engagementOf(e: Record<string, unknown> | null | undefined): Record<string, number> | null {
  if (!e) return null;
  const counts = Object.entries(e).filter((kv): kv is [string, number] => typeof kv[1] === 'number' && kv[1] >= 0);
  return counts.length ? Object.fromEntries(counts) : null;
}

const timeOf = (v: string | number | null | undefined) => (v === null || v === undefined ? null : parseTime(v));
const timesOf = (vs: (string | number)[]) =>
  vs
    .map(parseTime)
    .filter((d): d is Date => d !== null)
    .sort((a, b) => a.getTime() - b.getTime());

// Without a duration: the time between each join and the leave that follows it.
function pairedSeconds(joins: Date[], leaves: Date[]): number {
  let ms = 0;
  joins.forEach((j, i) => {
    const l = leaves[i];
    if (l && l > j) ms += l.getTime() - j.getTime();
  });
  return ms / 1000;
}

export async function verifyAnalytics(
  secret: string,
  authorization: string | undefined,
  body: unknown,
): Promise<VerifiedAnalytics> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!bearer) throw new CallbackRefused('signature', 'no bearer token');
  await verifyToken(secret, bearer[1], true);

  const parsed = zAnalytics.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CallbackRefused('body', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  const { data } = parsed.data;
  const participants = data.attendees.map((a): ProviderParticipant => {
    const joins = timesOf(a.joins);
    const leaves = timesOf(a.leaves);
    return {
      userId: ourUserId(a.ext_user_id),
      name: a.name ?? '',
      moderator: a.moderator,
      joins,
      leaves,
      seconds: Math.round(a.duration ?? pairedSeconds(joins, leaves)),
      engagement: engagementOf(a.engagement),
    };
  });
  return {
    report: {
      meetingId: parsed.data.meeting_id,
      instanceId: parsed.data.internal_meeting_id,
      start: timeOf(data.start),
      finish: timeOf(data.finish),
      participants,
    },
    raw: body,
  };
}

// ---- recording ready ----

const zRecordingClaims = z.looseObject({
  meeting_id: z.string().min(1).max(256),
  record_id: z.string().min(1).max(256),
});

// BigBlueButton signs no expiry here, so none is required (one that is present is checked): a
// replay only says again that the same recording is ready, which the record id dedupes.
export async function verifyRecordingReady(secret: string, formBody: string): Promise<VerifiedRecordingReady> {
  const token = new URLSearchParams(formBody).get('signed_parameters');
  if (!token) throw new CallbackRefused('signature', 'no signed_parameters');
  const claims = await verifyToken(secret, token, false);
  const parsed = zRecordingClaims.safeParse(claims);
  if (!parsed.success) throw new CallbackRefused('body', 'signed_parameters lacks meeting_id or record_id');
  return { meetingId: parsed.data.meeting_id, recordId: parsed.data.record_id, raw: claims };
}
