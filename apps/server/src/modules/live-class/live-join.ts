import { LiveClassStatus, type LiveJoin, LiveProviderKind, LiveRole, RecordingMode } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { hasAny, type RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { AppError, businessError, forbidden, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { localTime, orgTimeZone } from '../timetable/booking.service';
import { bbbProvider } from './bbb/bbb-client';
import { accountFor } from './live-accounts';
import { isInvited } from './live-audience';
import { liveClasses, liveJoins } from './live-class.table';
import { opensAt } from './live-phase';
import { type MeetingSpec, ProviderError } from './live-provider';

// Joining a live class: only through Lyceum, so the provider learns who entered by our user id,
// never by a display name (moodle-mod_zoom#496 credited the wrong "Jo Blogs"). Every join is kept
// in the append-only join log, which is also the attendance of an external link.

export type LiveClassRow = typeof liveClasses.$inferSelect;

// How long a join address is meant to be used: it is opened at once.
const JOIN_URL_SECONDS = 60;
// BigBlueButton ends a meeting by itself this long after the scheduled end.
const OVERRUN_MINUTES = 30;

const { Draft, Scheduled, Live, Ended, Cancelled } = LiveClassStatus;

// Who the caller is to this live class: a moderator (its teacher, who made it, or academic staff
// with liveClass:all), a viewer (a student of one of its classes, or a learner of its course when
// it is a course's live lesson), or nobody.
export async function roleIn(db: DbOrTx, ctx: RequestContext, live: LiveClassRow): Promise<LiveRole | null> {
  if (hasAny(ctx, ['liveClass:all']) || live.createdBy === ctx.userId) return LiveRole.Moderator;
  const invited = await isInvited(db, ctx.orgId, live.id, ctx.userId);
  if (invited.teacher) return LiveRole.Moderator;
  return invited.student ? LiveRole.Viewer : null;
}

// Whether joining is possible now: the class named only to those invited, then its state and window.
async function checkWindow(db: DbOrTx, live: LiveClassRow, now: Date): Promise<void> {
  if (live.status === Cancelled) throw businessError('liveCancelled');
  if (live.status === Ended || (live.status !== Live && now >= live.endsAt)) throw businessError('liveOver');
  const from = opensAt(live);
  if (now < from) {
    const zone = await orgTimeZone(db, live.organizationId);
    throw businessError('liveNotOpen', { from: localTime(from, zone) });
  }
}

// The address BigBlueButton posts its callbacks to: this server as the outside world reaches it
// (PUBLIC_URL behind a proxy), with the per-meeting token the callback must bring back.
function callbackUrl(publicBase: string, live: LiveClassRow, kind: 'analytics' | 'recording'): string {
  const base = publicBase.replace(/\/+$/, '');
  const m = encodeURIComponent(live.meetingId);
  return `${base}/api/liveClass/callback/bbb?kind=${kind}&m=${m}&t=${encodeURIComponent(live.callbackToken)}`;
}

export function meetingSpec(live: LiveClassRow, publicBase: string): MeetingSpec {
  const minutes = Math.ceil((live.endsAt.getTime() - live.startsAt.getTime()) / 60_000);
  return {
    meetingId: live.meetingId,
    name: live.title,
    moderatorPw: live.moderatorPw,
    attendeePw: live.attendeePw,
    // Counted from the start of the meeting, which may be the join window's opening.
    durationMinutes: minutes + live.joinOpensMinutes + OVERRUN_MINUTES,
    record: live.recordingMode !== RecordingMode.Off,
    autoStartRecording: live.recordingMode === RecordingMode.Automatic,
    analyticsCallbackUrl: callbackUrl(publicBase, live, 'analytics'),
    recordingReadyUrl: callbackUrl(publicBase, live, 'recording'),
    ...(live.description ? { welcome: live.description.slice(0, 500) } : {}),
  };
}

// A provider's failure as the caller sees it: the server could not be reached (or said no), never a
// raw 500; a refusal of ours (no server set up) passes as it is.
export function providerFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const detail = err instanceof ProviderError ? err.detail : 'unreachable';
  return businessError('liveServerUnreachable', { detail });
}

export interface JoinRequest {
  // Where the provider's callbacks go (PUBLIC_URL, else the address this request came to).
  base: string;
  // Whether `base` is PUBLIC_URL rather than the request's Host header.
  configured: boolean;
  ip: string | null;
}

export async function joinLive(ctx: RequestContext, id: number, req: JoinRequest): Promise<LiveJoin> {
  const [live] = await ctx.db
    .select()
    .from(liveClasses)
    .where(inOrg(liveClasses, ctx.orgId, [eq(liveClasses.id, id)]));
  if (!live || live.status === Draft) throw notFound('Live class');
  const role = await roleIn(ctx.db, ctx, live);
  if (role === null) throw forbidden('liveNotInvited');
  const now = clock.date();
  await checkWindow(ctx.db, live, now);

  let url = live.externalUrl ?? '';
  let createTime = live.meetingCreateTime;
  if (live.providerKind === LiveProviderKind.BigBlueButton) {
    // The callback addresses are fixed by whoever creates the meeting first. Without PUBLIC_URL
    // they come from the request's Host header, which a student's own client could forge to send
    // the report elsewhere: so then only a moderator opens the meeting, and students wait for it.
    if (!req.configured && role === LiveRole.Viewer && live.meetingCreateTime === null)
      throw businessError('liveWaitForTeacher');
    const account = await accountFor(ctx.db, ctx.orgId, live.providerId);
    const spec = meetingSpec(live, req.base);
    try {
      // Created on every join (the server answers the running meeting when it exists), so a
      // meeting the server ended early, or never had, is there when someone comes.
      ({ createTime } = await bbbProvider.createMeeting(account, spec));
    } catch (err) {
      throw providerFailure(err);
    }
    url = bbbProvider.joinUrl(account, spec, { userId: ctx.userId, fullName: ctx.realName, role }, createTime);
  }

  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(liveJoins)
      .values({ organizationId: ctx.orgId, liveClassId: id, userId: ctx.userId, role, ip: req.ip, createTime: now });
    if (createTime !== null && createTime !== live.meetingCreateTime) {
      await tx
        .update(liveClasses)
        .set({ meetingCreateTime: createTime })
        .where(inOrg(liveClasses, ctx.orgId, [eq(liveClasses.id, id)]));
    }
    // The first moderator to come starts it; from Scheduled only, so a later join changes nothing.
    if (role === LiveRole.Moderator) {
      await tx
        .update(liveClasses)
        .set({ status: Live, startedAt: now, updateTime: now })
        .where(and(inOrg(liveClasses, ctx.orgId, [eq(liveClasses.id, id)]), eq(liveClasses.status, Scheduled)));
    }
  });
  return {
    url,
    role,
    providerKind: live.providerKind as LiveProviderKind,
    expiresAt: new Date(now.getTime() + JOIN_URL_SECONDS * 1000).toISOString(),
  };
}
