import { type AlertsPage, type AttendanceAlert, pageOf, type zAlertsRequest } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { num, rows } from '../../platform/sql-rows';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { attendanceAlertRules, attendanceAlerts } from './attendance.table';
import { checkNamed, studentScope, whereAll } from './attendance-stats-scope';

type AlertsRequest = z.output<typeof zAlertsRequest>;

const numOrNull = (v: unknown) => (v == null ? null : Number(v));

// The alerts the rules sent, newest first: a class teacher's classes' students, or all with attendance:all.
export async function alertsPage(ctx: RequestContext, req: AlertsRequest): Promise<AlertsPage> {
  await checkNamed(ctx, req);
  if (req.ruleId !== undefined) {
    const [rule] = await rows(
      ctx.db,
      sql`select 1 from ${attendanceAlertRules} where organization_id = ${ctx.orgId} and id = ${req.ruleId}`,
    );
    if (!rule) throw notFound('Attendance alert rule');
  }
  const where = whereAll([
    sql`a.organization_id = ${ctx.orgId}`,
    req.from === undefined ? undefined : sql`a.day >= ${req.from}`,
    req.to === undefined ? undefined : sql`a.day <= ${req.to}`,
    req.ruleId === undefined ? undefined : sql`a.rule_id = ${req.ruleId}`,
    req.studentId === undefined ? undefined : sql`a.student_id = ${req.studentId}`,
    req.teamId === undefined
      ? undefined
      : sql`exists (select 1 from ${teamMembers} tm where tm.organization_id = a.organization_id
          and tm.team_id = ${req.teamId} and tm.user_id = a.student_id)`,
    studentScope(ctx, sql`a.student_id`),
  ]);
  const [count] = await rows<{ n: unknown }>(ctx.db, sql`select count(*) as n from ${attendanceAlerts} a ${where}`);
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`select a.id, a.rule_id, r.kind, r.threshold, r.days, a.student_id, u.user_name, u.real_name,
        a.day::text as day, a.detail->>'streak' as streak, a.detail->>'rate' as rate, a.detail->>'marks' as marks,
        a.create_time,
        coalesce((select array_agg(t.name order by t.name) from ${teamMembers} tm
          join ${teams} t on t.organization_id = tm.organization_id and t.id = tm.team_id
          where tm.organization_id = a.organization_id and tm.user_id = a.student_id), '{}') as team_names
      from ${attendanceAlerts} a
      join ${attendanceAlertRules} r on r.organization_id = a.organization_id and r.id = a.rule_id
      join ${users} u on u.organization_id = a.organization_id and u.id = a.student_id
      ${where}
      order by a.day desc, a.id desc
      limit ${req.pageSize} offset ${(req.pageIndex - 1) * req.pageSize}`,
  );
  const alerts: AttendanceAlert[] = list.map((r) => ({
    id: num(r.id),
    ruleId: num(r.rule_id),
    kind: num(r.kind) as AttendanceAlert['kind'],
    threshold: num(r.threshold),
    days: num(r.days),
    studentId: num(r.student_id),
    userName: String(r.user_name),
    realName: String(r.real_name),
    teamNames: (r.team_names as string[]) ?? [],
    day: String(r.day),
    streak: numOrNull(r.streak),
    rate: numOrNull(r.rate),
    marks: numOrNull(r.marks),
    createTime: new Date(r.create_time as string | Date).toISOString(),
  }));
  return pageOf(alerts, num(count?.n), { ...req, sortField: undefined, sortOrder: undefined });
}
