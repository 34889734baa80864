import { type AttemptSubmitResult, PaperStatus, type zAttemptSubmitRequest } from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { examAttempts } from './attempt.table';
import { answeredCount, endAttempts } from './attempt-end';
import { refusal, upsertAnswers } from './attempt-save';
import { ms, ts } from './exam-time';

// Handing in (see attempt.service for the rules).

const { Answering, HandedIn, AutoCollected } = PaperStatus;

// Hand in: the last batch is saved first (same rules as a save), then the attempt ends as handed in
// (or as collected automatically when the page's timer ran out). A repeated submit, or one that
// arrives after the attempt ended another way, returns the final state and changes nothing.
export async function submitAttempt(
  ctx: RequestContext,
  body: z.output<typeof zAttemptSubmitRequest>,
): Promise<AttemptSubmitResult> {
  const org = ctx.orgId;
  const result = await ctx.db.transaction(async (tx) => {
    const [t] = await tx
      .select({
        id: examAttempts.id,
        status: examAttempts.status,
        closesAt: examAttempts.closesAt,
        deadline: examAttempts.deadline,
      })
      .from(examAttempts)
      .where(inOrg(examAttempts, org, [eq(examAttempts.id, body.attemptId), eq(examAttempts.userId, ctx.userId)]))
      .for('update');
    if (!t) throw notFound('Attempt');
    // Read with the row held: every save that got in first was stamped earlier, so the end time
    // follows every answer in the record.
    const now = clock.now();
    let acked: { questionId: number; revision: number; theirs: boolean }[] = [];
    if (t.status === Answering && now < t.closesAt.getTime()) {
      if (body.items?.length) {
        const out = await upsertAnswers(tx, ctx, body.attemptId, body.items, now);
        if (!out.open) refusal(out, body.items, now);
        acked = out.acked;
      }
      // The page's timer is trusted only once the deadline has really come.
      const timeUp = body.reason === 'timeUp' && now >= t.deadline.getTime() - 5000;
      await endAttempts(
        tx,
        sql`t.organization_id = ${org} and t.id = ${t.id}`,
        timeUp ? AutoCollected : HandedIn,
        ts(now),
        null,
      );
    } else if (t.status === Answering) {
      // Past deadline + grace and not yet collected: collect it now, as the collector would.
      await endAttempts(tx, sql`t.organization_id = ${org} and t.id = ${t.id}`, AutoCollected, sql`t.closes_at`, null);
    }
    return acked;
  });
  const { status, endStatus, endedAt, questionIds } = examAttempts;
  const [final] = await ctx.db
    .select({
      // How the paper ended, also once marked (7 keeps the ending in end_status): the page says so.
      status: sql<number>`case when ${status} = ${PaperStatus.Marked} then coalesce(${endStatus}, ${status}) else ${status} end`,
      endedAt,
      n: sql<number>`cardinality(${questionIds})`,
    })
    .from(examAttempts)
    .where(inOrg(examAttempts, org, [eq(examAttempts.id, body.attemptId)]));
  return {
    attemptId: body.attemptId,
    status: Number(final!.status) as PaperStatus,
    endedAt: ms(final!.endedAt)!,
    answered: await answeredCount(ctx.db, org, body.attemptId),
    total: Number(final!.n),
    acked: result,
    serverNow: clock.now(),
  };
}
