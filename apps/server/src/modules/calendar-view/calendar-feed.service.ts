import { CALENDAR_TOKEN, type CalendarFeedState, OrganizationStatus, UserStatus } from '@lyceum/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { randomToken, sha256 } from '../../platform/crypto';
import type { DbOrTx } from '../../platform/db';
import { organizations } from '../../platform/organizations.table';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { calendarFeeds } from '../timetable/timetable.table';
import { users } from '../user/user.table';

// The personal calendar feed (issue 31): one secret address per user, kept only as its SHA-256
// (a stolen database gives no working address). Making a new one replaces the old in one statement;
// revoking deletes the row, so a revoked and an unknown address are the same: not found.

// How often the feed's "last read" is written at most (a phone reads it every hour or so).
const TOUCH_EVERY_MS = 5 * 60_000;

export async function feedState(db: DbOrTx, orgId: number, userId: number): Promise<CalendarFeedState> {
  const [row] = await db
    .select({ createTime: calendarFeeds.createTime, lastReadAt: calendarFeeds.lastReadAt })
    .from(calendarFeeds)
    .where(inOrg(calendarFeeds, orgId, [eq(calendarFeeds.userId, userId)]));
  return {
    active: Boolean(row),
    createTime: row?.createTime.toISOString() ?? null,
    lastReadAt: row?.lastReadAt?.toISOString() ?? null,
  };
}

// A new secret for the user's feed: any earlier address stops working at once. Two at the same time
// leave one row (the user's key), the later secret in it.
export async function createFeed(db: DbOrTx, orgId: number, userId: number, now: Date) {
  const token = randomToken(32);
  const [row] = await db
    .insert(calendarFeeds)
    .values({ organizationId: orgId, userId, tokenHash: sha256(token), createTime: now })
    .onConflictDoUpdate({
      target: [calendarFeeds.organizationId, calendarFeeds.userId],
      set: { tokenHash: sha256(token), createTime: now, lastReadAt: null },
    })
    .returning({ createTime: calendarFeeds.createTime });
  const state: CalendarFeedState = { active: true, createTime: row!.createTime.toISOString(), lastReadAt: null };
  return { token, state };
}

export async function revokeFeed(db: DbOrTx, orgId: number, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(inOrg(calendarFeeds, orgId, [eq(calendarFeeds.userId, userId)]));
}

export interface FeedOwner {
  feedId: number;
  orgId: number;
  userId: number;
  realName: string;
  domain: string;
  school: string;
}

// Whose feed an address is: a well-formed secret whose hash is on file, of an enabled user of an
// enabled organisation; anything else is null. A malformed secret costs no query; a wrong one, one
// lookup by a unique index.
export async function feedOwner(db: DbOrTx, token: string, now: Date): Promise<FeedOwner | null> {
  if (!CALENDAR_TOKEN.test(token)) return null;
  const [row] = await db
    .select({
      feedId: calendarFeeds.id,
      orgId: calendarFeeds.organizationId,
      userId: calendarFeeds.userId,
      realName: users.realName,
      domain: organizations.domain,
      school: organizations.name,
    })
    .from(calendarFeeds)
    .innerJoin(users, sameOrg(users, calendarFeeds, [eq(users.id, calendarFeeds.userId)]))
    .innerJoin(organizations, eq(organizations.id, calendarFeeds.organizationId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, sha256(token)),
        eq(users.status, UserStatus.Enabled),
        eq(organizations.status, OrganizationStatus.Enabled),
      ),
    );
  if (!row) return null;
  // "Last read" for the profile card, written at most every few minutes.
  await db
    .update(calendarFeeds)
    .set({ lastReadAt: now })
    .where(
      and(
        inOrg(calendarFeeds, row.orgId, [eq(calendarFeeds.id, row.feedId)]),
        or(isNull(calendarFeeds.lastReadAt), lt(calendarFeeds.lastReadAt, new Date(now.getTime() - TOUCH_EVERY_MS))),
      ),
    );
  return row;
}
