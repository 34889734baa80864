import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './db';
import { idempotencyKeys } from './idempotency.table';

// Runs `work` once per (organisation, scope, key) and returns its first answer to every later or
// concurrent call with the same key (issue 28). The key's row is written first, in the transaction
// of the work: a second call with the same key waits on it (the unique key), then reads the answer
// the first one committed; if the first rolled back, the second does the work itself.
export async function once<T>(
  db: Db,
  at: { orgId: number; scope: string; key: string },
  work: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  const where = and(
    eq(idempotencyKeys.organizationId, at.orgId),
    eq(idempotencyKeys.scope, at.scope),
    eq(idempotencyKeys.key, at.key),
  );
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ organizationId: at.orgId, scope: at.scope, key: at.key, response: sql`'null'::jsonb` })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed) return { done: false as const };
      const answer = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ response: sql`${JSON.stringify(answer ?? null)}::jsonb` })
        .where(where);
      return { done: true as const, answer };
    });
    if (outcome.done) return outcome.answer;
    const [first] = await db.select({ response: idempotencyKeys.response }).from(idempotencyKeys).where(where);
    // Committed by the first call: its answer. Gone: the first call rolled back, so this one works.
    if (first) return first.response as T;
  }
}
