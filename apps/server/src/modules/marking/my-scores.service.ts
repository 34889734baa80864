import {
  type Analysis,
  type MyResult,
  PaperStatus,
  type PortalResult,
  type ScoreReason,
  ShowScore,
} from '@lyceum/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bus } from '../../platform/bus';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { closedForAllSql } from '../exam/exam-candidates';
import { examPapers } from '../exam-paper/exam-paper.table';
import { analyse, type Taker, takers } from './analysis.service';
import { pendingOfExam } from './exam-scores.service';
import { markedPapers } from './mark-view.service';
import { attemptMarks } from './marking.table';
import { examQuestions } from './marking-scope';
import { countedScore, iso, round2, sittingsOf } from './score-shared';
import { mean } from './stats';

// Exam scores, confirmation, the analysis report, statistics, and the students' side (decision 38).

// The students' side of scores: what they may see, their result and report (decision 38).

// ---- the student's side ----

interface Shown {
  status: number;
  showScore: number;
  scoreMax: number | null;
  scoresConfirmedAt: Date | null;
  scoresShownFrom: Date | null;
}

// Whether the student may see their score now, and why not: the one rule of the result, My exams,
// the page after hand-in and the portal's latest results.
export function scoreReasonOf(t: Shown, now: number): ScoreReason {
  const confirmed = Boolean(t.scoresConfirmedAt);
  const show = t.showScore;
  if (Number(t.status) === PaperStatus.Answering) return 'notEnded';
  if (show === ShowScore.Never) return 'never';
  if (show === ShowScore.AfterConfirmed && !confirmed) return 'notConfirmed';
  // Shown after hand-in: once the marking job has run (decision 38), a moment after the hand-in.
  if (show === ShowScore.AfterSubmit && !t.scoreMax && !confirmed) return 'marking';
  // Homework shown after its due time (decision 39).
  if (t.scoresShownFrom && now < t.scoresShownFrom.getTime() && !confirmed) return 'notDue';
  return 'shown';
}

