import { SESSION_TTL_MS } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { bus } from '../../platform/bus';
import type { RequestContext } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db';
import { endStreams } from '../../platform/push';
import { users } from '../user/user.table';
import { sessions } from './auth.table';

// Sessions as a process remembers them (issue 29). Every request resolves its session; reading it
// from the database each time (a four-table join) and writing "last seen" back (a second commit)
// cost more than the exam day's answer save itself. So a process keeps what a lookup found for a
// few seconds, keyed by the token's hash, and writes "last seen" in batches.
//
// What ends or narrows a session reaches every process through the change bus when it commits
// (`sessionsChanged`): logout, a user disabled, deleted or given other roles, a password changed,
// an organisation disabled, a role switched. Anything else a session shows (a renamed user) is at
// most CACHE_MS old. While the bus listener is down nothing is cached (bus.trustCaches()).

// How long a lookup is trusted without asking the database again: what the bus does not announce
// (a renamed user) is at most this old.
const CACHE_MS = 10_000;
// A bound on memory: past it the oldest entries go first.
const MAX_ENTRIES = 100_000;
// A change naming more users than this drops the organisation's entries instead (bus payloads are small).
const MAX_NAMED_USERS = 200;
const TOPIC = 'sessions';
const TOUCH_FLUSH_MS = 1_000;

// What a request needs of its session, as the lookup found it.
export type SessionFacts = Pick<RequestContext, 'orgId' | 'domain' | 'userId' | 'userName' | 'realName' | 'roleId'> & {
  expireTime: number;
  lastSeen: number;
};

const cache = new Map<string, { facts: SessionFacts; readAt: number }>();
// Bumped by every drop: a lookup that started before a drop must not store what it read.
let generation = 0;

export function cachedSession(tokenHash: string, now: number): SessionFacts | null {
  if (!bus.trustCaches()) return null;
  const hit = cache.get(tokenHash);
  if (!hit) return null;
  if (now - hit.readAt <= CACHE_MS && hit.facts.expireTime > now) return hit.facts;
  cache.delete(tokenHash);
  return null;
}

// Call before the lookup's query; pass what it returned to keepSession.
export function lookupStarts(): number {
  return generation;
}

export function keepSession(tokenHash: string, facts: SessionFacts, startedAt: number, now: number): void {
  if (!bus.trustCaches() || startedAt !== generation) return;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(tokenHash, { facts, readAt: now });
}

// Drops this process's entries (tests that change sessions behind the server's back).
export function forgetSessions(): void {
  generation++;
  cache.clear();
}

function forget(p: { orgId?: unknown; userIds?: unknown; tokenHash?: unknown }): void {
  generation++;
  const orgId = Number(p.orgId);
  const tokenHash = typeof p.tokenHash === 'string' ? p.tokenHash : null;
  const named = typeof p.userIds === 'string' ? new Set(p.userIds.split(',').map(Number)) : null;
  // Event streams were checked when they opened: those of these sessions end too (platform/push.ts).
  endStreams({ orgId, userIds: named, tokenHash });
  if (tokenHash) {
    cache.delete(tokenHash);
    return;
  }
  for (const [hash, { facts }] of cache) {
    if (facts.orgId === orgId && (!named || named.has(facts.userId))) cache.delete(hash);
  }
}

bus.subscribe(TOPIC, forget);
bus.onReset(forgetSessions);

// Announces that sessions ended or changed: one (its token's hash), a user's, or an organisation's.
// Pass the transaction that makes the change, so other processes drop theirs when it commits.
export function sessionsChanged(
  db: DbOrTx,
  change: { orgId: number; userIds?: number[]; tokenHash?: string },
): Promise<void> {
  const { orgId, userIds, tokenHash } = change;
  if (tokenHash) return bus.publish(db, TOPIC, { orgId, tokenHash });
  const named = userIds && userIds.length <= MAX_NAMED_USERS ? userIds.join(',') : null;
  return bus.publish(db, TOPIC, named ? { orgId, userIds: named } : { orgId });
}

// ---- "last seen", in batches ----

// Sessions slide their expiry forward when used (at most once a minute each); the writes wait here
// and go out together, one statement and one commit a second for the whole process.
const pending = new Map<Db, Map<string, { orgId: number; userId: number; at: number }>>();
let timer: NodeJS.Timeout | null = null;
let flushing: Promise<void> = Promise.resolve();

export function touchLater(db: Db, tokenHash: string, facts: SessionFacts, now: number): void {
  const forDb = pending.get(db) ?? new Map();
  pending.set(db, forDb);
  forDb.set(tokenHash, { orgId: facts.orgId, userId: facts.userId, at: now });
  timer ??= setTimeout(() => void flushTouches(), TOUCH_FLUSH_MS).unref();
}

// Writes what is waiting (the timer, an app closing, a test that reads last seen).
export function flushTouches(onError: (err: unknown) => void = reportTouchError): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const batches = [...pending];
  pending.clear();
  flushing = flushing.then(async () => {
    for (const [db, touches] of batches) {
      await writeTouches(db, [...touches]).catch(onError);
    }
  });
  return flushing;
}

function reportTouchError(err: unknown): void {
  console.error(`session last-seen write failed: ${(err as Error).message}`);
}

// Kept raw: a batch of (token, time) pairs joined into two updates in one statement.
async function writeTouches(db: Db, touches: [string, { orgId: number; userId: number; at: number }][]) {
  const batch = JSON.stringify(touches.map(([h, t]) => ({ h, at: new Date(t.at).toISOString() })));
  await db.execute(sql`with v as (select * from jsonb_to_recordset(${batch}::jsonb) as v(h text, at timestamptz)),
      s as (update ${sessions} set last_seen_time = v.at,
          expire_time = greatest(${sessions.expireTime}, v.at + ${SESSION_TTL_MS} * interval '1 millisecond')
        from v where ${sessions.tokenHash} = v.h
        returning ${sessions.organizationId} as organization_id, ${sessions.userId} as user_id, v.at)
    update ${users} set last_active_time = t.at
    from (select organization_id, user_id, max(at) as at from s group by organization_id, user_id) t
    where ${users.organizationId} = t.organization_id and ${users.id} = t.user_id`);
}
