import { LiveClassStatus, LiveProviderKind } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import type { Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { bbbProvider } from './bbb/bbb-client';
import { accountFor } from './live-accounts';
import { bookLive, unbookLive } from './live-bookings';
import { liveClasses } from './live-class.table';
import { liveEnded, notifyLive } from './live-events';

// The live class's transitions (the engine loads and locks the row in the caller's scope, checks
// the state it starts from and writes the new one, all in one transaction): publish books its
// people and tells them; cancel gives the time back and tells them; end closes the meeting.

const orgOf = (row: Values) => Number(row.organizationId);
const idOf = (row: Values) => Number(row.id);

// The meeting on BigBlueButton ended, best effort: the server may be unreachable or the meeting
// long gone, and ending it in Lyceum must not wait on that (the server ends an empty meeting too).
async function endMeeting(tx: Tx, row: Values): Promise<void> {
  if (row.providerKind !== LiveProviderKind.BigBlueButton) return;
  try {
    const account = await accountFor(tx, orgOf(row), (row.providerId as number | null) ?? null);
    await bbbProvider.endMeeting(account, String(row.meetingId), String(row.moderatorPw));
  } catch (err) {
    console.warn(`live class ${idOf(row)}: ending the meeting failed: ${(err as Error).message}`);
  }
}

export async function publishLive(tx: Tx, row: Values, _input: unknown, ctx: RequestContext): Promise<Values> {
  if (new Date(row.endsAt as Date) <= clock.date()) throw invalidParams('endsAt', 'liveOver');
  // A BigBlueButton class needs a server to run on: say so now rather than at the first join.
  if (row.providerKind === LiveProviderKind.BigBlueButton)
    await accountFor(tx, ctx.orgId, (row.providerId as number | null) ?? null);
  await bookLive(tx, ctx.orgId, idOf(row));
  // The state is written after `run`: the notice reads the class as it is, whatever its state.
  await notifyLive(tx, ctx.orgId, idOf(row), 'liveScheduled');
  return { updateTime: clock.date() };
}

export async function cancelLive(tx: Tx, row: Values, input: { reason?: string | null }): Promise<Values> {
  const orgId = orgOf(row);
  await unbookLive(tx, orgId, idOf(row));
  // A draft was never announced; a scheduled or running one was.
  if (row.status !== LiveClassStatus.Draft)
    await notifyLive(tx, orgId, idOf(row), 'liveCancelled', { reason: input.reason ?? '' });
  if (row.status === LiveClassStatus.Live) await endMeeting(tx, row);
  return { cancelReason: input.reason || null, updateTime: clock.date() };
}

export async function endLive(tx: Tx, row: Values): Promise<Values> {
  const orgId = orgOf(row);
  const now = clock.date();
  await endMeeting(tx, row);
  // The time it took stays booked; what is left of it is given back (nothing, ended before it began).
  const startsAt = new Date(row.startsAt as Date);
  const endsAt = new Date(row.endsAt as Date);
  if (now <= startsAt) await unbookLive(tx, orgId, idOf(row));
  else if (now < endsAt) await bookLive(tx, orgId, idOf(row), { startsAt, endsAt: now });
  // Ended before the listeners run (they read the class as ended: its end time, its join log).
  await tx
    .update(liveClasses)
    .set({ status: LiveClassStatus.Ended, endedAt: now, updateTime: now })
    .where(inOrg(liveClasses, orgId, [eq(liveClasses.id, idOf(row))]));
  await liveEnded(tx, orgId, idOf(row));
  return { endedAt: now, updateTime: now };
}