// The caller's ended papers of exams (not homework) with what the rule lets them see: for My exams
// (given exams) and the portal's latest results (all).
export async function myScores(ctx: RequestContext, examIds?: number[]) {
  if (examIds && !examIds.length) return [];
  const t = examAttempts;
  const e = exams;
  const p = examPapers;
  const h = sittingsOf(ctx.db, t);
  const list = await ctx.db
    .select({
      examId: t.examId,
      attemptId: t.id,
      name: e.name,
      status: t.status,
      // An exam sat more than once counts its sittings as it says (the best, the last or the average).
      score: countedScore(t.score, e.scoreCounting, h),
      scoreMax: t.scoreMax,
      pendingCount: t.pendingCount,
      endedAt: t.endedAt,
      markedAt: t.markedAt,
      totalScore: sql<number>`coalesce(${t.scoreMax}, ${p.totalScore})`.mapWith(Number),
      showScore: e.showScore,
      scoresConfirmedAt: e.scoresConfirmedAt,
      scoresShownFrom: e.scoresShownFrom,
      passScore: p.passScore,
    })
    .from(t)
    .innerJoin(e, sameOrg(e, t, [eq(e.id, t.examId)]))
    .innerJoin(p, sameOrg(p, e, [eq(p.id, e.paperId)]))
    .leftJoinLateral(h, sql`true`)
    .where(
      inOrg(t, ctx.orgId, [
        eq(t.userId, ctx.userId),
        eq(e.homework, false),
        examIds ? inArray(t.examId, examIds) : undefined,
      ]),
    );
  const now = clock.now();
  return list.map((r) => {
    const reason = scoreReasonOf(r, now);
    const shown = reason === 'shown';
    const score = shown ? (r.score ?? 0) : null;
    const passScore = r.passScore;
    return {
      examId: r.examId,
      attemptId: r.attemptId,
      name: r.name,
      reason,
      score,
      maxScore: r.totalScore,
      passed: score === null || passScore === null ? null : score >= passScore,
      // Confirmed scores are final, even when confirmed with answers left unmarked.
      pending: shown && !r.scoresConfirmedAt ? r.pendingCount : 0,
      // When the score reached the student: confirmation when it waited for it, else marking.
      shownAt: iso(
        r.showScore === ShowScore.AfterConfirmed
          ? r.scoresConfirmedAt
          : (r.markedAt ?? r.endedAt ?? r.scoresConfirmedAt),
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
  // closedForAllSql reads the exam as `e`.
  const e = alias(exams, 'e');
  const a = examAttempts;
  const p = examPapers;
  const [t] = await ctx.db
    .select({
      id: a.id,
      status: a.status,
      answerStatus: a.answerStatus,
      score: a.score,
      scoreMax: a.scoreMax,
      pendingCount: a.pendingCount,
      totalScore: a.totalScore,
      name: e.name,
      showScore: e.showScore,
      allowReview: e.allowReview,
      reviewAfterHandIn: e.reviewAfterHandIn,
      closedForAll: sql<string | null>`${closedForAllSql('e')}`,
      scoresConfirmedAt: e.scoresConfirmedAt,
      passScore: p.passScore,
      paperName: p.name,
      creatorId: e.creatorId,
      scoresShownFrom: e.scoresShownFrom,
    })
    .from(a)
    .innerJoin(e, sameOrg(e, a, [eq(e.id, a.examId)]))
    .innerJoin(p, sameOrg(p, e, [eq(p.id, e.paperId)]))
    .where(inOrg(a, ctx.orgId, [eq(a.examId, examId), eq(a.userId, ctx.userId)]));
  if (!t) throw notFound('Attempt');
  const confirmed = Boolean(t.scoresConfirmedAt);
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
  t: { allowReview: boolean; reviewAfterHandIn: boolean; closedForAll: string | null },
  visible: boolean,
  now: number,
): { open: boolean; from: string | null } {
  if (!t.allowReview) return { open: false, from: null };
  if (t.reviewAfterHandIn) return { open: visible, from: null };
  const from = iso(t.closedForAll);
  return { open: visible && from !== null && now >= Date.parse(from), from };
}

export async function myResult(ctx: RequestContext, examId: number): Promise<MyResult> {
  const { t, visible, reason, review } = await myAttempt(ctx, examId);
  const base: MyResult = {
    examId,
    examName: t.name,
    showScore: t.showScore as 1,
    allowReview: t.allowReview,
    visible,
    reason,
    answerStatus: t.answerStatus as 1,
    score: null,
    pending: 0,
    examPending: 0,
    maxScore: t.scoreMax ?? t.totalScore,
    passScore: t.passScore,
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
    paperName: t.paperName,
    totalScore: t.totalScore,
    passScore: t.passScore,
    confirmedAt: iso(t.scoresConfirmedAt),
  };
  const { people, report } = await classFigures(ctx.db, ctx.orgId, exam);
  // Rank and means depend on everyone's marks: none until every handed-in answer is marked.
  const examPending = exam.confirmedAt ? 0 : await pendingOfExam(ctx.db, ctx.orgId, examId);
  const final = examPending === 0;
  const me = people.find((p) => p.attemptId === t.id);
  const score = t.score ?? 0;
  const classmates = people.filter((p) => me && p.teamId === me.teamId);
  const myMarks = await ctx.db
    .select({ questionId: attemptMarks.questionId, score: attemptMarks.score, max: attemptMarks.max })
    .from(attemptMarks)
    .where(inOrg(attemptMarks, ctx.orgId, [eq(attemptMarks.attemptId, t.id)]));
  const questions = await examQuestions(ctx.db, ctx.orgId, examId);
  const knowledge = report.knowledge.map((k) => {
    const qs = new Set(questions.filter((q) => q.question.tagIds.includes(k.tagId)).map((q) => q.questionId));
    const mine = myMarks.filter((m) => qs.has(m.questionId));
    const max = mine.reduce((s, m) => s + m.max, 0);
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
      paperName: t.paperName,
      totalScore: t.totalScore,
      passScore: t.passScore,
      showScore: t.showScore,
      allowReview: true,
      confirmedAt: iso(t.scoresConfirmedAt),
      owner: false,
      myQuestions: new Set<number>(),
      assigned: false,
      canMark: false,
      canAssign: false,
    };
    const [p] = await markedPapers(ctx, examId, [t.id], false, owner);
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
    pending: exam.confirmedAt ? 0 : t.pendingCount,
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
