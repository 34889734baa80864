import {
  CANCELLABLE_REGISTRATION,
  ENDED_REGISTRATION,
  RegistrationStatus,
  TrainingSessionStatus,
  trainingSessionStatusLabels,
  type zTrainingBook,
} from '@lyceum/contract';
import { eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { forbidden, invalidParams, notFound } from '../../platform/errors';
import { allows } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { users } from '../user/user.table';
import { trainingRegistrations } from './training.table';
import {
  appendEvent,
  type HeldSession,
  holdSession,
  moveRegistration,
  placeOrWait,
  promoteWaitlisted,
  type RegistrationRow,
  registrationOf,
  registrationTransition,
  stateParams,
  tellPerson,
} from './training-places';

// Booking, cancelling, approving and declining, each in one transaction with the session held
// (training-places.ts): twenty bookings at once for the last three places book three and waitlist
// seventeen in the order they took the session; a cancelled place goes to the first waitlisted.

const { Requested, Approved, Booked, Waitlisted, Declined, Cancelled } = RegistrationStatus;
const REGISTER = ['training:register'] as const;

type BookInput = z.output<typeof zTrainingBook>;

async function byRequestKey(ctx: RequestContext, userId: number, key: string | undefined) {
  if (!key) return null;
  const [hit] = await ctx.db
    .select({ id: trainingRegistrations.id })
    .from(trainingRegistrations)
    .where(
      inOrg(trainingRegistrations, ctx.orgId, [
        eq(trainingRegistrations.userId, userId),
        eq(trainingRegistrations.requestKey, key),
      ]),
    );
  return hit ? Number(hit.id) : null;
}

function checkBookable(session: HeldSession) {
  if (session.status !== TrainingSessionStatus.Open) {
    const label = trainingSessionStatusLabels[session.status as TrainingSessionStatus];
    throw invalidParams('id', 'trainingNotBookable', { state: label.en.toLowerCase(), stateZh: label.zh });
  }
  const closes = session.bookingDeadline ?? session.startAt;
  if (clock.date() >= closes) throw invalidParams('id', 'trainingDeadlinePassed');
}

async function bookOnce(tx: Tx, ctx: RequestContext, sessionId: number, userId: number, input: BookInput) {
  const session = await holdSession(tx, ctx.orgId, sessionId);
  checkBookable(session);
  const [live] = await tx
    .select({ status: trainingRegistrations.status })
    .from(trainingRegistrations)
    .where(
      inOrg(trainingRegistrations, ctx.orgId, [
        eq(trainingRegistrations.sessionId, sessionId),
        eq(trainingRegistrations.userId, userId),
        notInArray(trainingRegistrations.status, [...ENDED_REGISTRATION]),
      ]),
    );
  if (live) throw invalidParams('userId', 'trainingAlreadyRegistered', stateParams(live.status as RegistrationStatus));
  // Staff booking someone have decided: only a member's own request waits for approval.
  const asks = session.requiresApproval && userId === ctx.userId && !allows(ctx, REGISTER);
  const place = asks ? { status: Requested, waitSeq: null } : await placeOrWait(tx, ctx.orgId, session);
  const [reg] = await tx
    .insert(trainingRegistrations)
    .values({
      organizationId: ctx.orgId,
      sessionId,
      userId,
      status: place.status,
      waitSeq: place.waitSeq,
      requestKey: input.requestKey ?? null,
    })
    .returning();
  const made = reg!;
  await appendEvent(tx, ctx.orgId, made, null, place.status, ctx.userId);
  await tellPerson(tx, ctx.orgId, userId, 'trainingBooked', session, stateParams(place.status));
  return made.id;
}

// Answers the registration's id (the first one's for a repeated request key).
export async function book(ctx: RequestContext, sessionId: number, input: BookInput): Promise<number> {
  const userId = input.userId ?? ctx.userId;
  if (userId !== ctx.userId) {
    if (!allows(ctx, REGISTER)) throw forbidden();
    const [who] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(inOrg(users, ctx.orgId, [eq(users.id, userId)]));
    if (!who) throw invalidParams('userId', 'noSuchReference', { entity: 'user', ids: String(userId) });
  }
  const before = await byRequestKey(ctx, userId, input.requestKey);
  if (before) return before;
  try {
    return await ctx.db.transaction((tx) => bookOnce(tx, ctx, sessionId, userId, input));
  } catch (err) {
    const first = await byRequestKey(ctx, userId, input.requestKey);
    if (first) return first;
    throw err;
  }
}

// The person's own registration, or anyone's for training:register; others' are "not found".
async function reachable(ctx: RequestContext, id: number, staff: readonly string[] = REGISTER) {
  const reg = await registrationOf(ctx.db, ctx.orgId, id);
  if (reg.userId !== ctx.userId && !allows(ctx, staff as typeof REGISTER)) throw notFound('Training registration');
  return reg;
}

// Runs `move` with the registration's session held and the registration read again under it.
async function withSessionHeld<T>(
  ctx: RequestContext,
  id: number,
  move: (tx: Tx, session: HeldSession, reg: RegistrationRow) => Promise<T>,
): Promise<T> {
  const first = await reachable(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const session = await holdSession(tx, ctx.orgId, first.sessionId);
    return move(tx, session, await registrationOf(tx, ctx.orgId, id));
  });
}

