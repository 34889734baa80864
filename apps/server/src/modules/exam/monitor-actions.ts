import {
  CandidateStatus,
  PaperStatus as PS,
  ScoreChangeKind,
  type zAddTimeRequest,
  type zReopenRequest,
  type zReviewRequest,
} from '@lyceum/contract';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { audit } from '../marking/marking.service';
import { attemptMarks } from '../marking/marking.table';
import { endAttempts, scheduleCollection } from './attempt.service';
import { attemptEvents, examAttempts } from './attempt.table';
import { answeringAgain } from './attempt-history';
import { examCandidates, exams } from './exam.table';
import { ts } from './exam-time';
import { attemptsOf, changing, t, watchedExam } from './monitor-access';
import { announceCandidates } from './monitor-push';

// Exam day, the invigilators' actions on candidates' papers and time (monitor.service).

const { Answering, ForceCollected, Abnormal } = PS;

const minutes = (n: number) => sql`${n} * interval '1 minute'`;

// Extra minutes on the clocks of the candidates `where` picks.
const addMinutes = (tx: Tx, n: number, where: SQL | undefined) =>
  tx
    .update(examCandidates)
    .set({ addedMinutes: sql`${examCandidates.addedMinutes} + ${n}` })
    .where(where);

export async function addTime(ctx: RequestContext, req: z.output<typeof zAddTimeRequest>) {
  return changing(ctx, req.examId, async (tx) => {
    const changed = await addMinutes(
      tx,
      req.minutes,
      inOrg(examCandidates, ctx.orgId, [
        eq(examCandidates.examId, req.examId),
        inArray(examCandidates.userId, req.userIds),
        eq(examCandidates.status, CandidateStatus.Approved),
      ]),
    ).returning({ userId: examCandidates.userId });
    await tx
      .update(examAttempts)
      .set({
        deadline: sql`${examAttempts.deadline} + ${minutes(req.minutes)}`,
        closesAt: sql`${examAttempts.closesAt} + ${minutes(req.minutes)}`,
      })
      .where(and(attemptsOf(examAttempts, ctx.orgId, req.examId, req.userIds), eq(examAttempts.status, Answering)));
    await announceCandidates(
      tx,
      ctx.orgId,
      req.examId,
      changed.map((c) => c.userId),
    );
    return { changed: changed.length };
  });
}

export async function collectNow(ctx: RequestContext, examId: number, userIds: number[]) {
  return changing(ctx, examId, async (tx) => {
    const ended = await endAttempts(
      tx,
      attemptsOf(t, ctx.orgId, examId, userIds),
      ForceCollected,
      ts(clock.now()),
      'collected by an invigilator',
    );
    return { changed: ended.length };
  });
}

export async function markAbnormal(ctx: RequestContext, examId: number, userId: number, reason: string) {
  const now = clock.now();
  return changing(ctx, examId, async (tx) => {
    // An attempt still answering ends here; one already ended is marked abnormal over its status.
    const ended = await endAttempts(tx, attemptsOf(t, ctx.orgId, examId, [userId]), Abnormal, ts(now), reason);
    if (ended.length) return { changed: 1 };
    const marked = await tx
      .update(examAttempts)
      .set({ status: Abnormal, endReason: reason })
      .where(and(attemptsOf(examAttempts, ctx.orgId, examId, [userId]), ne(examAttempts.status, Abnormal)))
      .returning({ id: examAttempts.id });
    for (const m of marked) {
      await tx
        .insert(attemptEvents)
        .values({
          organizationId: ctx.orgId,
          attemptId: m.id,
          type: 8,
          at: new Date(now),
          receivedAt: new Date(now),
          detail: reason,
        })
        .onConflictDoNothing();
    }
    if (marked.length) await announceCandidates(tx, ctx.orgId, examId, [userId], Abnormal);
    return { changed: marked.length };
  });
}

