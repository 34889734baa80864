import {
  type Attempt,
  type AttemptQuestion,
  keyAnswer,
  QuestionType,
  RoleKind,
  type SaveItem,
  type StudentAnswer,
  toScorable,
  zExamCreate,
  zStudentPaper,
} from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import { saveAnswers, startAttempt, submitAttempt } from '../modules/exam/attempt.service';
import { examAttempts } from '../modules/exam/attempt.table';
import { examResource } from '../modules/exam/exam.resource';
import { exams } from '../modules/exam/exam.table';
import { markQueue } from '../modules/marking/mark-view.service';
import { mark, reviewMark } from '../modules/marking/marking.service';
import { loadVersions, markAttempt } from '../modules/marking/marking-engine';
import { assignMarkers } from '../modules/marking/marking-progress.service';
import { confirmScores } from '../modules/marking/score-confirmation';
import { users } from '../modules/user/user.table';
import type { RequestContext } from '../platform/context';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { seedContext } from './seed-context';

const hour = (t: number) => new Date(Math.floor(t / 3_600_000) * 3_600_000);

// Two sat exams so marking, scores and the analysis report have something to show after
// `npm start`: a mid-term a week ago, marked, reviewed and confirmed (every demo student but the
// three in the practice exam sat it, `student` included, so the student's report shows), and a quiz
// yesterday whose written answers wait for the teacher, who is assigned to them. Students answer
// through the exam page's calls, with a steady ability each, so the figures look like a class's.
export async function seedMarkedExams(db: Db, orgId: number, teacherId: number, paperId: number, studentIds: number[]) {
  const [academic] = await db
    .select({ id: users.id })
    .from(users)
    .where(inOrg(users, orgId, [eq(users.userName, 'academic')]));
  if (!academic || studentIds.length < 4) return;
  const office = seedContext(db, orgId, academic.id, [
    'exam:page',
    'exam:create',
    'exam:publish',
    'exam:all',
    'answer:page',
    'answer:mark',
    'answer:manage',
    'examScore:confirm',
  ]);
  const teacher = seedContext(db, orgId, teacherId, ['answer:page', 'answer:mark']);
  const sitters = studentIds.slice(0, -3);

  const midterm = await sitExam(
    office,
    paperId,
    'Calculus mid-term (marked) 微积分期中（已阅卷）',
    sitters,
    7,
    3,
    true,
  );
  // The teacher marks every written answer (the keyword hint, rounded to half points), the office
  // reviews a few, then confirms.
  const firstQueue = await writtenQuestions(office, midterm);
  await assignMarkers(office, { examId: midterm, markers: [{ userId: teacherId, questionIds: firstQueue }] });
  await markWritten(teacher, midterm, (autoScore) => autoScore);
  for (const q of firstQueue.slice(0, 1)) {
    const queue = await markQueue(office, { examId: midterm, questionId: q, reveal: false, pendingOnly: false });
    for (const item of queue.items.filter((i) => i.markerName !== null).slice(0, 3)) {
      await reviewMark(office, {
        examId: midterm,
        attemptId: item.attemptId,
        questionId: q,
        score: item.score ?? 0,
        comment: '',
        reason: '',
      });
    }
  }
  await confirmScores(office, { examId: midterm, force: false });

  const quiz = await sitExam(
    office,
    paperId,
    'Calculus quiz 3 (to mark) 微积分小测 3（待阅卷）',
    sitters.slice(0, 24),
    1,
    2,
    false,
  );
  const written = await writtenQuestions(office, quiz);
  if (written.length)
    await assignMarkers(office, { examId: quiz, markers: [{ userId: teacherId, questionIds: written }] });
  // A start on the pile: the first few answers of the first written question.
  const [first] = written;
  if (first !== undefined) {
    const queue = await markQueue(teacher, { examId: quiz, questionId: first, reveal: false, pendingOnly: true });
    for (const item of queue.items.slice(0, 5)) {
      await mark(teacher, {
        examId: quiz,
        attemptId: item.attemptId,
        questionId: first,
        score: Math.min(item.max, Math.round(item.autoScore * 2) / 2),
        comment: '',
      });
    }
  }
}

async function writtenQuestions(ctx: RequestContext, examId: number): Promise<number[]> {
  const rows = (await ctx.db.execute(
    sql`select distinct question_id from attempt_marks where organization_id = ${ctx.orgId} and exam_id = ${examId}
      and manual order by question_id`,
  )) as unknown as { rows: { question_id: number }[] };
  return rows.rows.map((r) => Number(r.question_id));
}

export async function markWritten(
  ctx: RequestContext,
  examId: number,
  score: (autoScore: number, max: number) => number,
) {
  for (const q of await writtenQuestions(ctx, examId)) {
    const queue = await markQueue(ctx, { examId, questionId: q, reveal: false, pendingOnly: true });
    for (const item of queue.items) {
      await mark(ctx, {
        examId,
        attemptId: item.attemptId,
        questionId: q,
        score: Math.min(item.max, Math.round(score(item.autoScore, item.max) * 2) / 2),
        comment: item.autoScore >= item.max ? 'Clear and complete. 完整清楚。' : '',
      });
    }
  }
}

