import {
  type AttendanceStats,
  AttendanceKind as Kind,
  type MarkTotals,
  type StudentStats,
  type zStatsExportRequest,
  type zStatsRequest,
} from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { rows } from '../../platform/sql-rows';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';
import { attendanceSessions, attendanceStatuses } from './attendance.table';
import { currentMarks } from './attendance-marks';
import { checkNamed, orgDays, sessionScope, whereAll } from './attendance-stats-scope';

// Rates and trends over the current marks (attendance-marks.ts) of a range of days: per class, per
// student, per day. Each answer is one statement over the marks; nothing loops over students.

type StatsRequest = z.output<typeof zStatsRequest>;
type ExportRequest = z.output<typeof zStatsExportRequest>;

// Marks by kind and the weighted rate (sum of weights over marks) of the rows of `m`.
const COUNTS = sql`count(*)::int as "marks",
  count(*) filter (where m.kind = ${Kind.Present})::int as "present",
  count(*) filter (where m.kind = ${Kind.Late})::int as "late",
  count(*) filter (where m.kind = ${Kind.LeftEarly})::int as "leftEarly",
  count(*) filter (where m.kind = ${Kind.Excused})::int as "excused",
  count(*) filter (where m.kind = ${Kind.Absent})::int as "absent",
  (sum(m.weight) / nullif(count(*), 0))::float8 as "rate"`;
const EMPTY: MarkTotals = { marks: 0, present: 0, late: 0, leftEarly: 0, excused: 0, absent: 0, rate: null };

// The CTEs every statistic starts from: `sess`, the started sessions of the range the caller
// reaches (of one class with teamId), and `m`, their current marks with kind and weight, each with
// the session's class, start and day in the organisation's zone (of one student with studentId).
async function marksOfRange(
  ctx: RequestContext,
  req: { from: string; to: string; teamId?: number | undefined; studentId?: number | undefined },
): Promise<SQL> {
  const days = await orgDays(ctx.db, ctx.orgId);
  const now = clock.date().toISOString();
  const sessions = whereAll([
    sql`s.organization_id = ${ctx.orgId}`,
    sql`s.starts_at >= ${days.start(req.from)} and s.starts_at < ${days.end(req.to)}`,
    sql`s.starts_at <= ${now}::timestamptz`,
    req.teamId === undefined ? undefined : sql`s.team_id = ${req.teamId}`,
    sessionScope(ctx),
  ]);
  const student = req.studentId === undefined ? sql`` : sql`where cm.student_id = ${req.studentId}`;
  return sql`with sess as (
      select s.id, s.team_id, s.starts_at, s.taken_at, (s.starts_at at time zone ${days.zone})::date as day
      from ${attendanceSessions} s ${sessions}),
    cm as (${currentMarks(ctx.orgId, sql`select id from sess`)}),
    m as (
      select cm.student_id, cm.session_id, sess.team_id, sess.starts_at, sess.day, st.kind, st.weight
      from cm join sess on sess.id = cm.session_id
      join ${attendanceStatuses} st on st.organization_id = ${ctx.orgId} and st.id = cm.status_id
      ${student})`;
}

