import {
  AttendanceKind,
  PointRuleKind,
  type PointRuleParams,
  ShowScore,
  TaskReveal,
  TaskUserStatus,
} from '@lyceum/contract';
import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notExists,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { typedRows } from '../../platform/sql-rows';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { attendanceSessions, attendanceStatuses } from '../attendance/attendance.table';
import { currentMarks } from '../attendance/attendance-marks';
import { courseEnrolments, courses } from '../course/course.table';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { ledgerEntries as e } from '../ledger/ledger.table';
import { COUNTED_STATUSES, countedScore, sittingsOf } from '../marking/score-shared';
import { tasks, taskUsers } from '../task/task.table';
import { cutoffSql } from '../task/task-status';
import { orgTimeZone } from '../timetable/booking.service';
import { POINTS } from './point-entries';

// What each kind of rule awards for: one candidate per person and thing not awarded yet (the
// ledger holds the key `rule:<rule>:<thing>:<user>`, so what was awarded drops out of the next
// scan), in the order postings lock balances (by person), at most `limit` at a time.
//   TaskPassed: a task whose status is passed, once its result shows (at once, or after the cutoff
//     when it shows after the due time; a task that never shows its score awards after the cutoff).
//   CourseCompleted: a completed enrolment.
//   ExamScoreBand: an exam's counted score in the band, only once the scores are confirmed and shown
//     (not an exam that never shows scores, nor before its scores' showing time).
//   AttendanceStreak: every `days`-th session in a row attended (present or late; an excused
//     session neither counts nor breaks the run), counted from STREAK_LOOKBACK_DAYS before the rule.

export interface Candidate {
  userId: number;
  thingId: number;
  label: string;
}
export interface RuleRow {
  id: number;
  organizationId: number;
  kind: number;
  points: number;
  name: string;
  params: PointRuleParams;
  createTime: Date;
}

export const STREAK_LOOKBACK_DAYS = 60;
export const THING = {
  [PointRuleKind.TaskPassed]: 'task',
  [PointRuleKind.CourseCompleted]: 'course',
  [PointRuleKind.ExamScoreBand]: 'exam',
  [PointRuleKind.AttendanceStreak]: 'streak',
} as const satisfies Record<PointRuleKind, string>;

export const awardKey = (rule: Pick<RuleRow, 'id' | 'kind'>, thingId: number, userId: number) =>
  `rule:${rule.id}:${THING[rule.kind as PointRuleKind]}:${thingId}:${userId}`;

// Not awarded yet: no entry holds the key (the ledger's unique index answers it).
function notAwarded(db: DbOrTx, rule: RuleRow, thing: SQLWrapper, user: SQLWrapper): SQL {
  const prefix = `rule:${rule.id}:${THING[rule.kind as PointRuleKind]}:`;
  const key = sql`${prefix}::text || ${thing}::text || ':' || ${user}::text`;
  return notExists(
    db
      .select({ one: sql`1` })
      .from(e)
      .where(and(eq(e.organizationId, rule.organizationId), eq(e.accountKind, POINTS), eq(e.idemKey, key))),
  );
}

async function tasksPassed(db: DbOrTx, rule: RuleRow, now: Date, limit: number): Promise<Candidate[]> {
  const shown = or(eq(tasks.reveal, TaskReveal.AfterHandIn), lte(cutoffSql(tasks), now));
  return db
    .select({ userId: taskUsers.userId, thingId: taskUsers.taskId, label: tasks.name })
    .from(taskUsers)
    .innerJoin(tasks, sameOrg(tasks, taskUsers, [eq(tasks.id, taskUsers.taskId)]))
    .where(
      inOrg(taskUsers, rule.organizationId, [
        eq(taskUsers.status, TaskUserStatus.Passed),
        rule.params.taskId ? eq(taskUsers.taskId, rule.params.taskId) : undefined,
        shown,
        notAwarded(db, rule, taskUsers.taskId, taskUsers.userId),
      ]),
    )
    .orderBy(asc(taskUsers.userId), asc(taskUsers.taskId))
    .limit(limit);
}

async function coursesCompleted(db: DbOrTx, rule: RuleRow, _now: Date, limit: number): Promise<Candidate[]> {
  const ce = courseEnrolments;
  return db
    .select({ userId: ce.userId, thingId: ce.courseId, label: courses.title })
    .from(ce)
    .innerJoin(courses, sameOrg(courses, ce, [eq(courses.id, ce.courseId)]))
    .where(
      inOrg(ce, rule.organizationId, [
        isNotNull(ce.completedAt),
        rule.params.courseId ? eq(ce.courseId, rule.params.courseId) : undefined,
        notAwarded(db, rule, ce.courseId, ce.userId),
      ]),
    )
    .orderBy(asc(ce.userId), asc(ce.courseId))
    .limit(limit);
}