export async function reopen(ctx: RequestContext, req: z.output<typeof zReopenRequest>) {
  const now = clock.now();
  return changing(ctx, req.examId, async (tx) => {
    const [a] = await tx
      .select({
        id: examAttempts.id,
        status: examAttempts.status,
        deadline: examAttempts.deadline,
        graceSeconds: exams.graceSeconds,
      })
      .from(examAttempts)
      .innerJoin(exams, sameOrg(exams, examAttempts, [eq(exams.id, examAttempts.examId)]))
      .where(attemptsOf(examAttempts, ctx.orgId, req.examId, [req.userId]))
      .for('update', { of: examAttempts });
    if (!a) throw notFound('Attempt');
    if (a.status !== ForceCollected && a.status !== Abnormal) throw invalidParams('userId', 'notReopenable');
    const deadline = a.deadline.getTime() + req.minutes * 60_000;
    if (deadline <= now) {
      throw invalidParams('minutes', 'tooSmall', { min: Math.ceil((now - a.deadline.getTime()) / 60_000) + 1 });
    }
    const closesAt = deadline + a.graceSeconds * 1000;
    await tx
      .update(examAttempts)
      .set({
        ...answeringAgain,
        deadline: new Date(deadline),
        closesAt: new Date(closesAt),
      })
      .where(inOrg(examAttempts, ctx.orgId, [eq(examAttempts.id, a.id)]));
    // The student may change answers: marks made so far no longer hold (the next end marks again).
    // Each removed score is audited, as every other change to a score is.
    const removed = await tx
      .delete(attemptMarks)
      .where(inOrg(attemptMarks, ctx.orgId, [eq(attemptMarks.attemptId, a.id)]))
      .returning({ questionId: attemptMarks.questionId, score: attemptMarks.score });
    await audit(
      tx,
      ctx.orgId,
      ctx.userId,
      removed.map((m) => ({
        examId: req.examId,
        attemptId: a.id,
        questionId: m.questionId,
        kind: ScoreChangeKind.Reopened,
        from: m.score,
        to: null,
        reason: 'paper reopened by an invigilator',
      })),
    );
    if (req.minutes) {
      const candidate = inOrg(examCandidates, ctx.orgId, [
        eq(examCandidates.examId, req.examId),
        eq(examCandidates.userId, req.userId),
      ]);
      await addMinutes(tx, req.minutes, candidate);
    }
    await scheduleCollection(tx, ctx.orgId, a.id, closesAt);
    await announceCandidates(tx, ctx.orgId, req.examId, [req.userId], Answering);
    return { changed: 1 };
  });
}

export async function sendNotice(ctx: RequestContext, examId: number, userIds: number[], text: string) {
  await watchedExam(ctx, examId);
  const changed = await ctx.db
    .update(examAttempts)
    .set({ notice: text, noticeAt: clock.date() })
    .where(attemptsOf(examAttempts, ctx.orgId, examId, userIds))
    .returning({ userId: examAttempts.userId });
  await announceCandidates(
    ctx.db,
    ctx.orgId,
    examId,
    changed.map((c) => c.userId),
  );
  return { changed: changed.length };
}

export async function review(ctx: RequestContext, req: z.output<typeof zReviewRequest>) {
  return changing(ctx, req.examId, (tx) => reviewIn(tx, ctx, req));
}

async function reviewIn(tx: Tx, ctx: RequestContext, req: z.output<typeof zReviewRequest>) {
  const changed = await tx
    .update(examAttempts)
    .set({ reviewDecision: req.decision, reviewNote: req.note, reviewerId: ctx.userId, reviewTime: clock.date() })
    .where(attemptsOf(examAttempts, ctx.orgId, req.examId, [req.userId]))
    .returning({ id: examAttempts.id });
  if (changed.length) await announceCandidates(tx, ctx.orgId, req.examId, [req.userId]);
  return { changed: changed.length };
}