// Per student and class: counts, rate, and the runs of absences in session order (Excused marks
// are left out of the order, so they neither extend nor break a run): the run the last marks end
// with, and the longest.
function studentRows(ctx: RequestContext, base: SQL): SQL {
  return sql`${base},
    seq as (
      select m.student_id, m.team_id, m.kind,
        row_number() over (partition by m.student_id, m.team_id order by m.starts_at, m.session_id)
          - row_number() over (partition by m.student_id, m.team_id, m.kind = ${Kind.Absent}
              order by m.starts_at, m.session_id) as grp,
        row_number() over (partition by m.student_id, m.team_id order by m.starts_at desc, m.session_id desc) = 1
          as is_last
      from m where m.kind <> ${Kind.Excused}),
    runs as (
      select student_id, team_id, count(*)::int as n, bool_or(is_last) as ends_last
      from seq where kind = ${Kind.Absent} group by student_id, team_id, grp),
    per as (select m.student_id, m.team_id, ${COUNTS} from m group by m.student_id, m.team_id)
    select per.*, per.student_id as "studentId", per.team_id as "teamId", u.user_name as "userName",
      u.real_name as "realName", t.name as "teamName",
      coalesce((select max(r.n) from runs r where r.student_id = per.student_id and r.team_id = per.team_id
        and r.ends_last), 0)::int as "streak",
      coalesce((select max(r.n) from runs r where r.student_id = per.student_id and r.team_id = per.team_id), 0)::int
        as "longestStreak"
    from per
    join ${users} u on u.organization_id = ${ctx.orgId} and u.id = per.student_id
    join ${teams} t on t.organization_id = ${ctx.orgId} and t.id = per.team_id
    order by t.name, u.real_name, u.id`;
}

type StudentRow = StudentStats & { student_id: unknown; team_id: unknown };
const studentOf = (r: StudentRow): StudentStats => ({
  studentId: Number(r.studentId),
  userName: r.userName,
  realName: r.realName,
  teamId: Number(r.teamId),
  teamName: r.teamName,
  marks: r.marks,
  present: r.present,
  late: r.late,
  leftEarly: r.leftEarly,
  excused: r.excused,
  absent: r.absent,
  rate: r.rate,
  streak: r.streak,
  longestStreak: r.longestStreak,
});

// The figures of a range: the total, each class's (sessions held and taken, marks, rate), a point
// per day, and, for one class or one student, each student's.
export async function attendanceStats(ctx: RequestContext, req: StatsRequest): Promise<AttendanceStats> {
  await checkNamed(ctx, req);
  const base = await marksOfRange(ctx, req);
  // With a student, only the classes they have marks in.
  const onlyMarked = req.studentId === undefined ? sql`` : sql`where k.team_id is not null`;
  const [figures] = await rows<{ total: MarkTotals | null; classes: unknown; trend: unknown }>(
    ctx.db,
    sql`${base},
      held as (select team_id, count(*)::int as sessions, count(taken_at)::int as taken from sess group by team_id),
      k as (select m.team_id, ${COUNTS} from m group by m.team_id)
    select
      (select row_to_json(x) from (select ${COUNTS} from m) x) as total,
      (select coalesce(json_agg(x order by x."teamName"), '[]'::json) from (
        select h.team_id as "teamId", t.name as "teamName", h.sessions, h.taken,
          coalesce(k.marks, 0) as marks, coalesce(k.present, 0) as present, coalesce(k.late, 0) as late,
          coalesce(k."leftEarly", 0) as "leftEarly", coalesce(k.excused, 0) as excused,
          coalesce(k.absent, 0) as absent, k.rate
        from held h join ${teams} t on t.organization_id = ${ctx.orgId} and t.id = h.team_id
        left join k on k.team_id = h.team_id ${onlyMarked}) x) as classes,
      (select coalesce(json_agg(x order by x.day), '[]'::json) from (
        select m.day::text as day, ${COUNTS} from m group by m.day) x) as trend`,
  );
  const narrowed = req.teamId !== undefined || req.studentId !== undefined;
  const students = narrowed ? await rows<StudentRow>(ctx.db, studentRows(ctx, base)) : [];
  return {
    from: req.from,
    to: req.to,
    total: figures?.total ?? EMPTY,
    classes: (figures?.classes ?? []) as AttendanceStats['classes'],
    students: students.map(studentOf),
    trend: (figures?.trend ?? []) as AttendanceStats['trend'],
  };
}

// Every student of the range the caller reaches (one class's with teamId), for the sheet.
export async function studentStats(ctx: RequestContext, req: ExportRequest): Promise<StudentStats[]> {
  await checkNamed(ctx, req);
  const base = await marksOfRange(ctx, req);
  return (await rows<StudentRow>(ctx.db, studentRows(ctx, base))).map(studentOf);
}
