import {
  DayAttendance,
  type DaysPage,
  DEFAULT_ROLLUP_THRESHOLDS,
  pageOf,
  type RollupThresholds,
  type zDaysRequest,
} from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs';
import { num, rows } from '../../platform/sql-rows';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { attendanceDays, attendanceSessions, attendanceStatuses } from './attendance.table';
import { currentMarks } from './attendance-marks';
import { attendanceSettings } from './attendance-rollup.table';
import { addDays, checkNamed, dayIn, orgDays, studentScope, whereAll } from './attendance-stats-scope';

// The daily roll-up (openSIS's full / half days): each student's lessons of a day as one row, full,
// half or absent by the weighted rate of the day's current marks against the organisation's
// thresholds. Re-running a day replaces it; two runs at once write the same rows (one upsert each).

export const ROLLUP_JOB = 'attendance.rollup';
type DaysRequest = z.output<typeof zDaysRequest>;

export async function thresholdsOf(db: DbOrTx, orgId: number): Promise<RollupThresholds> {
  const [row] = await db
    .select({ fullRate: attendanceSettings.fullRate, halfRate: attendanceSettings.halfRate })
    .from(attendanceSettings)
    .where(eq(attendanceSettings.organizationId, orgId));
  return row ?? DEFAULT_ROLLUP_THRESHOLDS;
}

export async function saveThresholds(ctx: RequestContext, t: RollupThresholds): Promise<RollupThresholds> {
  await ctx.db
    .insert(attendanceSettings)
    .values({ organizationId: ctx.orgId, ...t })
    .onConflictDoUpdate({ target: attendanceSettings.organizationId, set: { ...t, updateTime: sql`now()` } });
  return thresholdsOf(ctx.db, ctx.orgId);
}

// Rolls up one day of an organisation: a row per student with current marks in the day's sessions,
// and none for a student who no longer has any. Answers the number of students rolled up.
export async function rollupDay(db: DbOrTx, orgId: number, day: string): Promise<number> {
  const days = await orgDays(db, orgId);
  const t = await thresholdsOf(db, orgId);
  const found = await rows<{ student_id: unknown }>(
    db,
    sql`with sess as (
        select id from ${attendanceSessions}
        where organization_id = ${orgId} and starts_at >= ${days.start(day)} and starts_at < ${days.end(day)}),
      cm as (${currentMarks(orgId, sql`select id from sess`)}),
      agg as (
        select cm.student_id, count(*) as lessons, (sum(st.weight) / count(*))::float8 as rate
        from cm join ${attendanceStatuses} st on st.organization_id = ${orgId} and st.id = cm.status_id
        group by cm.student_id),
      gone as (
        delete from ${attendanceDays} d where d.organization_id = ${orgId} and d.day = ${day}
          and not exists (select 1 from agg where agg.student_id = d.student_id))
      insert into ${attendanceDays} (organization_id, student_id, day, result, lessons, rate)
      select ${orgId}, agg.student_id, ${day}::date,
        (case when agg.rate >= ${t.fullRate}::float8 then ${DayAttendance.Full}
          when agg.rate >= ${t.halfRate}::float8 then ${DayAttendance.Half} else ${DayAttendance.Absent} end)::smallint,
        least(agg.lessons, 32767), agg.rate
      from agg
      on conflict (organization_id, student_id, day)
        do update set result = excluded.result, lessons = excluded.lessons, rate = excluded.rate
      returning student_id`,
  );
  return found.length;
}

// Staff roll a day up again (after a correction or new thresholds); today and earlier only.
export async function rollupAgain(ctx: RequestContext, day: string) {
  const { zone } = await orgDays(ctx.db, ctx.orgId);
  if (day > dayIn(clock.date(), zone)) throw invalidParams('day', 'afterToday');
  const students = await ctx.db.transaction((tx) => rollupDay(tx, ctx.orgId, day));
  return { day, students };
}

// The rolled-up days of a range: a class teacher's classes' students, or everyone's.
export async function daysPage(ctx: RequestContext, req: DaysRequest): Promise<DaysPage> {
  await checkNamed(ctx, req);
  const where = whereAll([
    sql`d.organization_id = ${ctx.orgId}`,
    sql`d.day between ${req.from} and ${req.to}`,
    req.studentId === undefined ? undefined : sql`d.student_id = ${req.studentId}`,
    req.teamId === undefined
      ? undefined
      : sql`exists (select 1 from ${teamMembers} tm where tm.organization_id = d.organization_id
          and tm.team_id = ${req.teamId} and tm.user_id = d.student_id)`,
    studentScope(ctx, sql`d.student_id`),
  ]);
  const onlyResult = req.result === undefined ? sql`` : sql`and d.result = ${req.result}`;
  const [counts] = await rows<Record<string, unknown>>(
    ctx.db,
    sql`select count(*) filter (where d.result = ${DayAttendance.Full}) as full,
        count(*) filter (where d.result = ${DayAttendance.Half}) as half,
        count(*) filter (where d.result = ${DayAttendance.Absent}) as absent,
        count(*) filter (where true ${onlyResult}) as total
      from ${attendanceDays} d ${where}`,
  );
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`select d.student_id, u.user_name, u.real_name, d.day::text as day, d.result, d.lessons, d.rate,
        (select t.name from ${teamMembers} tm join ${teams} t on t.organization_id = tm.organization_id
          and t.id = tm.team_id where tm.organization_id = d.organization_id and tm.user_id = d.student_id
          order by tm.team_id limit 1) as team_name
      from ${attendanceDays} d join ${users} u on u.organization_id = d.organization_id and u.id = d.student_id
      ${where} ${onlyResult}
      order by d.day desc, u.real_name, d.student_id
      limit ${req.pageSize} offset ${(req.pageIndex - 1) * req.pageSize}`,
  );
  return {
    ...pageOf(
      list.map((r) => ({
        studentId: num(r.student_id),
        userName: String(r.user_name),
        realName: String(r.real_name),
        teamName: r.team_name == null ? null : String(r.team_name),
        day: String(r.day),
        result: num(r.result) as DayAttendance,
        lessons: num(r.lessons),
        rate: num(r.rate),
      })),
      num(counts?.total),
      { ...req, sortField: undefined, sortOrder: undefined },
    ),
    summary: { full: num(counts?.full), half: num(counts?.half), absent: num(counts?.absent) },
  };
}

// Organisations with sessions in the last few days (the others have nothing to roll up).
export async function activeOrganizations(db: DbOrTx): Promise<number[]> {
  const found = await rows<{ organization_id: unknown }>(
    db,
    sql`select distinct organization_id from ${attendanceSessions}
      where starts_at > ${clock.date().toISOString()}::timestamptz - interval '3 days'`,
  );
  return found.map((r) => num(r.organization_id));
}

// Yesterday of each organisation, in its own zone.
export async function yesterdayOf(db: DbOrTx, orgId: number): Promise<string> {
  const { zone } = await orgDays(db, orgId);
  return addDays(dayIn(clock.date(), zone), -1);
}

export function registerRollupJob(runner: JobRunner, db: Db): void {
  runner.register(ROLLUP_JOB, {
    run: async () => {
      let students = 0;
      for (const orgId of await activeOrganizations(db)) {
        const day = await yesterdayOf(db, orgId);
        students += await db.transaction((tx) => rollupDay(tx, orgId, day));
      }
      return { students };
    },
  });
  // Past midnight in the Asia zones (where the demo schools are), mid-day before in the Americas.
  runner.daily(ROLLUP_JOB, { hour: 18, minute: 0 });
}
