import { type AttendanceKind, LessonStatus, type SessionSummary, type SessionsRequest } from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { flag, idList, num, orNull, typedRows } from '../../platform/sql-rows';
import { teachVenues } from '../calendar/calendar.table';
import { teams } from '../team/team.table';
import { orgTimeZone } from '../timetable/booking.service';
import { lessons } from '../timetable/timetable.table';
import { users } from '../user/user.table';
import { attendanceSessions, attendanceStatuses } from './attendance.table';
import { currentMarks } from './attendance-marks';
import { isOffice, type SessionInfo, takingMode } from './attendance-sessions';

// The lessons of some days (and the ad hoc roll calls) with their sessions' state: taken or not,
// the current marks counted by kind, and whether the caller may take each now.

const text = (v: unknown) => String(v ?? '');
const orNullText = (v: unknown) => (v == null ? null : String(v));
const orNullId = (v: unknown) => (v == null ? null : Number(v));
const SHAPE = {
  sessionId: orNullId,
  lessonId: orNullId,
  lessonStatus: orNullId,
  title: text,
  teamId: num,
  teamName: text,
  teacherId: num,
  teacherName: text,
  venueName: orNullText,
  startsAt: attendanceSessions.startsAt,
  endsAt: attendanceSessions.endsAt,
  students: num,
  takenAt: orNull(attendanceSessions.takenAt),
  takenBy: orNullId,
  takenByName: orNullText,
  qrOpen: flag,
  assistantId: orNullId,
  classTeacherId: orNullId,
};

// What narrows the two halves of the list: lessons (alias l, their sessions s) and sessions without a
// lesson (alias s); both have their class as tm.
interface Where {
  lessons: SQL;
  adHoc: SQL;
}

async function summaryRows(ctx: RequestContext, where: Where) {
  const rows = await typedRows(
    ctx.db,
    sql`select * from (
      select s.id as "sessionId", l.id as "lessonId", l.status as "lessonStatus", l.title, l.team_id as "teamId",
        tm.name as "teamName", l.teacher_id as "teacherId", u.real_name as "teacherName", v.name as "venueName",
        l.starts_at as "startsAt", l.ends_at as "endsAt", tm.member_count as students, s.taken_at as "takenAt",
        s.taken_by as "takenBy", tb.real_name as "takenByName", coalesce(s.qr_open, false) as "qrOpen",
        l.assistant_id as "assistantId", tm.class_teacher_id as "classTeacherId"
      from ${lessons} l
      join ${teams} tm on tm.organization_id = l.organization_id and tm.id = l.team_id
      join ${users} u on u.organization_id = l.organization_id and u.id = l.teacher_id
      left join ${teachVenues} v on v.organization_id = l.organization_id and v.id = l.venue_id
      left join ${attendanceSessions} s on s.organization_id = l.organization_id and s.lesson_id = l.id
      left join ${users} tb on tb.organization_id = s.organization_id and tb.id = s.taken_by
      where l.organization_id = ${ctx.orgId} and ${where.lessons}
      union all
      select s.id, null, null, s.title, s.team_id, tm.name, s.teacher_id, u.real_name, null, s.starts_at, s.ends_at,
        tm.member_count, s.taken_at, s.taken_by, tb.real_name, s.qr_open, null, tm.class_teacher_id
      from ${attendanceSessions} s
      join ${teams} tm on tm.organization_id = s.organization_id and tm.id = s.team_id
      join ${users} u on u.organization_id = s.organization_id and u.id = s.teacher_id
      left join ${users} tb on tb.organization_id = s.organization_id and tb.id = s.taken_by
      where s.organization_id = ${ctx.orgId} and s.lesson_id is null and ${where.adHoc}
    ) x order by "startsAt", "teamName", title limit 2000`,
    SHAPE,
  );
  const sessionIds = rows.flatMap((r) => (r.sessionId === null ? [] : [r.sessionId]));
  const counts = await countsByKind(ctx, sessionIds);
  const now = clock.date();
  return rows.map((r): SessionSummary => {
    const { assistantId, classTeacherId, ...row } = r;
    const byKind = counts.get(r.sessionId ?? 0) ?? [];
    const marked = byKind.reduce((n, c) => n + c.count, 0);
    const info: SessionInfo = {
      session: { startsAt: r.startsAt, endsAt: r.endsAt, teacherId: r.teacherId } as SessionInfo['session'],
      lesson: r.lessonId === null ? null : { teacherId: r.teacherId, assistantId, status: r.lessonStatus ?? 0 },
      classTeacherId,
    };
    return {
      ...row,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      takenAt: r.takenAt ? r.takenAt.toISOString() : null,
      lessonStatus: r.lessonStatus as LessonStatus | null,
      counts: byKind,
      unmarked: Math.max(0, r.students - marked),
      canTake: takingMode(ctx, info, now) !== null,
    };
  });
}

// The current marks of these sessions counted by their status's kind.
export async function countsByKind(ctx: RequestContext, sessionIds: number[]) {
  const out = new Map<number, { kind: AttendanceKind; count: number }[]>();
  if (!sessionIds.length) return out;
  const rows = await typedRows(
    ctx.db,
    sql`select c.session_id as "sessionId", st.kind, count(*)::int as n
      from (${currentMarks(ctx.orgId, sql`${idList(sessionIds)}`)}) c
      join ${attendanceStatuses} st on st.organization_id = ${ctx.orgId} and st.id = c.status_id
      group by c.session_id, st.kind order by st.kind`,
    { sessionId: num, kind: num, n: num },
  );
  for (const r of rows) {
    out.set(r.sessionId, [...(out.get(r.sessionId) ?? []), { kind: r.kind as AttendanceKind, count: r.n }]);
  }
  return out;
}

// Lessons the caller teaches or assists and the classes they lead (the sessions they created).
const mineLessons = (ctx: RequestContext) =>
  sql`(l.teacher_id = ${ctx.userId} or l.assistant_id = ${ctx.userId} or tm.class_teacher_id = ${ctx.userId})`;
const mineAdHoc = (ctx: RequestContext) => sql`(s.teacher_id = ${ctx.userId} or tm.class_teacher_id = ${ctx.userId})`;

export async function sessionsOf(ctx: RequestContext, req: SessionsRequest): Promise<SessionSummary[]> {
  if (req.scope === 'all' && !isOffice(ctx)) throw forbidden();
  const from = req.day ?? req.from ?? '';
  const to = req.day ?? req.to ?? '';
  const zone = await orgTimeZone(ctx.db, ctx.orgId);
  const all = req.scope === 'all';
  const team = (alias: SQL) => (req.teamId === undefined ? sql`true` : sql`${alias} = ${req.teamId}`);
  return summaryRows(ctx, {
    lessons: sql`l.day between ${from} and ${to} and l.status <> ${LessonStatus.Cancelled}
      and ${team(sql`l.team_id`)} and ${all ? sql`true` : mineLessons(ctx)}`,
    adHoc: sql`(s.starts_at at time zone ${zone})::date between ${from}::date and ${to}::date
      and ${team(sql`s.team_id`)} and ${all ? sql`true` : mineAdHoc(ctx)}`,
  });
}

// One session's summary (the roster's head).
export async function summaryOf(ctx: RequestContext, sessionId: number): Promise<SessionSummary> {
  const [row] = await summaryRows(ctx, { lessons: sql`s.id = ${sessionId}`, adHoc: sql`s.id = ${sessionId}` });
  return row as SessionSummary;
}
