import { LessonStatus } from '@lyceum/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, forbidden, notFound } from '../../platform/errors';
import { allows } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { teams } from '../team/team.table';
import { localTime, orgTimeZone } from '../timetable/booking.service';
import { lessons } from '../timetable/timetable.table';
import { attendanceSessions } from './attendance.table';

// Roll calls: one per lesson occurrence, made on first need (the roster, a take, approved leave,
// a QR code) from the lesson's class, teacher, title and times; or ad hoc (an assembly). Who reaches
// one: academic staff (attendance:all) every session; the lesson's teacher, substitute or
// assistant theirs (the creator an ad hoc one); a class teacher their classes' sessions, to read.

const MINUTE = 60_000;
// A teacher takes attendance from a quarter of an hour before the lesson until a week after it;
// academic staff correct it at any time (as an office override).
export const OPENS_BEFORE_MS = 15 * MINUTE;
export const CLOSES_AFTER_DAYS = 7;
const CLOSES_AFTER_MS = CLOSES_AFTER_DAYS * 24 * 60 * MINUTE;

export type SessionRow = typeof attendanceSessions.$inferSelect;
export interface SessionInfo {
  session: SessionRow;
  // The lesson as it is now (its teacher may have changed since the session was made).
  lesson: { teacherId: number; assistantId: number | null; status: number } | null;
  classTeacherId: number | null;
}

