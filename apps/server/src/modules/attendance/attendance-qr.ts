import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { AttendanceKind, type CheckInResult, MarkSource, QR_WINDOW_SECONDS, type QrCode } from '@lyceum/contract';
import { asc, eq, ne, or, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { forbidden, invalidParams, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { teamMembers } from '../team/team.table';
import { attendanceMarks, attendanceSessions } from './attendance.table';
import { checkTaking, readableSession, type SessionRow, sessionInfo } from './attendance-sessions';
import { defaultStatus, statusesOf, statusOfKind } from './attendance-statuses';

// Rotating-QR self check-in. The code shown in class is HMAC-SHA256(the session's secret,
// "sessionId:window") in base32, 10 characters, for 15-second windows; the current and the previous
// window are accepted, so a code photographed and sent on is soon useless. A check-in is bound to
// the student's login and their browser: one login (and one device) checks in one student per
// session, so a phone logged in as A cannot then check in B.

const WINDOW_MS = QR_WINDOW_SECONDS * 1000;
const MINUTE = 60_000;
// Students check in from 10 minutes before the lesson until its end; after 10 minutes they are late
// (a fixed threshold until an organisation setting names another).
const CHECK_IN_BEFORE_MS = 10 * MINUTE;
export const LATE_AFTER_MS = 10 * MINUTE;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function qrCode(secret: string, sessionId: number, window: number): string {
  const mac = createHmac('sha256', secret).update(`${sessionId}:${window}`).digest();
  let out = '';
  let value = 0;
  let bits = 0;
  for (const byte of mac) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5 && out.length < 10) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length >= 10) break;
  }
  return out;
}

const windowAt = (ms: number) => Math.floor(ms / WINDOW_MS);

function sameCode(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a.toUpperCase()), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

function codeAnswer(session: SessionRow, open: boolean): QrCode {
  if (!open)
    return { sessionId: session.id, open, code: null, url: null, expiresAt: null, windowSeconds: QR_WINDOW_SECONDS };
  const window = windowAt(clock.now());
  const code = qrCode(session.qrSecret, session.id, window);
  return {
    sessionId: session.id,
    open,
    code,
    url: `/study/checkIn?s=${session.id}&c=${code}`,
    expiresAt: new Date((window + 1) * WINDOW_MS).toISOString(),
    windowSeconds: QR_WINDOW_SECONDS,
  };
}

// Opens (or closes) check-in and answers the code of this moment: the lesson's teacher within the
// taking window, or academic staff. Asked again, it answers the next code.
export async function openCheckIn(ctx: RequestContext, sessionId: number, open: boolean): Promise<QrCode> {
  const info = await readableSession(ctx, { sessionId });
  await checkTaking(ctx, info, clock.date());
  if (info.session.qrOpen !== open) {
    await ctx.db
      .update(attendanceSessions)
      .set({ qrOpen: open, updateTime: clock.date() })
      .where(inOrg(attendanceSessions, ctx.orgId, [eq(attendanceSessions.id, sessionId)]));
  }
  return codeAnswer(info.session, open);
}

const prefix = (hash: string) => hash.slice(0, 16);

export async function checkIn(
  ctx: RequestContext,
  input: { sessionId: number; code: string },
  deviceCookie: string | undefined,
): Promise<CheckInResult> {
  const now = clock.now();
  const login = prefix(ctx.tokenHash);
  const device = deviceCookie ? prefix(createHash('sha256').update(deviceCookie).digest('hex')) : null;
  return ctx.db.transaction(async (tx) => {
    const { session } = await sessionInfo(tx, ctx.orgId, { sessionId: input.sessionId }, true);
    // Another class's session is not the student's to know of.
    const [member] = await tx
      .select({ id: teamMembers.userId })
      .from(teamMembers)
      .where(
        inOrg(teamMembers, ctx.orgId, [eq(teamMembers.teamId, session.teamId), eq(teamMembers.userId, ctx.userId)]),
      );
    if (!member) throw notFound('Attendance session');
    const opens = session.startsAt.getTime() - CHECK_IN_BEFORE_MS;
    if (!session.qrOpen || now < opens || now > session.endsAt.getTime()) throw invalidParams('code', 'checkInClosed');
    const window = windowAt(now);
    const valid = [window, window - 1].some((w) => sameCode(input.code, qrCode(session.qrSecret, session.id, w)));
    if (!valid) throw invalidParams('code', 'checkInCode');
    const sameLogin = or(
      sql`${attendanceMarks.evidence}->>'login' = ${login}`,
      device ? sql`${attendanceMarks.evidence}->>'device' = ${device}` : sql`false`,
    );
    const [other] = await tx
      .select({ id: attendanceMarks.id })
      .from(attendanceMarks)
      .where(
        inOrg(attendanceMarks, ctx.orgId, [
          eq(attendanceMarks.sessionId, session.id),
          eq(attendanceMarks.source, MarkSource.QrCheckIn),
          ne(attendanceMarks.studentId, ctx.userId),
          sameLogin,
        ]),
      )
      .limit(1);
    if (other) throw forbidden('checkInOtherStudent');
    // Made on first use, in this transaction: a refused check-in writes nothing.
    const statuses = await statusesOf(tx, ctx.orgId);
    const earlier = await tx
      .select()
      .from(attendanceMarks)
      .where(
        inOrg(attendanceMarks, ctx.orgId, [
          eq(attendanceMarks.sessionId, session.id),
          eq(attendanceMarks.studentId, ctx.userId),
        ]),
      )
      .orderBy(asc(attendanceMarks.id));
    // A teacher's or the office's mark stands; a second scan changes nothing either.
    const standing =
      earlier.filter((m) => m.source === MarkSource.Office).at(-1) ??
      earlier.filter((m) => m.source === MarkSource.Teacher || m.source === MarkSource.QrCheckIn).at(-1);
    if (standing) {
      const kept = statuses.find((s) => s.id === standing.statusId) ?? defaultStatus(statuses);
      return result(session, kept, standing.source, standing.createTime, true);
    }
    const late = now > session.startsAt.getTime() + LATE_AFTER_MS;
    const present = defaultStatus(statuses);
    const chosen = late
      ? (statusOfKind(statuses, AttendanceKind.Late) ?? present)
      : present.kind === AttendanceKind.Present
        ? present
        : (statusOfKind(statuses, AttendanceKind.Present) ?? present);
    const at = new Date(now);
    await tx.insert(attendanceMarks).values({
      organizationId: ctx.orgId,
      sessionId: session.id,
      studentId: ctx.userId,
      statusId: chosen.id,
      source: MarkSource.QrCheckIn,
      evidence: { login, device, window },
      markedBy: ctx.userId,
      createTime: at,
    });
    return result(session, chosen, MarkSource.QrCheckIn, at, false);
  });
}

function result(
  session: SessionRow,
  status: { id: number; name: string; kind: number },
  source: number,
  at: Date,
  kept: boolean,
): CheckInResult {
  return {
    sessionId: session.id,
    title: session.title,
    statusId: status.id,
    statusName: status.name,
    kind: status.kind as AttendanceKind,
    source: source as MarkSource,
    markedAt: at.toISOString(),
    kept,
  };
}
