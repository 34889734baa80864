import {
  type Analysis,
  type MyResult,
  PaperStatus,
  type PortalResult,
  type ScoreReason,
  ShowScore,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { bus } from '../../platform/bus';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { examAttempts } from '../exam/attempt.table';
import { countedScoreSql, historyJoin } from '../exam/attempt-history';
import { exams } from '../exam/exam.table';
import { closedForAllSql } from '../exam/exam-candidates';
import { examPapers } from '../exam-paper/exam-paper.table';
import { analyse, type Taker, takers } from './analysis.service';
import { pendingOfExam } from './exam-scores.service';
import { markedPapers } from './mark-view.service';
import { attemptMarks } from './marking.table';
import { examQuestions } from './marking-scope';
import { iso, num, round2 } from './score-shared';
import { mean } from './stats';

// Exam scores, confirmation, the analysis report, statistics, and the students' side (decision 38).

// The students' side of scores: what they may see, their result and report (decision 38).

// ---- the student's side ----

interface Shown extends Record<string, unknown> {
  status: number;
  show_score: number;
  score_max: number | null;
  scores_confirmed_at: string | null;
  scores_shown_from: string | null;
}

// Whether the student may see their score now, and why not: the one rule of the result, My exams,
// the page after hand-in and the portal's latest results.
export function scoreReasonOf(t: Shown, now: number): ScoreReason {
  const confirmed = Boolean(t.scores_confirmed_at);
  const show = Number(t.show_score);
  if (Number(t.status) === PaperStatus.Answering) return 'notEnded';
  if (show === ShowScore.Never) return 'never';
  if (show === ShowScore.AfterConfirmed && !confirmed) return 'notConfirmed';
  // Shown after hand-in: once the marking job has run (decision 38), a moment after the hand-in.
  if (show === ShowScore.AfterSubmit && !t.score_max && !confirmed) return 'marking';
  // Homework shown after its due time (decision 39).
  if (t.scores_shown_from && now < new Date(t.scores_shown_from).getTime() && !confirmed) return 'notDue';
  return 'shown';
}

// The caller's ended papers of exams (not homework) with what the rule lets them see: for My exams
// (given exams) and the portal's latest results (all).
export async function myScores(ctx: RequestContext, examIds?: number[]) {
  if (examIds && !examIds.length) return [];
  const list = await rows<
    Shown & {
      exam_id: number;
      attempt_id: number;
      name: string;
      score: number | null;
      total_score: number;
      pending_count: number | null;
      pass_score: number | null;
      ended_at: string | null;
      marked_at: string | null;
    }
  >(
    ctx.db,
    // An exam sat more than once counts its sittings as it says (the best, the last or the average).
    sql`select t.exam_id, t.id as attempt_id, e.name, t.status, ${countedScoreSql(sql`t.score`, sql`e.score_counting`)}
        as score, t.score_max, t.pending_count, t.ended_at,
        t.marked_at, coalesce(t.score_max, p.total_score) as total_score, e.show_score, e.scores_confirmed_at,
        e.scores_shown_from, p.pass_score
      from ${examAttempts} t join ${exams} e on e.organization_id = t.organization_id and e.id = t.exam_id
      join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
      ${historyJoin('t')}
      where t.organization_id = ${ctx.orgId} and t.user_id = ${ctx.userId} and not e.homework
        ${
          examIds
            ? sql`and t.exam_id in (${sql.join(
                examIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }`,
  );
  const now = clock.now();
  return list.map((r) => {
    const reason = scoreReasonOf(r, now);
    const shown = reason === 'shown';
    const score = shown ? Number(r.score ?? 0) : null;
    const passScore = num(r.pass_score);
    return {
      examId: Number(r.exam_id),
      attemptId: Number(r.attempt_id),
      name: r.name,
      reason,
      score,
      maxScore: Number(r.total_score),
      passed: score === null || passScore === null ? null : score >= passScore,
      // Confirmed scores are final, even when confirmed with answers left unmarked.
      pending: shown && !r.scores_confirmed_at ? Number(r.pending_count ?? 0) : 0,
      // When the score reached the student: confirmation when it waited for it, else marking.
      shownAt: iso(
        Number(r.show_score) === ShowScore.AfterConfirmed
          ? r.scores_confirmed_at
          : (r.marked_at ?? r.ended_at ?? r.scores_confirmed_at),
      ),
    };
  });
}

// The portal's latest results from exams: those the student may see, newest first.
export async function portalExamResults(ctx: RequestContext, limit: number): Promise<PortalResult[]> {
  return (await myScores(ctx))
    .filter((r) => r.reason === 'shown' && r.shownAt !== null)
    .sort((a, b) => Date.parse(b.shownAt!) - Date.parse(a.shownAt!) || b.attemptId - a.attemptId)
    .slice(0, limit)
    .map((r) => ({
      id: r.attemptId,
      kind: 'exam',
      title: r.name,
      // As homework's: no figure while part of it waits for a teacher (the card says "being marked").
      score: r.pending > 0 ? null : r.score,
      maxScore: r.maxScore,
      passed: r.pending > 0 ? null : r.passed,
      publishedTime: r.shownAt!,
    }));
}

export async function myAttempt(ctx: RequestContext, examId: number) {
  const [t] = await rows<{
    id: number;
    status: number;
    answer_status: number;
    score: number | null;
    score_max: number | null;
    pending_count: number | null;
    total_score: number;
    name: string;
    show_score: number;
    allow_review: boolean;
    review_after_hand_in: boolean;
    closed_for_all: string;
    scores_confirmed_at: string | null;
    pass_score: number | null;
    paper_name: string;
    creator_id: number | null;
    scores_shown_from: string | null;
  }>(
    ctx.db,
    sql`select t.id, t.status, t.answer_status, t.score, t.score_max, t.pending_count, t.total_score, e.name,
        e.show_score, e.allow_review,
        e.review_after_hand_in, ${closedForAllSql('e')} as closed_for_all,
        e.scores_confirmed_at, p.pass_score, p.name as paper_name, e.creator_id, e.scores_shown_from
      from ${examAttempts} t join ${exams} e on e.organization_id = t.organization_id and e.id = t.exam_id
      join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
      where t.organization_id = ${ctx.orgId} and t.exam_id = ${examId} and t.user_id = ${ctx.userId}`,
  );
  if (!t) throw notFound('Attempt');
  const confirmed = Boolean(t.scores_confirmed_at);
  const reason = scoreReasonOf(t, clock.now());
  const visible = reason === 'shown';
  return { t, visible, reason, confirmed, review: reviewOf(t, visible, clock.now()) };
}

// When a student's marked paper, with its keys and analysis, reaches them: the exam allows review,
// their score is shown, and nobody can still be answering the exam (its window's end plus the
// longest extra time, or an attempt still open); a practice exam opens it at hand-in. Homework
// follows its task (task-exam.ts): at once only when it is handed in once. Every way a key takes
// to a student goes through here (decision 42).
function reviewOf(
  t: { allow_review: boolean; review_after_hand_in: boolean; closed_for_all: string | null },
  visible: boolean,
  now: number,
): { open: boolean; from: string | null } {
  if (!t.allow_review) return { open: false, from: null };
  if (t.review_after_hand_in) return { open: visible, from: null };
  const from = iso(t.closed_for_all);
  return { open: visible && from !== null && now >= Date.parse(from), from };
}

export async function myResult(ctx: RequestContext, examId: number): Promise<MyResult> {
  const { t, visible, reason, review } = await myAttempt(ctx, examId);
  const base: MyResult = {
    examId,
    examName: t.name,
    showScore: Number(t.show_score) as 1,
    allowReview: Boolean(t.allow_review),
    visible,
    reason,
    answerStatus: Number(t.answer_status) as 1,
    score: null,
    pending: 0,
    examPending: 0,
    maxScore: Number(t.score_max ?? t.total_score),
    passScore: num(t.pass_score),
    passed: null,
    rank: null,
    candidates: 0,
    classMean: null,
    examMean: null,
    knowledge: [],
    paper: null,
    reviewFrom: review.from,
  };
  if (!visible) return base;
  const exam = {
    id: examId,
    name: t.name,
    paperName: t.paper_name,
    totalScore: Number(t.total_score),
    passScore: num(t.pass_score),
    confirmedAt: iso(t.scores_confirmed_at),
  };
  const { people, report } = await classFigures(ctx.db, ctx.orgId, exam);
  // Rank and means depend on everyone's marks: none until every handed-in answer is marked.
  const examPending = exam.confirmedAt ? 0 : await pendingOfExam(ctx.db, ctx.orgId, examId);
  const final = examPending === 0;
  const me = people.find((p) => p.attemptId === Number(t.id));
  const score = Number(t.score ?? 0);
  const classmates = people.filter((p) => me && p.teamId === me.teamId);
  const myMarks = await rows<{ question_id: number; score: number | null; max: number }>(
    ctx.db,
    sql`select question_id, score, max from ${attemptMarks} where organization_id = ${ctx.orgId} and attempt_id = ${t.id}`,
  );
  const questions = await examQuestions(ctx.db, ctx.orgId, examId);
  const knowledge = report.knowledge.map((k) => {
    const qs = new Set(questions.filter((q) => q.question.tagIds.includes(k.tagId)).map((q) => q.questionId));
    const mine = myMarks.filter((m) => qs.has(Number(m.question_id)));
    const max = mine.reduce((s, m) => s + Number(m.max), 0);
    return {
      tagId: k.tagId,
      name: k.name,
      mastery: max > 0 ? Math.round((mine.reduce((s, m) => s + Number(m.score ?? 0), 0) / max) * 1000) / 1000 : null,
      classMastery: final ? (k.byClass.find((c) => c.teamId === (me?.teamId ?? null))?.mastery ?? null) : null,
    };
  });
  let paper = null;
  if (review.open) {
    // The student's own paper through the markers' view, as the owner would see it (no names of markers).
    const owner = {
      id: examId,
      name: t.name,
      paperId: 0,
      paperName: t.paper_name,
      totalScore: Number(t.total_score),
      passScore: num(t.pass_score),
      showScore: Number(t.show_score),
      allowReview: true,
      confirmedAt: iso(t.scores_confirmed_at),
      owner: false,
      myQuestions: new Set<number>(),
      assigned: false,
      canMark: false,
      canAssign: false,
    };
    const [p] = await markedPapers(ctx, examId, [Number(t.id)], false, owner);
    if (p) {
      paper = {
        ...p,
        sections: p.sections.map((s) => ({
          ...s,
          items: s.items.map((i) => ({ ...i, mark: { ...i.mark, markerName: null, reviewerName: null } })),
        })),
      };
    }
  }
  return {
    ...base,
    score,
    pending: exam.confirmedAt ? 0 : Number(t.pending_count ?? 0),
    examPending,
    passed: base.passScore === null ? null : score >= base.passScore,
    rank: final ? people.filter((p) => p.score > score).length + 1 : null,
    candidates: people.length,
    classMean: final && classmates.length ? round2(mean(classmates.map((p) => p.score))!) : null,
    examMean: final ? report.summary.mean : null,
    knowledge,
    paper,
  };
}

// What every student's own report compares with: the exam's takers and report. Confirmed scores do
// not change (reopening them changes `confirmedAt`, and so the key), so each process keeps them for
// ten minutes: a class opening its results together costs one analysis per process, not one each.
const figures = new Map<string, { until: number; value: Promise<{ people: Taker[]; report: Analysis }> }>();
bus.onReset(() => figures.clear());
function classFigures(db: DbOrTx, orgId: number, exam: Parameters<typeof analyse>[2]) {
  const compute = async () => ({ people: await takers(db, orgId, exam.id), report: await analyse(db, orgId, exam) });
  if (!exam.confirmedAt) return compute();
  const key = `${orgId}:${exam.id}:${exam.confirmedAt}`;
  const hit = figures.get(key);
  if (hit && hit.until > Date.now()) return hit.value;
  if (figures.size > 200) figures.clear();
  const value = compute();
  figures.set(key, { until: Date.now() + 600_000, value });
  value.catch(() => figures.delete(key));
  return value;
}