async function examScores(db: DbOrTx, rule: RuleRow, now: Date, limit: number): Promise<Candidate[]> {
  const a = examAttempts;
  const h = sittingsOf(db, a);
  const percent = sql`(${countedScore(a.score, exams.scoreCounting, h)}) * 100.0 / nullif(coalesce(${a.scoreMax}, ${a.totalScore}), 0)`;
  // A hair of tolerance: 80 % of a paper is 80 % whatever the floating point makes of it.
  const [min, max] = [(rule.params.minPercent ?? 0) - 1e-9, (rule.params.maxPercent ?? 100) + 1e-9];
  return db
    .select({ userId: a.userId, thingId: a.examId, label: exams.name })
    .from(a)
    .innerJoin(exams, sameOrg(exams, a, [eq(exams.id, a.examId)]))
    .leftJoinLateral(h, sql`true`)
    .where(
      inOrg(a, rule.organizationId, [
        eq(exams.homework, false),
        isNotNull(exams.scoresConfirmedAt),
        ne(exams.showScore, ShowScore.Never),
        or(isNull(exams.scoresShownFrom), lte(exams.scoresShownFrom, now)),
        inArray(a.status, COUNTED_STATUSES),
        rule.params.examId ? eq(a.examId, rule.params.examId) : undefined,
        sql`${percent} between ${min} and ${max}`,
        notAwarded(db, rule, a.examId, a.userId),
      ]),
    )
    .orderBy(asc(a.userId), asc(a.examId))
    .limit(limit);
}

async function attendanceStreaks(db: DbOrTx, rule: RuleRow, now: Date, limit: number): Promise<Candidate[]> {
  const orgId = rule.organizationId;
  const days = rule.params.days ?? 0;
  if (days < 2) return [];
  const zone = await orgTimeZone(db, orgId);
  const since = new Date(rule.createTime.getTime() - STREAK_LOOKBACK_DAYS * 86_400_000);
  const [Present, Late, Excused] = [AttendanceKind.Present, AttendanceKind.Late, AttendanceKind.Excused];
  const s = sql.raw('s');
  // Raw: runs of sessions attended per student (gaps and islands by window functions over the
  // current marks), which the builder cannot say; each `days`-th session of a run is a streak.
  const found = await typedRows(
    db,
    sql`with sess as (
        select id, starts_at, title from ${attendanceSessions}
        where organization_id = ${orgId} and starts_at >= ${since.toISOString()}::timestamptz
          and starts_at <= ${now.toISOString()}::timestamptz),
      cm as (${currentMarks(orgId, sql`select id from sess`)}),
      m as (
        select cm.student_id, cm.session_id, sess.starts_at, sess.title, st.kind in (${Present}, ${Late}) as came
        from cm join sess on sess.id = cm.session_id
        join ${attendanceStatuses} st on st.organization_id = ${orgId} and st.id = cm.status_id
        where st.kind <> ${Excused}),
      r as (
        select m.*, sum(case when came then 0 else 1 end)
          over (partition by student_id order by starts_at, session_id) as run
        from m),
      s as (
        select r.*, row_number() over (partition by student_id, run order by starts_at, session_id) as n
        from r where came)
      select s.student_id, s.session_id, s.title, to_char(s.starts_at at time zone ${zone}, 'YYYY-MM-DD') as day
      from s
      where s.n % ${days} = 0 and ${notAwarded(db, rule, sql`${s}.session_id`, sql`${s}.student_id`)}
      order by s.student_id, s.session_id
      limit ${limit}`,
    { student_id: Number, session_id: Number, title: String, day: String },
  );
  return found.map((f) => ({
    userId: f.student_id,
    thingId: f.session_id,
    label: `${days} sessions in a row, to ${f.title} (${f.day})`,
  }));
}

type Source = (db: DbOrTx, rule: RuleRow, now: Date, limit: number) => Promise<Candidate[]>;
export const SOURCES: Record<PointRuleKind, Source> = {
  [PointRuleKind.TaskPassed]: tasksPassed,
  [PointRuleKind.CourseCompleted]: coursesCompleted,
  [PointRuleKind.ExamScoreBand]: examScores,
  [PointRuleKind.AttendanceStreak]: attendanceStreaks,
};
