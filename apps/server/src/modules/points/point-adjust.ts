import { PointAction, type PointEntry, type zPointAdjust } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { AppError, invalidParams } from '../../platform/errors';
import { noteSubject } from '../../platform/operation-log';
import { inOrg } from '../../platform/tenant-sql';
import { post } from '../ledger/ledger.service';
import { users } from '../user/user.table';
import { entryById, pointsAccount } from './point-entries';

// A staff member adds or deducts a member's points by hand (point:adjust): one ledger entry with
// the reason and who made it. A deduction beyond the balance is refused on `amount` with nothing
// written (the ledger's conditional update, never a read of the balance first). The operation log
// names the person, the amount and the reason.
export async function adjustPoints(
  ctx: RequestContext,
  input: z.output<typeof zPointAdjust>,
  req: FastifyRequest,
): Promise<PointEntry> {
  const [who] = await ctx.db
    .select({ userName: users.userName, realName: users.realName })
    .from(users)
    .where(inOrg(users, ctx.orgId, [eq(users.id, input.userId)]));
  // Another organisation's user is one that does not exist.
  if (!who) throw invalidParams('userId', 'noSuchReference', { entity: 'user', ids: String(input.userId) });
  const amount = input.action === PointAction.Reduce ? -input.amount : input.amount;
  const remark = input.remark.trim();
  noteSubject(req, {
    ids: [input.userId],
    label: `${who.realName} (${who.userName}) ${amount > 0 ? '+' : '−'}${input.amount}: ${remark}`,
  });
  try {
    const entry = await ctx.db.transaction((tx) =>
      post(tx, pointsAccount(ctx.orgId, input.userId), {
        amount,
        reason: remark,
        ref: { kind: 'adjust' },
        operatorId: ctx.userId,
      }),
    );
    return entryById(ctx.db, ctx.orgId, entry.id);
  } catch (err) {
    if (err instanceof AppError && err.detail.key === 'insufficientBalance') {
      const params = err.detail.params as { balance: number; amount: number };
      throw invalidParams('amount', 'insufficientBalance', params);
    }
    throw err;
  }
}