// An exam sat by the students now, its times then moved `daysAgo` days back (as if imported).
async function sitExam(
  office: RequestContext,
  paperId: number,
  name: string,
  studentIds: number[],
  daysAgo: number,
  showScore: number,
  allowReview: boolean,
): Promise<number> {
  const db = office.db;
  const orgId = office.orgId;
  const now = Date.now();
  const exam = await examResource.create(
    office,
    zExamCreate.parse({
      paperId,
      name,
      windowStart: hour(now - 2 * 3_600_000).toISOString(),
      windowEnd: hour(now + 2 * 3_600_000).toISOString(),
      durationMinutes: 60,
      studentIds,
      showScore,
      allowReview,
    }),
  );
  const examId = exam.id as number;
  await examResource.runAction(office, 'publish', examId, { acceptWarnings: true });
  for (const [i, userId] of studentIds.entries()) {
    const student = asStudent(office, userId);
    const attempt = await startAttempt(student, examId);
    await saveAnswers(student, attempt.id, await plausibleAnswers(student, attempt, i, daysAgo * 7));
    await submitAttempt(student, { attemptId: attempt.id, reason: 'manual' });
    await db.transaction((tx) => markAttempt(tx, orgId, attempt.id));
  }
  await moveExamBack(db, orgId, examId, daysAgo);
  return examId;
}

// Moves an exam that was sat now (its window, attempts and their events) `daysAgo` days back.
export async function moveExamBack(db: Db, orgId: number, examId: number, daysAgo: number) {
  const shift = sql`${daysAgo} * interval '1 day'`;
  await db.execute(
    sql`update ${exams} set window_start = window_start - ${shift}, window_end = window_end - ${shift},
        publish_time = publish_time - ${shift}, scores_shown_from = scores_shown_from - ${shift}
      where organization_id = ${orgId} and id = ${examId}`,
  );
  await db.execute(
    sql`update ${examAttempts} set started_at = started_at - ${shift}, deadline = deadline - ${shift},
        closes_at = closes_at - ${shift}, ended_at = ended_at - ${shift}
      where organization_id = ${orgId} and exam_id = ${examId}`,
  );
  await db.execute(
    sql`update attempt_events e set at = e.at - ${shift}, received_at = e.received_at - ${shift}
      from ${examAttempts} t where t.organization_id = e.organization_id and t.id = e.attempt_id
        and t.organization_id = ${orgId} and t.exam_id = ${examId}`,
  );
}

// A demo student as the exam page's calls see them.
export function asStudent(like: RequestContext, userId: number): RequestContext {
  return { ...seedContext(like.db, like.orgId, userId), userName: `student-${userId}`, roleKind: RoleKind.Student };
}

// A student's answers to their paper: a steady ability per student `i` (from 35 % to 95 %), and
// which questions they get right (varied by `salt`).
export async function plausibleAnswers(student: RequestContext, attempt: Attempt, i: number, salt: number) {
  const { db, orgId } = student;
  const [row] = await db
    .select({ paper: examAttempts.paper })
    .from(examAttempts)
    .where(inOrg(examAttempts, orgId, [eq(examAttempts.id, attempt.id)]));
  if (!row) return [];
  const items = zStudentPaper.parse(row.paper).sections.flatMap((s) => s.items);
  const versions = await loadVersions(db, orgId, items);
  const ability = 0.35 + 0.6 * (((i * 37) % 40) / 40);
  return attempt.sections
    .flatMap((s) => s.questions)
    .flatMap((q, j): SaveItem[] => {
      const item = items.find((x) => x.questionId === q.questionId);
      const version = item ? versions.get(`${item.questionId}:${item.questionVersion}`) : undefined;
      if (!version) return [];
      const right = ((i * 13 + j * 29 + salt) % 100) / 100 < ability;
      return [
        { questionId: q.questionId, answer: answerFor(q, keyAnswer(toScorable(version).key), right, i), revision: 1 },
      ];
    });
}

// The key's own answer for a right one; a plausible slip for a wrong one.
function answerFor(q: AttemptQuestion, key: StudentAnswer, right: boolean, i: number): StudentAnswer {
  if (right) return key;
  switch (q.type) {
    case QuestionType.SingleChoice: {
      const others = q.options.map((o) => o.label).filter((l) => l !== key);
      return others[i % Math.max(1, others.length)] ?? key;
    }
    case QuestionType.MultipleChoice:
      return Array.isArray(key) ? key.slice(0, 1) : key;
    case QuestionType.TrueFalse:
      return key !== true;
    case QuestionType.GapFilling:
      return Array.isArray(key) ? key.map((k, n) => (n % 2 === i % 2 ? k : 'not sure')) : key;
    case QuestionType.ShortAnswer:
      return i % 5 === 0 ? '' : 'I think it has to do with how the function changes, but I am not sure. 我不太确定。';
    default:
      return null;
  }
}
