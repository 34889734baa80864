import {
  CompletionRule,
  type Heartbeat,
  type HeartbeatResult,
  type Lang,
  type LessonProgressResult,
  LessonType,
  lessonTypeLabels,
  ProgressEvent,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { randomToken } from '../../platform/crypto';
import { businessError, invalidParams, notFound } from '../../platform/errors';
import { preparedStatement } from '../../platform/prepared';
import { num, orNull } from '../../platform/sql-rows';
import { courseEnrolments, courses, lessonProgress, progressLog } from './course.table';
import {
  afterStanding,
  decodeFacts,
  type Facts,
  factsJson,
  type LessonCourse,
  learnable,
  learnerFacts,
  lessonCourse,
  lessonOutcome,
  lessonState,
  type Standing,
  type StandingValues,
  standingSql,
  standingValues,
  writeStanding,
} from './course-learner';
import { courseStanding, lessonsOf, lockedBy, type OutlineLesson } from './course-outline';
import { loadOutline } from './course-progress';
import { mergeRanges, type Range, totalLength } from './intervals';

// The player's protocol: opening a lesson issues a nonce; each heartbeat spends it and gets the
// next, so one player per learner and lesson counts (opening the lesson elsewhere invalidates the
// other's nonce), a report is counted once, and no report claims more than the time since the last
// one allows. The elapsed time is read on the server's clock (platform/clock: tests move it).

// The learning policy. Constants for every organisation for now: system_configs keeps its settings
// as columns, and a schema change for three numbers was left to the issue that gives them a screen.
export interface LearningPolicy {
  // Playback faster than this is accepted but not counted.
  maxRate: number;
  // Seconds played while the tab is hidden count only when this is true.
  countHidden: boolean;
  // How often the player reports.
  heartbeatSeconds: number;
}
export const LEARNING_POLICY: LearningPolicy = { maxRate: 2, countHidden: false, heartbeatSeconds: 15 };
export const policyOf = (_orgId: number): LearningPolicy => LEARNING_POLICY;

// Slack for a report's timing (network, a player's rounding), and for a video's last frame.
const SLACK_SECONDS = 2;
const END_SLACK = 1;

const typeWord = (lesson: OutlineLesson) => lessonTypeLabels[lesson.lessonType].en.toLowerCase();

function refuseLocked(course: LessonCourse, facts: Facts) {
  const { done } = courseStanding(course.outline, facts);
  const blockers = lockedBy(course.outline, course.lesson.id, course.sequential, done);
  if (blockers.length && !done.has(course.lesson.id)) {
    throw businessError('lessonLocked', { missing: blockers.join(', ') });
  }
}

const blank = (lessonId: number) => ({
  lessonId,
  status: 0,
  watched: [] as Range[],
  watchedSeconds: 0,
  position: 0,
  viewed: false,
  markedDone: false,
  quizScore: null,
  attended: false,
  completedAt: null,
});

// Opens a lesson for the caller: refused while locked; marks it viewed, logs it, and issues the
// nonce the player's first heartbeat carries (the one before, of another tab, is spent).
export async function openForLearner(ctx: RequestContext, lessonId: number) {
  const org = ctx.orgId;
  const nonce = randomToken(24);
  return ctx.db.transaction(async (tx) => {
    const course = await lessonCourse(tx, ctx, lessonId);
    const facts = await learnerFacts(tx, org, course.courseId, ctx.userId);
    refuseLocked(course, facts);
    const next = { ...(facts.get(lessonId) ?? blank(lessonId)), viewed: true };
    const outcome = lessonOutcome(course.lesson, next);
    facts.set(lessonId, { ...next, ...outcome });
    const values = { viewed: true, ...outcome, nonce, nonceAt: clock.date() };
    await tx
      .insert(lessonProgress)
      .values({ organizationId: org, lessonId, userId: ctx.userId, courseId: course.courseId, ...values })
      .onConflictDoUpdate({
        target: [lessonProgress.organizationId, lessonProgress.lessonId, lessonProgress.userId],
        set: { ...values, updateTime: sql`now()` },
      });
    await tx.insert(progressLog).values({
      organizationId: org,
      userId: ctx.userId,
      courseId: course.courseId,
      lessonId,
      event: ProgressEvent.Opened,
    });
    await writeStanding(tx, org, course.courseId, ctx.userId, course.outline, facts, lessonId);
    return { course, facts, nonce };
  });
}

// Why a heartbeat's nonce matched nothing: the lesson is not the caller's to learn, or it was
// opened again since (or the nonce was spent).
async function refusal(ctx: RequestContext, lessonId: number): Promise<never> {
  await lessonCourse(ctx.db, ctx, lessonId);
  throw businessError('heartbeatNonce');
}

// The heartbeat's two statements, prepared (rendered once, parsed once per connection). The
// first reads the lesson's row by its nonce, with the course and the learner's facts in it.
const p = lessonProgress;
const e = courseEnrolments;
const readByNonce = preparedStatement(
  'course_heartbeat_read',
  {
    courseId: p.courseId,
    nonceAt: p.nonceAt,
    version: courses.version,
    sequential: courses.sequential,
    facts: decodeFacts,
  },
  (v) => sql`select ${p.courseId} as "courseId", ${p.nonceAt} as "nonceAt", ${courses.version}, ${courses.sequential},
      (select ${factsJson} from ${p} q where q.organization_id = ${p.organizationId}
        and q.course_id = ${p.courseId} and q.user_id = ${p.userId}) as facts
    from ${p}
    join ${courses} on ${courses.organizationId} = ${p.organizationId} and ${courses.id} = ${p.courseId}
    join ${e} on ${e.organizationId} = ${p.organizationId} and ${e.courseId} = ${p.courseId}
      and ${e.userId} = ${p.userId}
    where ${p.organizationId} = ${v('org')} and ${p.lessonId} = ${v('lesson')} and ${p.userId} = ${v('user')}
      and ${p.nonce} = ${v('nonce')} and ${learnable}`,
);
// The second, data-modifying CTEs in one statement (all of them or none): the conditional UPDATE
// that spends the nonce and issues the next, and only when it matched, the merged ranges, the log
// row (its nonce unique: spent once) and the enrolment's standing.
type WriteKey =
  | 'org'
  | 'user'
  | 'course'
  | 'lesson'
  | 'nonce'
  | 'next'
  | 'nonceAt'
  | 'watched'
  | 'seconds'
  | 'position'
  | 'status'
  | 'completedAt'
  | 'from'
  | 'to'
  | 'counted'
  | 'rate'
  | 'hidden'
  | `e_${keyof StandingValues}`;
const writeBeat = preparedStatement(
  'course_heartbeat_write',
  { spent: num, status: orNull(e.status), progress: orNull(e.progress) },
  (v: (key: WriteKey) => unknown) => {
    const standing = Object.fromEntries(
      ['org', 'course', 'user', 'status', 'progress', 'lessonsDone', 'lessons', 'done', 'now', 'lastLessonId'].map(
        (k) => [k, v(`e_${k as keyof StandingValues}`)],
      ),
    ) as StandingValues;
    return sql`with r as (update ${p} set nonce = ${v('next')}, nonce_at = ${v('nonceAt')}::timestamptz,
          watched = ${v('watched')}::jsonb, watched_seconds = ${v('seconds')}, position = ${v('position')},
          status = ${v('status')}, completed_at = ${v('completedAt')}::timestamptz, update_time = now()
        where ${p.organizationId} = ${v('org')} and ${p.lessonId} = ${v('lesson')} and ${p.userId} = ${v('user')}
          and ${p.nonce} = ${v('nonce')}
        returning 1),
      g as (insert into ${progressLog} (organization_id, user_id, course_id, lesson_id, event, from_sec, to_sec,
          counted, rate, hidden, nonce)
        select ${v('org')}::bigint, ${v('user')}::bigint, ${v('course')}::bigint, ${v('lesson')}::bigint,
          ${ProgressEvent.Watched}, ${v('from')}::float8, ${v('to')}::float8, ${v('counted')}::float8,
          ${v('rate')}::float8, ${v('hidden')}::boolean, ${v('nonce')} from r),
      e as (${standingSql(standing, sql`exists (select 1 from r)`)})
    select (select count(*) from r) as spent, e.status, e.progress from (select 1) one left join e on true`;
  },
);

// A heartbeat, the hot path, in the two statements above. The report is checked between them (a
// forged one is refused before anything is written, so nothing changes); of two reports with one
// nonce, one finds it in the second.
export async function heartbeat(ctx: RequestContext, hb: Heartbeat, lang: Lang): Promise<HeartbeatResult> {
  const org = ctx.orgId;
  const policy = policyOf(org);
  const now = clock.now();
  const [held] = await readByNonce.run(ctx.db, { org, lesson: hb.lessonId, user: ctx.userId, nonce: hb.nonce });
  if (!held) return refusal(ctx, hb.lessonId);
  const outline = await loadOutline(ctx.db, org, held.courseId, held.version);
  const lesson = lessonsOf(outline).find((l) => l.id === hb.lessonId);
  if (!lesson) throw notFound('Lesson');
  if (lesson.lessonType !== LessonType.Video) {
    throw invalidParams('lessonId', 'notThisLessonType', { type: typeWord(lesson) });
  }
  const duration = lesson.durationSeconds;
  if (hb.from > hb.to) throw invalidParams('from', 'tooBig', { max: hb.to });
  if (duration != null && hb.to > duration + END_SLACK) throw invalidParams('to', 'heartbeatBeyondEnd');
  const elapsed = Math.max(0, (now - (held.nonceAt?.getTime() ?? now)) / 1000);
  // The slack is a share of the time elapsed (at most 2 s), never a fixed allowance per report:
  // otherwise a script sending reports as fast as it can would gain 2 s of "watching" with each.
  if (hb.to - hb.from > elapsed * policy.maxRate + Math.min(SLACK_SECONDS, elapsed / 4)) {
    throw invalidParams('to', 'heartbeatTooFast', { max: policy.maxRate });
  }
  const clip = (n: number) => (duration == null ? n : Math.min(n, duration));
  const [from, to] = [clip(hb.from), clip(hb.to)];
  const counts = (policy.countHidden || !hb.hidden) && hb.rate <= policy.maxRate;
  const counted = counts ? to - from : 0;
  const facts = held.facts;
  const before = facts.get(lesson.id) ?? blank(lesson.id);
  const watched = counts ? mergeRanges([...before.watched, [from, to]], duration ?? undefined) : before.watched;
  const sums = { watched, watchedSeconds: totalLength(watched), position: clip(hb.position ?? hb.to) };
  const after = { ...before, ...sums };
  const outcome = lessonOutcome(lesson, after);
  facts.set(lesson.id, { ...after, ...outcome });
  const next = randomToken(24);
  const { standing, values } = standingValues(org, held.courseId, ctx.userId, outline, facts, lesson.id);
  const [done] = await writeBeat.run(ctx.db, {
    org,
    user: ctx.userId,
    course: held.courseId,
    lesson: lesson.id,
    nonce: hb.nonce,
    next,
    nonceAt: new Date(now).toISOString(),
    watched: JSON.stringify(watched),
    seconds: sums.watchedSeconds,
    position: sums.position,
    status: outcome.status,
    completedAt: outcome.completedAt?.toISOString() ?? null,
    from,
    to,
    counted,
    rate: hb.rate,
    hidden: hb.hidden,
    ...(Object.fromEntries(Object.entries(values).map(([k, x]) => [`e_${k}`, x])) as Record<
      `e_${keyof StandingValues}`,
      unknown
    >),
  });
  // Another report with this nonce got there first.
  if (!done?.spent) throw businessError('heartbeatNonce');
  const was =
    done.status === null ? undefined : { status: done.status as Standing['status'], progress: done.progress ?? 0 };
  const result = await afterStanding(ctx.db, org, held.courseId, ctx.userId, standing, was);
  return {
    nonce: next,
    counted,
    state: lessonState({ outline, sequential: held.sequential }, facts, lesson.id, lang),
    courseProgress: result.progress,
    courseStatus: result.status,
  };
}

// Marks a lesson done (or not) where its rule is the student's word; both are logged.
export async function markDone(
  ctx: RequestContext,
  lessonId: number,
  done: boolean,
  lang: Lang,
): Promise<LessonProgressResult> {
  const org = ctx.orgId;
  return ctx.db.transaction(async (tx) => {
    const course = await lessonCourse(tx, ctx, lessonId);
    if (course.lesson.completionRule !== CompletionRule.MarkedDone) {
      throw invalidParams('lessonId', 'notThisLessonType', { type: typeWord(course.lesson) });
    }
    const facts = await learnerFacts(tx, org, course.courseId, ctx.userId);
    refuseLocked(course, facts);
    const next = { ...(facts.get(lessonId) ?? blank(lessonId)), markedDone: done };
    const outcome = lessonOutcome(course.lesson, next);
    facts.set(lessonId, { ...next, ...outcome });
    const values = { markedDone: done, ...outcome };
    await tx
      .insert(lessonProgress)
      .values({ organizationId: org, lessonId, userId: ctx.userId, courseId: course.courseId, ...values })
      .onConflictDoUpdate({
        target: [lessonProgress.organizationId, lessonProgress.lessonId, lessonProgress.userId],
        set: { ...values, updateTime: sql`now()` },
      });
    await tx.insert(progressLog).values({
      organizationId: org,
      userId: ctx.userId,
      courseId: course.courseId,
      lessonId,
      event: done ? ProgressEvent.MarkedDone : ProgressEvent.Unmarked,
    });
    const standing = await writeStanding(tx, org, course.courseId, ctx.userId, course.outline, facts, lessonId);
    return {
      state: lessonState(course, facts, lessonId, lang),
      courseProgress: standing.progress,
      courseStatus: standing.status,
    };
  });
}
