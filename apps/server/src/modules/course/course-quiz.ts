import {
  AttemptCounting,
  CandidateSource,
  CandidateStatus,
  ExamState,
  LessonType,
  PaperStatus,
  ProgressEvent,
  RegistrationMode,
  ShowScore,
} from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { idList, typedRows } from '../../platform/sql-rows';
import { inOrg } from '../../platform/tenant-sql';
import { attemptHistory, examAttempts } from '../exam/attempt.table';
import { examCandidates, exams } from '../exam/exam.table';
import { refreshCounts } from '../exam/exam-candidates';
import { examPapers } from '../exam-paper/exam-paper.table';
import { lessonExams, lessonProgress, progressLog } from './course.table';
import { lessonsOf, type Outline } from './course-outline';
import { refreshEnrolments } from './course-progress';

// A quiz lesson is taken on the exam page as a practice exam of its own (one per lesson and paper,
// lesson_exams). The exam row is hidden from every exam screen like homework's (`exams.homework`,
// decision 39: no exam list, calendar, monitor, clash or score list shows it); with no task behind
// it, it keeps the exam page's practice rules: the score after handing in, the marked paper with the
// keys at hand-in (decision 42), sat again up to QUIZ_SITTINGS times, the best sitting counting.
// Students reach it only by opening the lesson, which makes them its candidate.

export const QUIZ_SITTINGS = 10;
const DAY = 86_400_000;
// Open as long as the course is: far beyond any course's life.
const OPEN_UNTIL = new Date('2100-01-01T00:00:00Z');

export async function ensureQuizExams(
  tx: DbOrTx,
  ctx: RequestContext,
  courseId: number,
  outline: Outline,
): Promise<void> {
  const org = ctx.orgId;
  const quizzes = lessonsOf(outline).filter((l) => l.lessonType === LessonType.Quiz && l.paperId != null);
  if (!quizzes.length) return;
  const known = await tx
    .select({ lessonId: lessonExams.lessonId, paperId: lessonExams.paperId })
    .from(lessonExams)
    .where(inOrg(lessonExams, org, [eq(lessonExams.courseId, courseId)]));
  const has = new Set(known.map((k) => `${k.lessonId}:${k.paperId}`));
  for (const lesson of quizzes) {
    const paperId = lesson.paperId!;
    if (has.has(`${lesson.id}:${paperId}`)) continue;
    const [paper] = await tx
      .select({ minutes: examPapers.durationMinutes })
      .from(examPapers)
      .where(inOrg(examPapers, org, [eq(examPapers.id, paperId)]));
    const [created] = await tx
      .insert(exams)
      .values({
        organizationId: org,
        name: lesson.title.slice(0, 100),
        paperId,
        windowStart: new Date(clock.now() - DAY),
        windowEnd: OPEN_UNTIL,
        durationMinutes: paper?.minutes ?? 60,
        registrationMode: RegistrationMode.Assigned,
        showScore: ShowScore.AfterSubmit,
        allowReview: true,
        reviewAfterHandIn: true,
        attemptsAllowed: QUIZ_SITTINGS,
        scoreCounting: AttemptCounting.Best,
        homework: true,
        state: ExamState.Published,
        creatorId: ctx.userId,
        publishTime: clock.date(),
      })
      .returning({ id: exams.id });
    await tx
      .insert(lessonExams)
      .values({ organizationId: org, lessonId: lesson.id, courseId, paperId, examId: created!.id })
      .onConflictDoNothing();
  }
}

// The practice exam of a quiz lesson's paper (null: the course was published before it had one).
export async function quizExamOf(db: DbOrTx, orgId: number, lessonId: number, paperId: number) {
  const [row] = await db
    .select({ examId: lessonExams.examId })
    .from(lessonExams)
    .where(inOrg(lessonExams, orgId, [eq(lessonExams.lessonId, lessonId), eq(lessonExams.paperId, paperId)]));
  return row?.examId ?? null;
}

// An enrolled student opening the quiz lesson becomes an approved candidate of its exam (once).
export async function admitToQuiz(tx: DbOrTx, orgId: number, examId: number, userId: number): Promise<void> {
  const added = await tx
    .insert(examCandidates)
    .values({
      organizationId: orgId,
      examId,
      userId,
      source: CandidateSource.Assigned,
      status: CandidateStatus.Approved,
    })
    .onConflictDoNothing()
    .returning({ userId: examCandidates.userId });
  if (added.length) await refreshCounts(tx, orgId, examId);
}

// After marking changed these attempts: those of quiz lessons' exams write the student's best
// marked score on the lesson (a QuizScored row in the progress log when it changes), and their
// course standing follows. Called by the marking engine beside the homework's sync.
export async function syncQuizScores(db: DbOrTx, orgId: number, attemptIds: number[]): Promise<void> {
  if (!attemptIds.length) return;
  const a = examAttempts;
  const k = attemptHistory;
  // Raw: the best over the current marked sitting and the kept ones, joined to the lesson, then
  // written only where it changed (the upsert answers those rows).
  const changed = await typedRows(
    db,
    sql`with s as (
        select le.course_id, le.lesson_id, a.user_id,
          greatest(case when a.status = ${PaperStatus.Marked} then a.score end,
            (select max(h.score) from ${k} h where h.organization_id = a.organization_id
               and h.exam_id = a.exam_id and h.user_id = a.user_id)) as best
        from ${a} a join ${lessonExams} le on le.organization_id = a.organization_id and le.exam_id = a.exam_id
        where a.organization_id = ${orgId} and a.id in (${idList(attemptIds)}))
      insert into ${lessonProgress} as p (organization_id, lesson_id, user_id, course_id, quiz_score)
      select ${orgId}, s.lesson_id, s.user_id, s.course_id, s.best from s where s.best is not null
      on conflict (organization_id, lesson_id, user_id) do update set quiz_score = excluded.quiz_score,
        update_time = now()
        where p.quiz_score is distinct from excluded.quiz_score
      returning p.course_id as "courseId", p.lesson_id as "lessonId", p.user_id as "userId", p.quiz_score as "quizScore"`,
    {
      courseId: lessonProgress.courseId,
      lessonId: lessonProgress.lessonId,
      userId: lessonProgress.userId,
      quizScore: lessonProgress.quizScore,
    },
  );
  if (!changed.length) return;
  await db.insert(progressLog).values(
    // The score is kept in `counted` (what the event counts for).
    changed.map((c) => ({
      organizationId: orgId,
      userId: c.userId,
      courseId: c.courseId,
      lessonId: c.lessonId,
      event: ProgressEvent.QuizScored,
      counted: c.quizScore ?? 0,
    })),
  );
  const byCourse = new Map<number, number[]>();
  for (const c of changed) byCourse.set(c.courseId, [...(byCourse.get(c.courseId) ?? []), c.userId]);
  for (const [courseId, users] of byCourse) await refreshEnrolments(db, orgId, courseId, users);
}
