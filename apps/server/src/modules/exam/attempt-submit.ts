import { type AttemptSubmitResult, PaperStatus, type zAttemptSubmitRequest } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { examAttempts } from './attempt.table';
import { answeredCount, endAttempts } from './attempt-end';
import { acksOf, refusal, upsertAnswers } from './attempt-save';
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
    const [t] = await rows<{ id: number; status: number; closes_at: string; deadline: string }>(
      tx,
      sql`select id, status, closes_at, deadline from ${examAttempts}
        where organization_id = ${org} and id = ${body.attemptId} and user_id = ${ctx.userId} for update`,
    );
    if (!t) throw notFound('Attempt');
    // Read with the row held: every save that got in first was stamped earlier, so the end time
    // follows every answer in the record.
    const now = clock.now();
    let acked: { questionId: number; revision: number; theirs: boolean }[] = [];
    if (Number(t.status) === Answering && now < ms(t.closes_at)!) {
      if (body.items?.length) {
        const out = await upsertAnswers(tx, ctx, body.attemptId, body.items, now);
        if (!out.open) refusal(out, body.items, now);
        acked = acksOf(out);
      }
      // The page's timer is trusted only once the deadline has really come.
      const timeUp = body.reason === 'timeUp' && now >= ms(t.deadline)! - 5000;
      await endAttempts(
        tx,
        sql`t.organization_id = ${org} and t.id = ${t.id}`,
        timeUp ? AutoCollected : HandedIn,
        ts(now),
        null,
      );
    } else if (Number(t.status) === Answering) {
      // Past deadline + grace and not yet collected: collect it now, as the collector would.
      await endAttempts(tx, sql`t.organization_id = ${org} and t.id = ${t.id}`, AutoCollected, sql`t.closes_at`, null);
    }
    return acked;
  });
  const [final] = await rows<{ status: number; ended_at: string; n: number }>(
    ctx.db,
    // How the paper ended, also once marked (7 keeps the ending in end_status): the page says so.
    sql`select case when status = ${PaperStatus.Marked} then coalesce(end_status, status) else status end as status,
        ended_at, cardinality(question_ids) as n from ${examAttempts}
      where organization_id = ${org} and id = ${body.attemptId}`,
  );
  return {
    attemptId: body.attemptId,
    status: Number(final!.status) as PaperStatus,
    endedAt: ms(final!.ended_at)!,
    answered: await answeredCount(ctx.db, org, body.attemptId),
    total: Number(final!.n),
    acked: result,
    serverNow: clock.now(),
  };
}
