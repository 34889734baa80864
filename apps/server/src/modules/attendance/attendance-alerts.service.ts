import { AlertRuleKind, AttendanceKind as Kind } from '@lyceum/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs';
import { num, rows } from '../../platform/sql-rows';
import { sendNotice } from '../message/message-delivery';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { attendanceAlertRules, attendanceAlerts, attendanceSessions, attendanceStatuses } from './attendance.table';
import { currentMarks } from './attendance-marks';
import { activeOrganizations, yesterdayOf } from './attendance-rollup.service';
import { addDays, dayIn, orgDays } from './attendance-stats-scope';

// Early warnings (issue 31): after the roll-up, each enabled rule is checked for the day just
// ended, and each student it finds is reported to their class teachers with an `attendanceAlert`
// notice. The alert row (unique per rule, student and day) is written first in the same
// transaction, so a second run of the day, or two runners at once, sends nothing twice.
// A rule does not fire again for what it already reported: a run of absences is reported once, a
// low rate once per window of the rule's days.

export const ALERTS_JOB = 'attendance.alerts';
// How far back a run of absences is followed.
const STREAK_LOOKBACK_DAYS = 60;

interface Rule {
  id: number;
  kind: number;
  threshold: number;
  days: number;
}
type Fired = {
  student_id: unknown;
  real_name: string;
  streak: unknown;
  since: string | null;
  rate: number | null;
};

// The students a rule finds on `day`, as `cand` rows (student_id, and the rule's figures), and
// the earliest day of an earlier alert that makes this one a repeat.
function candidates(orgId: number, rule: Rule, day: string, days: Awaited<ReturnType<typeof orgDays>>): SQL {
  const weighted = sql`join ${attendanceStatuses} st on st.organization_id = ${orgId} and st.id = cm.status_id`;
  if (rule.kind === AlertRuleKind.ConsecutiveAbsences) {
    const from = addDays(day, -STREAK_LOOKBACK_DAYS);
    return sql`sess as (
        select id, starts_at, (starts_at at time zone ${days.zone})::date as day from ${attendanceSessions}
        where organization_id = ${orgId} and starts_at >= ${days.start(from)} and starts_at < ${days.end(day)}),
      cm as (${currentMarks(orgId, sql`select id from sess`)}),
      m as (select cm.student_id, sess.starts_at, sess.day, st.kind from cm join sess on sess.id = cm.session_id
        ${weighted} where st.kind <> ${Kind.Excused}),
      ok as (select student_id, max(starts_at) filter (where kind <> ${Kind.Absent}) as at from m group by student_id),
      cand as (
        select m.student_id, count(*)::int as streak, min(m.day) as since, null::float8 as rate, null::int as marks,
          min(m.day) as repeat_from
        from m join ok on ok.student_id = m.student_id
        where m.kind = ${Kind.Absent} and (ok.at is null or m.starts_at > ok.at)
        group by m.student_id having count(*) >= ${rule.threshold})`;
  }
  const from = addDays(day, 1 - rule.days);
  return sql`sess as (
      select id from ${attendanceSessions}
      where organization_id = ${orgId} and starts_at >= ${days.start(from)} and starts_at < ${days.end(day)}),
    cm as (${currentMarks(orgId, sql`select id from sess`)}),
    cand as (
      select cm.student_id, null::int as streak, null::date as since, (sum(st.weight) / count(*))::float8 as rate,
        count(*)::int as marks, ${from}::date as repeat_from
      from cm ${weighted}
      group by cm.student_id having sum(st.weight) / count(*) * 100 < ${rule.threshold})`;
}

function detailText(rule: Rule, f: Fired): string {
  if (rule.kind === AlertRuleKind.ConsecutiveAbsences)
    return `${num(f.streak)} absences in a row since ${f.since} (the rule: ${rule.threshold})`;
  return `attendance ${Math.round((f.rate ?? 0) * 1000) / 10} % over the last ${rule.days} days (the rule: below ${rule.threshold} %)`;
}

// Checks every enabled rule of an organisation for `day` and reports what is new, in the caller's
// transaction. Answers the alerts written.
export async function checkAlerts(tx: DbOrTx, orgId: number, day: string): Promise<number> {
  const rules = await tx
    .select({
      id: attendanceAlertRules.id,
      kind: attendanceAlertRules.kind,
      threshold: attendanceAlertRules.threshold,
      days: attendanceAlertRules.days,
    })
    .from(attendanceAlertRules)
    .where(and(eq(attendanceAlertRules.organizationId, orgId), eq(attendanceAlertRules.enabled, true)))
    .orderBy(asc(attendanceAlertRules.id));
  if (!rules.length) return 0;
  const days = await orgDays(tx, orgId);
  let written = 0;
  for (const rule of rules) {
    const fired = await rows<Fired>(
      tx,
      sql`with ${candidates(orgId, rule, day, days)},
        ins as (
          insert into ${attendanceAlerts} (organization_id, rule_id, student_id, day, detail)
          select ${orgId}, ${rule.id}, c.student_id, ${day},
            jsonb_build_object('streak', c.streak, 'since', c.since, 'rate', c.rate, 'marks', c.marks)
          from cand c
          where not exists (select 1 from ${attendanceAlerts} a where a.organization_id = ${orgId}
            and a.rule_id = ${rule.id} and a.student_id = c.student_id and a.day < ${day} and a.day >= c.repeat_from)
          on conflict (organization_id, rule_id, student_id, day) do nothing
          returning student_id, detail)
        select ins.student_id, u.real_name, ins.detail->>'streak' as streak, ins.detail->>'since' as since,
          (ins.detail->>'rate')::float8 as rate
        from ins join ${users} u on u.organization_id = ${orgId} and u.id = ins.student_id`,
    );
    for (const f of fired) {
      const studentId = num(f.student_id);
      const [classes] = await rows<{ names: string | null }>(
        tx,
        sql`select string_agg(t.name, ', ' order by t.name) as names from ${teamMembers} tm
          join ${teams} t on t.organization_id = tm.organization_id and t.id = tm.team_id
          where tm.organization_id = ${orgId} and tm.user_id = ${studentId}`,
      );
      await sendNotice(tx, orgId, {
        kind: 'attendanceAlert',
        params: { student: f.real_name, team: classes?.names ?? '—', detail: detailText(rule, f) },
        to: sql`select distinct t.class_teacher_id as id from ${teamMembers} tm
          join ${teams} t on t.organization_id = tm.organization_id and t.id = tm.team_id
          where tm.organization_id = ${orgId} and tm.user_id = ${studentId} and t.class_teacher_id is not null`,
      });
    }
    written += fired.length;
  }
  return written;
}

// Staff check a day now (today and earlier), in one transaction.
export async function checkAlertsNow(ctx: RequestContext, day: string) {
  const { zone } = await orgDays(ctx.db, ctx.orgId);
  if (day > dayIn(clock.date(), zone)) throw invalidParams('day', 'afterToday');
  const alerts = await ctx.db.transaction((tx) => checkAlerts(tx, ctx.orgId, day));
  return { day, alerts };
}

export function registerAlertsJob(runner: JobRunner, db: Db): void {
  runner.register(ALERTS_JOB, {
    run: async () => {
      let alerts = 0;
      for (const orgId of await activeOrganizations(db)) {
        const day = await yesterdayOf(db, orgId);
        alerts += await db.transaction((tx) => checkAlerts(tx, orgId, day));
      }
      return { alerts };
    },
  });
  // After the roll-up (18:00 UTC), which it does not read but follows in the day's order.
  runner.daily(ALERTS_JOB, { hour: 18, minute: 20 });
}
