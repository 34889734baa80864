import {
  AttendanceKind,
  type AttendanceRates,
  LeaveStatus,
  MarkSource,
  type MyAttendance,
  type Roster,
  type SessionRef,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { flag, num, orNull, typedRows } from '../../platform/sql-rows';
import { teamMembers, teams } from '../team/team.table';
import { orgTimeZone } from '../timetable/booking.service';
import { users } from '../user/user.table';
import {
  attendanceMarks,
  attendanceSessions,
  attendanceStatuses,
  leaveRequestLessons,
  leaveRequests,
} from './attendance.table';
import { currentMarks } from './attendance-marks';
import { readableSession, type SessionRow, takingMode, takingWindow } from './attendance-sessions';
import { defaultStatus, statusesOf, statusOfKind } from './attendance-statuses';
import { summaryOf } from './attendance-summaries';

// The taking screen's data: the class's students, each with their current mark (and who made it), or
// Excused when approved leave covers the session, or the default status; and the student's own view.

const orNullText = (v: unknown) => (v == null ? null : String(v));
const orNullId = (v: unknown) => (v == null ? null : Number(v));

// The current mark of each student of a session, with its maker's name and whether an office mark
// stands over an earlier or later mark of another source.
export async function currentOf(db: DbOrTx, orgId: number, sessionId: number) {
  return typedRows(
    db,
    sql`select c.student_id as "studentId", c.mark_id as "markId", c.status_id as "statusId", c.source,
        c.reason, c.leave_id as "leaveId", c.marked_by as "markedBy", u.real_name as "markedByName",
        c.create_time as "markedAt",
        (c.source = ${MarkSource.Office} and exists (select 1 from ${attendanceMarks} o
          where o.organization_id = ${orgId} and o.session_id = c.session_id and o.student_id = c.student_id
            and o.source <> ${MarkSource.Office})) as "overridesTeacher"
      from (${currentMarks(orgId, sql`${sessionId}`)}) c
      join ${users} u on u.organization_id = ${orgId} and u.id = c.marked_by`,
    {
      studentId: num,
      markId: num,
      statusId: num,
      source: num,
      reason: orNullText,
      leaveId: orNullId,
      markedBy: num,
      markedByName: (v: unknown) => String(v ?? ''),
      markedAt: attendanceMarks.createTime,
      overridesTeacher: flag,
    },
  );
}

// Students of the session's class under approved leave covering it (by time, or naming its lesson).
async function onLeave(db: DbOrTx, orgId: number, session: SessionRow): Promise<Map<number, number>> {
  const named = session.lessonId
    ? sql`exists (select 1 from ${leaveRequestLessons} x where x.organization_id = r.organization_id
        and x.leave_id = r.id and x.lesson_id = ${session.lessonId})`
    : sql`false`;
  const rows = await typedRows(
    db,
    sql`select distinct on (r.student_id) r.student_id as "studentId", r.id
      from ${leaveRequests} r
      where r.organization_id = ${orgId} and r.status = ${LeaveStatus.Approved}
        and r.student_id in (select user_id from ${teamMembers} where organization_id = ${orgId} and team_id = ${session.teamId})
        and ((r.from_at < ${session.endsAt.toISOString()}::timestamptz and r.to_at > ${session.startsAt.toISOString()}::timestamptz) or ${named})
      order by r.student_id, r.id desc`,
    { studentId: num, id: num },
  );
  return new Map(rows.map((r) => [r.studentId, r.id]));
}

export async function roster(ctx: RequestContext, ref: SessionRef): Promise<Roster> {
  const info = await readableSession(ctx, ref);
  const { session } = info;
  const statuses = await statusesOf(ctx.db, ctx.orgId);
  const fallback = defaultStatus(statuses);
  const excused = statusOfKind(statuses, AttendanceKind.Excused) ?? fallback;
  const [students, marks, leave, summary] = [
    await ctx.db
      .select({ studentId: teamMembers.userId, userName: users.userName, realName: users.realName })
      .from(teamMembers)
      .innerJoin(
        users,
        sql`${users.organizationId} = ${teamMembers.organizationId} and ${users.id} = ${teamMembers.userId}`,
      )
      .where(sql`${teamMembers.organizationId} = ${ctx.orgId} and ${teamMembers.teamId} = ${session.teamId}`)
      .orderBy(teamMembers.sort, users.realName, users.id),
    await currentOf(ctx.db, ctx.orgId, session.id),
    await onLeave(ctx.db, ctx.orgId, session),
    await summaryOf(ctx, session.id),
  ];
  const byStudent = new Map(marks.map((m) => [m.studentId, m]));
  const { opensAt, closesAt } = takingWindow(session);
  const mode = takingMode(ctx, info, clock.date());
  return {
    session: { ...summary, sessionId: session.id },
    statuses: statuses.map((s) => ({ ...s, kind: s.kind as AttendanceKind, createTime: s.createTime.toISOString() })),
    defaultStatusId: fallback.id,
    office: mode === 'office',
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    students: students.map((s) => {
      const mark = byStudent.get(s.studentId);
      const leaveId = leave.get(s.studentId) ?? null;
      const { studentId: _, ...current } = mark ?? { studentId: 0 };
      return {
        ...s,
        statusId: mark ? mark.statusId : leaveId ? excused.id : fallback.id,
        prefill: mark ? 'mark' : leaveId ? 'leave' : 'default',
        leaveId,
        current: mark
          ? {
              ...(current as Omit<typeof mark, 'studentId'>),
              source: mark.source as MarkSource,
              markedAt: mark.markedAt.toISOString(),
            }
          : null,
      };
    }),
  };
}

// ---- the student's own ----

// Rates by kind over marked sessions: each mark counts its status's weight (Excused 1.0 by default).
function ratesOf(rows: { kind: number | null; weight: number | null }[]): AttendanceRates {
  const marked = rows.filter((r) => r.kind !== null);
  const byKind = new Map<number, number>();
  for (const r of marked) byKind.set(r.kind as number, (byKind.get(r.kind as number) ?? 0) + 1);
  const weight = marked.reduce((sum, r) => sum + (r.weight ?? 0), 0);
  return {
    sessions: rows.length,
    marked: marked.length,
    byKind: [...byKind].sort(([a], [b]) => a - b).map(([kind, count]) => ({ kind: kind as AttendanceKind, count })),
    rate: marked.length ? Math.round((weight / marked.length) * 10_000) / 10_000 : null,
  };
}

// The caller's sessions in a range of days (their classes' sessions that started by now, and any
// session that already holds a mark of theirs), with their current mark.
export async function mine(ctx: RequestContext, range: { from: string; to: string }): Promise<MyAttendance> {
  const zone = await orgTimeZone(ctx.db, ctx.orgId);
  const now = clock.date().toISOString();
  const rows = await typedRows(
    ctx.db,
    sql`with mine as (
        select s.* from ${attendanceSessions} s
        where s.organization_id = ${ctx.orgId}
          and (s.starts_at at time zone ${zone})::date between ${range.from}::date and ${range.to}::date
          and ((s.starts_at <= ${now}::timestamptz and s.team_id in (select team_id from ${teamMembers}
                where organization_id = ${ctx.orgId} and user_id = ${ctx.userId}))
            or exists (select 1 from ${attendanceMarks} m where m.organization_id = s.organization_id
                and m.session_id = s.id and m.student_id = ${ctx.userId}))
      ),
      cur as (
        select * from (${currentMarks(ctx.orgId, sql`select id from mine`)}) c where c.student_id = ${ctx.userId}
      )
      select s.id as "sessionId", s.lesson_id as "lessonId", s.title, t.name as "teamName", s.starts_at as "startsAt",
        s.ends_at as "endsAt", c.status_id as "statusId", st.name as "statusName", st.kind, st.weight, c.source,
        c.reason, c.create_time as "markedAt"
      from mine s
      join ${teams} t on t.organization_id = s.organization_id and t.id = s.team_id
      left join cur c on c.session_id = s.id
      left join ${attendanceStatuses} st on st.organization_id = s.organization_id and st.id = c.status_id
      order by s.starts_at desc limit 2000`,
    {
      sessionId: num,
      lessonId: orNullId,
      title: (v: unknown) => String(v ?? ''),
      teamName: (v: unknown) => String(v ?? ''),
      startsAt: attendanceSessions.startsAt,
      endsAt: attendanceSessions.endsAt,
      statusId: orNullId,
      statusName: orNullText,
      kind: orNullId,
      weight: (v: unknown) => (v == null ? null : Number(v)),
      source: orNullId,
      reason: orNullText,
      markedAt: orNull(attendanceMarks.createTime),
    },
  );
  return {
    sessions: rows.map(({ weight: _, ...r }) => ({
      ...r,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      kind: r.kind as AttendanceKind | null,
      source: r.source as MarkSource | null,
      markedAt: r.markedAt ? r.markedAt.toISOString() : null,
    })),
    rates: ratesOf(rows),
  };
}
