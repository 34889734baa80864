import { ProgressEvent } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { flag, num, typedRows } from '../../platform/sql-rows';
import { lessonProgress, progressLog } from './course.table';
import { refreshEnrolments } from './course-progress';
import { GAP } from './intervals';

// The progress log is the record; lesson_progress keeps its sums beside it in the same
// transaction. Once a day the sums are computed again from the log (watched ranges merged as the
// heartbeat merges them, intervals.ts; opened, marked done, best quiz score, attended) and every
// row that differs is set back to what the log says, its learner's enrolment refreshed. The job's
// result counts the rows that had drifted (0 unless something wrote around the log). The day's
// learners are measured again as well (see below).

export const DRIFT_JOB = 'course.progressDrift';

const lit = (n: number) => sql.raw(String(n));

export async function repairDrift(db: DbOrTx): Promise<{ drift: number }> {
  const { Watched, Opened, MarkedDone, Unmarked, QuizScored, Attended } = ProgressEvent;
  const g = lit(GAP);
  const p = lessonProgress;
  // Raw: gaps-and-islands over the counted ranges (window functions), the other facts aggregated,
  // compared with the sums kept.
  const drifted = await typedRows(
    db,
    sql`with w as (
        select organization_id o, user_id u, lesson_id l, from_sec f, to_sec t from ${progressLog}
        where event = ${lit(Watched)} and counted > 0 and to_sec > from_sec),
      x as (select w.*, max(t) over (partition by o, u, l order by f, t
          rows between unbounded preceding and 1 preceding) pe from w),
      y as (select x.*, sum(case when pe is null or f > pe + ${g} then 1 else 0 end) over (partition by o, u, l
          order by f, t rows unbounded preceding) grp from x),
      m as (select o, u, l, min(f) f, max(t) t from y group by o, u, l, grp),
      ws as (select o, u, l, sum(t - f) s, jsonb_agg(jsonb_build_array(f, t) order by f) r from m group by o, u, l),
      ev as (select organization_id o, user_id u, lesson_id l, bool_or(event = ${lit(Opened)}) viewed,
          (array_agg(event = ${lit(MarkedDone)} order by id desc)
            filter (where event in (${lit(MarkedDone)}, ${lit(Unmarked)})))[1] marked,
          max(counted) filter (where event = ${lit(QuizScored)}) quiz,
          bool_or(event = ${lit(Attended)}) attended
        from ${progressLog} group by 1, 2, 3)
      select p.organization_id as "orgId", p.course_id as "courseId", p.user_id as "userId",
        p.lesson_id as "lessonId", coalesce(ws.s, 0) s,
        coalesce(ws.r, '[]'::jsonb) r, coalesce(ev.viewed, false) viewed, coalesce(ev.marked, false) marked,
        ev.quiz, coalesce(ev.attended, false) attended
      from ${p} p
      left join ws on ws.o = p.organization_id and ws.u = p.user_id and ws.l = p.lesson_id
      left join ev on ev.o = p.organization_id and ev.u = p.user_id and ev.l = p.lesson_id
      where abs(p.watched_seconds - coalesce(ws.s, 0)) > 0.001 or p.viewed <> coalesce(ev.viewed, false)
        or p.marked_done <> coalesce(ev.marked, false) or p.quiz_score is distinct from ev.quiz
        or p.attended <> coalesce(ev.attended, false)`,
    {
      orgId: p.organizationId,
      courseId: p.courseId,
      userId: p.userId,
      lessonId: p.lessonId,
      s: num,
      r: p.watched,
      viewed: flag,
      marked: flag,
      quiz: (v: unknown) => (v == null ? null : Number(v)),
      attended: flag,
    },
  );
  // Learners active in the last day are measured again too: a standing is computed from the facts
  // read when a change is written, so two of one learner's changes at once (a heartbeat and a quiz
  // being marked) can leave it a step behind; this bounds that to a day.
  const recent = await db
    .selectDistinct({ orgId: progressLog.organizationId, courseId: progressLog.courseId, userId: progressLog.userId })
    .from(progressLog)
    .where(sql`${progressLog.createTime} > now() - interval '26 hours'`);
  const byCourse = new Map<string, { orgId: number; courseId: number; users: Set<number> }>();
  for (const d of [...drifted, ...recent]) {
    const key = `${d.orgId}:${d.courseId}`;
    const entry = byCourse.get(key) ?? { orgId: d.orgId, courseId: d.courseId, users: new Set<number>() };
    entry.users.add(d.userId);
    byCourse.set(key, entry);
  }
  if (drifted.length) await setBack(db, drifted);
  for (const c of byCourse.values()) await refreshEnrolments(db, c.orgId, c.courseId, [...c.users]);
  return { drift: drifted.length };
}

type Drifted = {
  orgId: number;
  userId: number;
  lessonId: number;
  s: number;
  r: unknown;
  viewed: boolean;
  marked: boolean;
  quiz: number | null;
  attended: boolean;
};

async function setBack(db: DbOrTx, drifted: Drifted[]) {
  const p = lessonProgress;
  const rows = drifted.map((d) => ({
    o: d.orgId,
    u: d.userId,
    l: d.lessonId,
    s: d.s,
    r: d.r,
    v: d.viewed,
    m: d.marked,
    q: d.quiz,
    a: d.attended,
  }));
  // Raw: one UPDATE … FROM a JSON recordset for every drifted row.
  await db.execute(sql`update ${p} p set watched = x.r, watched_seconds = x.s, viewed = x.v, marked_done = x.m,
      quiz_score = x.q, attended = x.a, update_time = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(o bigint, u bigint, l bigint, s float8, r jsonb, v boolean, m boolean, q float8, a boolean)
    where p.organization_id = x.o and p.user_id = x.u and p.lesson_id = x.l`);
}

export function registerDriftJob(runner: JobRunner, db: Db): void {
  runner.register(DRIFT_JOB, { run: () => db.transaction((tx) => repairDrift(tx)) });
  runner.daily(DRIFT_JOB, { hour: 3, minute: 30 });
}