// A secret per session for the rotating QR code: 256 random bits, made by the database.
export const QR_SECRET = sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`;

// Makes the sessions of these lessons that have none yet (cancelled lessons get none); the unique
// key on the lesson keeps one when two callers make it at once. `lessonIds` is a query of ids.
export async function ensureLessonSessions(db: DbOrTx, orgId: number, lessonIds: SQL): Promise<void> {
  await db.execute(sql`insert into ${attendanceSessions}
      (organization_id, lesson_id, team_id, teacher_id, title, starts_at, ends_at, qr_secret)
    select l.organization_id, l.id, l.team_id, l.teacher_id, l.title, l.starts_at, l.ends_at, ${QR_SECRET}
    from ${lessons} l
    where l.organization_id = ${orgId} and l.id in (${lessonIds}) and l.status <> ${LessonStatus.Cancelled}
    on conflict (organization_id, lesson_id) do nothing`);
}

// Sessions follow their lessons: class, teacher, title and times as the lesson has them now.
export async function followLessons(db: DbOrTx, orgId: number, lessonIds: SQL): Promise<void> {
  await db.execute(sql`update ${attendanceSessions} s
    set team_id = l.team_id, teacher_id = l.teacher_id, title = l.title, starts_at = l.starts_at,
        ends_at = l.ends_at, update_time = now()
    from ${lessons} l
    where s.organization_id = ${orgId} and l.organization_id = s.organization_id and l.id = s.lesson_id
      and l.id in (${lessonIds})`);
}

async function infoWhere(db: DbOrTx, orgId: number, where: SQL, lock: boolean): Promise<SessionInfo | null> {
  const query = db
    .select({
      session: attendanceSessions,
      teacherId: lessons.teacherId,
      assistantId: lessons.assistantId,
      status: lessons.status,
      classTeacherId: teams.classTeacherId,
    })
    .from(attendanceSessions)
    .leftJoin(
      lessons,
      sql`${lessons.organizationId} = ${attendanceSessions.organizationId} and ${lessons.id} = ${attendanceSessions.lessonId}`,
    )
    .leftJoin(
      teams,
      sql`${teams.organizationId} = ${attendanceSessions.organizationId} and ${teams.id} = ${attendanceSessions.teamId}`,
    )
    .where(inOrg(attendanceSessions, orgId, [where]));
  const [row] = lock ? await query.for('update', { of: attendanceSessions }) : await query;
  if (!row) return null;
  const lesson =
    row.teacherId === null ? null : { teacherId: row.teacherId, assistantId: row.assistantId, status: row.status ?? 0 };
  return { session: row.session, lesson, classTeacherId: row.classTeacherId };
}

// The session of a lesson (made now if it has none) or a session by id; "not found" when neither
// is the organisation's. `lock` holds the session row for the rest of the transaction.
export async function sessionInfo(
  db: DbOrTx,
  orgId: number,
  ref: { lessonId?: number | undefined; sessionId?: number | undefined },
  lock = false,
): Promise<SessionInfo> {
  if (ref.lessonId !== undefined) {
    const [lesson] = await db
      .select({ id: lessons.id, status: lessons.status })
      .from(lessons)
      .where(inOrg(lessons, orgId, [eq(lessons.id, ref.lessonId)]));
    if (!lesson) throw notFound('Lesson');
    await ensureLessonSessions(db, orgId, sql`${ref.lessonId}`);
    const info = await infoWhere(db, orgId, eq(attendanceSessions.lessonId, ref.lessonId), lock);
    // A cancelled lesson never held has no roll call.
    if (!info) throw businessError('lessonCancelled');
    return info;
  }
  const info = await infoWhere(db, orgId, eq(attendanceSessions.id, ref.sessionId ?? 0), lock);
  if (!info) throw notFound('Attendance session');
  return info;
}

export const isOffice = (ctx: RequestContext) => allows(ctx, ['attendance:all']);

// The lesson's teacher (a substitute is the lesson's teacher now) or its assistant; an ad hoc
// session's creator.
export function teachesSession(ctx: RequestContext, info: SessionInfo): boolean {
  if (info.lesson) return info.lesson.teacherId === ctx.userId || info.lesson.assistantId === ctx.userId;
  return info.session.teacherId === ctx.userId;
}

export function canReadSession(ctx: RequestContext, info: SessionInfo): boolean {
  return isOffice(ctx) || teachesSession(ctx, info) || info.classTeacherId === ctx.userId;
}

// A session the caller may read, or "not found" (another class's session is not theirs to know of).
export async function readableSession(
  ctx: RequestContext,
  ref: { lessonId?: number | undefined; sessionId?: number | undefined },
): Promise<SessionInfo> {
  // A lesson's session is made only for a caller who may read it.
  if (ref.lessonId !== undefined && !isOffice(ctx)) {
    const [lesson] = await ctx.db
      .select({ teacherId: lessons.teacherId, assistantId: lessons.assistantId, classTeacherId: teams.classTeacherId })
      .from(lessons)
      .innerJoin(teams, sql`${teams.organizationId} = ${lessons.organizationId} and ${teams.id} = ${lessons.teamId}`)
      .where(inOrg(lessons, ctx.orgId, [eq(lessons.id, ref.lessonId)]));
    const mine = lesson && [lesson.teacherId, lesson.assistantId, lesson.classTeacherId].includes(ctx.userId);
    if (!mine) throw notFound('Lesson');
  }
  const info = await sessionInfo(ctx.db, ctx.orgId, ref);
  if (!canReadSession(ctx, info)) throw notFound(ref.lessonId !== undefined ? 'Lesson' : 'Attendance session');
  return info;
}

// When a teacher may take the session: from 15 minutes before it starts until 7 days after it ends.
export function takingWindow(session: Pick<SessionRow, 'startsAt' | 'endsAt'>) {
  return {
    opensAt: new Date(session.startsAt.getTime() - OPENS_BEFORE_MS),
    closesAt: new Date(session.endsAt.getTime() + CLOSES_AFTER_MS),
  };
}

// How the caller takes this session now: as its teacher (within the window, unless they also hold
// attendance:all) or as the office (an override); refused otherwise. `now` is the clock's.
export function takingMode(ctx: RequestContext, info: SessionInfo, now: Date): 'teacher' | 'office' | null {
  if (info.lesson?.status === LessonStatus.Cancelled) return null;
  const teaches = teachesSession(ctx, info) && allows(ctx, ['attendance:take']);
  if (isOffice(ctx)) return teaches ? 'teacher' : 'office';
  if (!teaches) return null;
  const { opensAt, closesAt } = takingWindow(info.session);
  return now >= opensAt && now <= closesAt ? 'teacher' : null;
}

// The same decision with its reason, for the routes that take or open check-in.
export async function checkTaking(ctx: RequestContext, info: SessionInfo, now: Date): Promise<'teacher' | 'office'> {
  if (info.lesson?.status === LessonStatus.Cancelled) throw businessError('lessonCancelled');
  const mode = takingMode(ctx, info, now);
  if (mode) return mode;
  if (!teachesSession(ctx, info) || !allows(ctx, ['attendance:take'])) throw forbidden('notYourLesson');
  const { opensAt } = takingWindow(info.session);
  if (now < opensAt) {
    const zone = await orgTimeZone(ctx.db, ctx.orgId);
    throw businessError('attendanceNotOpen', { from: localTime(opensAt, zone) });
  }
  throw businessError('attendanceClosed', { days: CLOSES_AFTER_DAYS });
}