export async function cancelRegistration(ctx: RequestContext, id: number, reason: string | null) {
  return withSessionHeld(ctx, id, async (tx, session, reg) => {
    const staff = allows(ctx, REGISTER);
    if (!CANCELLABLE_REGISTRATION.includes(reg.status as RegistrationStatus))
      throw registrationTransition('cancel', reg.status);
    // A member cancels until the session starts; staff until it is over.
    if (clock.date() >= (staff ? session.endAt : session.startAt)) throw registrationTransition('cancel', reg.status);
    const held = reg.status === Booked;
    await moveRegistration(tx, ctx.orgId, reg, Cancelled, ctx.userId, { note: reason, action: 'cancel' });
    if (reg.userId !== ctx.userId)
      await tellPerson(tx, ctx.orgId, reg.userId, 'trainingCancelled', session, { reason: reason ?? '' });
    if (held) await promoteWaitlisted(tx, ctx.orgId, session, ctx.userId);
    return reg.id;
  });
}

export async function approveRegistration(ctx: RequestContext, id: number) {
  return withSessionHeld(ctx, id, async (tx, session, reg) => {
    if (reg.status !== Requested) throw registrationTransition('approve', reg.status);
    const approved = await moveRegistration(tx, ctx.orgId, reg, Approved, ctx.userId, { action: 'approve' });
    const place = await placeOrWait(tx, ctx.orgId, session);
    await moveRegistration(tx, ctx.orgId, approved, place.status, ctx.userId, { waitSeq: place.waitSeq });
    await tellPerson(tx, ctx.orgId, reg.userId, 'trainingBooked', session, stateParams(place.status));
    return reg.id;
  });
}

export async function declineRegistration(ctx: RequestContext, id: number, reason: string) {
  return withSessionHeld(ctx, id, async (tx, session, reg) => {
    if (!([Requested, Approved, Waitlisted] as number[]).includes(reg.status))
      throw registrationTransition('decline', reg.status);
    await moveRegistration(tx, ctx.orgId, reg, Declined, ctx.userId, { note: reason, action: 'decline' });
    await tellPerson(tx, ctx.orgId, reg.userId, 'trainingBooked', session, { ...stateParams(Declined), reason });
    return reg.id;
  });
}

// A session cancelled (its action holds the row): every live registration is cancelled and told.
export async function cancelSessionRegistrations(tx: Tx, ctx: RequestContext, sessionId: number, reason: string) {
  const live = await tx
    .select()
    .from(trainingRegistrations)
    .where(inOrg(trainingRegistrations, ctx.orgId, [eq(trainingRegistrations.sessionId, sessionId)]));
  const session = await holdSession(tx, ctx.orgId, sessionId);
  for (const reg of live.filter((r) => CANCELLABLE_REGISTRATION.includes(r.status as RegistrationStatus))) {
    await moveRegistration(tx, ctx.orgId, reg, Cancelled, ctx.userId, { note: reason, action: 'cancel' });
    await tellPerson(tx, ctx.orgId, reg.userId, 'trainingCancelled', session, { reason });
  }
}
