import { MessageAssociation, type SystemNotice } from '@lyceum/contract';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { inOrg } from '../../platform/tenant-sql';
import { sendNotice } from '../message/message-delivery';
import { users } from '../user/user.table';
import { audienceOf } from './live-audience';
import { liveClasses, liveClassTeachers } from './live-class.table';

// What follows a live class's changes: notices to the people it is for (its classes' students, its
// course's learners, its teachers) through Messages, and the listeners of its end.

type LiveNotice = Extract<SystemNotice, 'liveScheduled' | 'liveChanged' | 'liveCancelled' | 'liveRecordingReady'>;

// Its teachers' names, by name.
export async function teacherNamesOf(db: DbOrTx, orgId: number, liveClassId: number): Promise<string[]> {
  const rows = await db
    .select({ name: users.realName })
    .from(liveClassTeachers)
    .innerJoin(users, inOrg(users, orgId, [eq(users.id, liveClassTeachers.targetId)]))
    .where(inOrg(liveClassTeachers, orgId, [eq(liveClassTeachers.ownerId, liveClassId)]))
    .orderBy(users.realName);
  return rows.map((r) => r.name);
}

// One notice about the live class, in the caller's transaction: its title, start and teachers are
// filled in (`params` may add or replace: `reason`, `was`).
export async function notifyLive(
  tx: DbOrTx,
  orgId: number,
  liveClassId: number,
  kind: LiveNotice,
  params: Record<string, string | number> = {},
): Promise<number> {
  const [row] = await tx
    .select({ title: liveClasses.title, startsAt: liveClasses.startsAt })
    .from(liveClasses)
    .where(inOrg(liveClasses, orgId, [eq(liveClasses.id, liveClassId)]));
  if (!row) return 0;
  const teachers = await teacherNamesOf(tx, orgId, liveClassId);
  return sendNotice(tx, orgId, {
    kind,
    params: { name: row.title, start: row.startsAt.toISOString(), teacher: teachers.join(', '), ...params },
    about: { type: MessageAssociation.LiveClass, id: liveClassId },
    to: audienceOf(orgId, liveClassId),
  });
}

// Listeners of a live class's end (the join-log report of an external link, helper modules of the
// report), run inside the transaction that sets it Ended, whoever ends it: the end action, the
// sweep job or the provider's meeting-end callback.
type EndedListener = (tx: DbOrTx, orgId: number, liveClassId: number) => Promise<void>;
const endedListeners: EndedListener[] = [];

export function onLiveEnded(listener: EndedListener): void {
  if (!endedListeners.includes(listener)) endedListeners.push(listener);
}

export async function liveEnded(tx: DbOrTx, orgId: number, liveClassId: number): Promise<void> {
  for (const listener of endedListeners) await listener(tx, orgId, liveClassId);
}

// The names of live classes by id (refusals of the clash engine, the operation log).
export async function liveClassNames(db: DbOrTx, orgId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: liveClasses.id, title: liveClasses.title })
    .from(liveClasses)
    .where(inOrg(liveClasses, orgId, [inArray(liveClasses.id, ids)]));
  return new Map(found.map((r) => [r.id, r.title]));
}
