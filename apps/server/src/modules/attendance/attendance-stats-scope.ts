import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { teamMembers, teams } from '../team/team.table';
import { orgTimeZone } from '../timetable/booking.service';
import { users } from '../user/user.table';
import { attendanceSessions } from './attendance.table';

// Who reaches which attendance figures, and the organisation's days as instants. A teacher without
// attendance:all reaches the sessions they teach and every session of the classes they lead;
// class-wide views (day roll-ups, alerts) the students of the classes they lead.

export const seesAll = (ctx: RequestContext) => ctx.permissions.has('attendance:all');

// The classes the caller leads, as a query of ids.
export const ledTeams = (ctx: RequestContext) =>
  sql`select id from ${teams} where organization_id = ${ctx.orgId} and class_teacher_id = ${ctx.userId}`;

// A condition on the sessions aliased `s`: those the caller reaches (none for attendance:all).
export function sessionScope(ctx: RequestContext): SQL | undefined {
  if (seesAll(ctx)) return undefined;
  return sql`(s.teacher_id = ${ctx.userId} or s.team_id in (${ledTeams(ctx)}))`;
}

// A condition on a student id column: a student of a class the caller leads (none for attendance:all).
export function studentScope(ctx: RequestContext, student: SQL): SQL | undefined {
  if (seesAll(ctx)) return undefined;
  return sql`exists (select 1 from ${teamMembers} tm where tm.organization_id = ${ctx.orgId}
    and tm.user_id = ${student} and tm.team_id in (${ledTeams(ctx)}))`;
}

// Joins conditions (skipping absent ones) with `and`, behind a `where` of its own.
export function whereAll(conditions: (SQL | undefined)[]): SQL {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
}

// The class and student a request names exist in the caller's organisation ("not found" otherwise,
// as for any other organisation's row) and are within the caller's reach: a class they lead or
// teach, a student of such a class (501 naming the field otherwise).
export async function checkNamed(
  ctx: RequestContext,
  named: { teamId?: number | undefined; studentId?: number | undefined },
): Promise<void> {
  if (named.teamId !== undefined) {
    const [team] = await rows<{ name: string; mine: boolean }>(
      ctx.db,
      sql`select t.name, (t.class_teacher_id = ${ctx.userId} or exists (select 1 from ${attendanceSessions} s
          where s.organization_id = t.organization_id and s.team_id = t.id and s.teacher_id = ${ctx.userId})) as mine
        from ${teams} t where t.organization_id = ${ctx.orgId} and t.id = ${named.teamId}`,
    );
    if (!team) throw notFound('Class');
    if (!seesAll(ctx) && !team.mine) throw invalidParams('teamId', 'notYourClass', { name: team.name });
  }
  if (named.studentId !== undefined) {
    const [student] = await rows<{ name: string; mine: boolean }>(
      ctx.db,
      sql`select u.real_name as name, exists (select 1 from ${teamMembers} tm where tm.organization_id = u.organization_id
          and tm.user_id = u.id and (tm.team_id in (${ledTeams(ctx)}) or exists (select 1 from ${attendanceSessions} s
            where s.organization_id = tm.organization_id and s.team_id = tm.team_id and s.teacher_id = ${ctx.userId}))) as mine
        from ${users} u where u.organization_id = ${ctx.orgId} and u.id = ${named.studentId}`,
    );
    if (!student) throw notFound('User');
    if (!seesAll(ctx) && !student.mine) throw invalidParams('studentId', 'notYourClass', { name: student.name });
  }
}

// A day of the organisation's calendar.
export interface OrgDays {
  zone: string;
  // Midnight at the start of `from` and after `to`, as SQL timestamptz values in the zone.
  start: (day: string) => SQL;
  end: (day: string) => SQL;
}
export async function orgDays(db: DbOrTx, orgId: number): Promise<OrgDays> {
  const zone = await orgTimeZone(db, orgId);
  return {
    zone,
    start: (day) => sql`((${day}::date)::timestamp at time zone ${zone})`,
    end: (day) => sql`((${day}::date + 1)::timestamp at time zone ${zone})`,
  };
}

// 'YYYY-MM-DD' of an instant in a zone, and the day before or after a day.
export function dayIn(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
}
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
