import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { loginThrottle } from './auth.table';

// Failed logins slow down and then pause an account or an address: after `free` failures within
// the window, each further failure pauses logins for 1 s, 2 s, 4 s, ... up to 15 minutes.
// A browser that has logged in as the user before is exempt from the account pause (see login).
export const THROTTLE = {
  accountFree: 3,
  addressFree: 20,
  windowMs: 30 * 60_000,
  maxPauseMs: 15 * 60_000,
} as const;

export const accountKey = (orgId: number, userName: string) => `acct:${orgId}:${userName.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

// Seconds until each key may try again (0 = now).
export async function pausedFor(db: Db, keys: string[]): Promise<Map<string, number>> {
  const rows = await db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
  const now = Date.now();
  return new Map(
    rows.map((r) => [
      r.key,
      r.lockedUntil && r.lockedUntil.getTime() > now ? Math.ceil((r.lockedUntil.getTime() - now) / 1000) : 0,
    ]),
  );
}

export async function recordFailure(db: Db, key: string, free: number): Promise<void> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - THROTTLE.windowMs);
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, lastFailureTime: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.lastFailureTime} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
        lastFailureTime: now,
      },
    })
    .returning({ failures: loginThrottle.failures });
  const over = row.failures - free;
  if (over > 0) {
    const pause = Math.min(1000 * 2 ** (over - 1), THROTTLE.maxPauseMs);
    await db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(now.getTime() + pause) })
      .where(eq(loginThrottle.key, key));
  }
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
