import { eq, sql } from 'drizzle-orm';
import { sha256 } from '../../platform/crypto';
import type { Db, DbOrTx } from '../../platform/db';
import { loginThrottle } from './auth.table';

// Login attempts are counted per key BEFORE the password is checked, by one statement that both
// records and decides, so a burst of parallel guesses cannot all be evaluated: within `windowMs`,
// the first `free` attempts on a key are evaluated, the next one starts a pause, and while a pause
// runs nothing is evaluated. Each pause that elapses lets one attempt through, which sets the next,
// doubled pause (from `firstPauseMs` up to the key's cap).
// - address (`ip:`): 100 free, pauses up to 15 minutes (a school lab logs in behind one address all
//   at once on exam morning: attempts in flight count until they succeed);
// - account (`acct:`, browsers without this user's device cookie, unknown user names included so
//   guessing does not reveal which names exist): 5 free, pauses capped at 60 s, so a guesser can
//   only ever keep a real user on a new browser waiting a minute;
// - device (`dev:`, a browser with a valid device cookie for the user): exempt from the two keys
//   above, so nobody else's guessing pauses a real user on a known browser, but counted on its own
//   key (10 free, pauses up to 15 minutes) so a stolen device cookie cannot brute-force either.
// The first pause is 5 s rather than 1 s so that a burst is still arriving while it runs.
export const THROTTLE = {
  windowMs: 30 * 60_000,
  firstPauseMs: 5_000,
  addressFree: 100,
  maxPauseMs: 15 * 60_000,
  accountFree: 5,
  accountMaxPauseMs: 60_000,
  deviceFree: 10,
  deviceMaxPauseMs: 15 * 60_000,
} as const;

export interface ThrottleRule {
  free: number;
  maxPauseMs: number;
}

export const ADDRESS_RULE: ThrottleRule = { free: THROTTLE.addressFree, maxPauseMs: THROTTLE.maxPauseMs };
export const ACCOUNT_RULE: ThrottleRule = { free: THROTTLE.accountFree, maxPauseMs: THROTTLE.accountMaxPauseMs };
export const DEVICE_RULE: ThrottleRule = { free: THROTTLE.deviceFree, maxPauseMs: THROTTLE.deviceMaxPauseMs };

export const accountKey = (orgId: number, userName: string) => `acct:${orgId}:${userName.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;
// Hashed, so the table never holds a usable device token.
export const deviceKey = (deviceToken: string) => `dev:${sha256(deviceToken)}`;

export type Admission = { allowed: true } | { allowed: false; waitSeconds: number; pauseStarted: boolean };

const waitSeconds = (until: Date | null, now: number) =>
  // At least 1: a pause that ends between our two reads still refused this attempt.
  Math.max(1, Math.ceil(((until?.getTime() ?? now) - now) / 1000));

// Counts one attempt on `key` and says whether its password may be checked. One row update per
// key decides and records at once: on PostgreSQL, parallel statements on a key queue on the row
// lock and each re-reads the latest version (READ COMMITTED ON CONFLICT DO UPDATE), and on PGlite
// statements run one at a time, so N parallel attempts always see counts 1..N.
export async function admit(db: Db, key: string, rule: ThrottleRule): Promise<Admission> {
  const now = Date.now();
  const nowTs = new Date(now).toISOString();
  const windowStart = new Date(now - THROTTLE.windowMs).toISOString();
  const t = loginThrottle;
  // The count this attempt makes; a quiet window starts the count again.
  const count = sql`(case when ${t.lastFailureTime} < ${windowStart}::timestamptz then 1 else ${t.failures} + 1 end)`;
  // The exponent is capped so that a counter kept high for days cannot overflow the power.
  const pauseMs = sql`least(${THROTTLE.firstPauseMs}::float8 * power(2, least(${count} - ${rule.free}::int - 1, 20)), ${rule.maxPauseMs}::float8)`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, lastFailureTime: new Date(now), lockedUntil: null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: count,
        lastFailureTime: new Date(now),
        lockedUntil: sql`case when ${count} > ${rule.free}::int then ${nowTs}::timestamptz + ${pauseMs} * interval '1 millisecond' end`,
      },
      // While a pause runs the row is left alone and nothing comes back: refused, not counted.
      setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= ${nowTs}::timestamptz`,
    })
    .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
  if (!row) {
    const [paused] = await db.select({ lockedUntil: t.lockedUntil }).from(t).where(eq(t.key, key));
    return { allowed: false, waitSeconds: waitSeconds(paused?.lockedUntil ?? null, now), pauseStarted: false };
  }
  // This attempt is the one that crossed the threshold: it starts the pause and is refused, so a
  // burst has exactly `free` attempts evaluated. Above that, a pause had elapsed: one goes through.
  if (row.failures === rule.free + 1) {
    return { allowed: false, waitSeconds: waitSeconds(row.lockedUntil, now), pauseStarted: true };
  }
  return { allowed: true };
}

// A successful login ends the counting on a key it owns (account, device).
export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

// A successful login gives its attempt back on a shared key (an address: a school behind one NAT),
// so only failures add up there; a running pause is left to run out.
export async function releaseAttempt(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}
