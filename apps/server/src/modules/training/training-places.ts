import {
  isOperationAction,
  operationActionLabels,
  RegistrationStatus,
  registrationStatusLabels,
  SEAT_STATUSES,
  type SystemNotice,
} from '@lyceum/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx, Tx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { idsQuery, sendNotice } from '../message/message-delivery';
import { recordPersonEvent } from '../student-record/person-events';
import {
  trainingProgrammes,
  trainingRegistrationEvents,
  trainingRegistrations,
  trainingSessions,
} from './training.table';

// The places of a session: the session row is held (FOR UPDATE) by whoever counts or moves them, so
// bookings, cancellations, approvals and promotions of one session run one after another and each
// sees the places the one before left. Every status change is a compare-and-set on the
// registration's status, appended to its history and to the person's timeline in the same
// transaction.

const { Booked, Waitlisted } = RegistrationStatus;

export type HeldSession = {
  id: number;
  title: string;
  status: number;
  startAt: Date;
  endAt: Date;
  bookingDeadline: Date | null;
  capacity: number;
  hours: number;
  programmeId: number;
  requiresApproval: boolean;
};
export type RegistrationRow = typeof trainingRegistrations.$inferSelect;

// The session held until the transaction ends (its programme's approval rule beside it).
export async function holdSession(tx: Tx, orgId: number, sessionId: number): Promise<HeldSession> {
  const [s] = await tx
    .select({
      id: trainingSessions.id,
      title: trainingSessions.title,
      status: trainingSessions.status,
      startAt: trainingSessions.startAt,
      endAt: trainingSessions.endAt,
      bookingDeadline: trainingSessions.bookingDeadline,
      capacity: trainingSessions.capacity,
      hours: trainingSessions.hours,
      programmeId: trainingSessions.programmeId,
    })
    .from(trainingSessions)
    .where(inOrg(trainingSessions, orgId, [eq(trainingSessions.id, sessionId)]))
    .for('update');
  if (!s) throw notFound('Training session');
  const [p] = await tx
    .select({ requiresApproval: trainingProgrammes.requiresApproval })
    .from(trainingProgrammes)
    .where(inOrg(trainingProgrammes, orgId, [eq(trainingProgrammes.id, s.programmeId)]));
  return { ...s, requiresApproval: Boolean(p?.requiresApproval) };
}

export async function seatsTaken(db: DbOrTx, orgId: number, sessionId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trainingRegistrations)
    .where(
      inOrg(trainingRegistrations, orgId, [
        eq(trainingRegistrations.sessionId, sessionId),
        inArray(trainingRegistrations.status, [...SEAT_STATUSES]),
      ]),
    );
  return Number(row?.n ?? 0);
}

// The next place at the end of the waitlist (taken with the session held).
export async function nextWaitSeq(tx: Tx, orgId: number, sessionId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${trainingRegistrations.waitSeq}), 0) + 1`.mapWith(Number) })
    .from(trainingRegistrations)
    .where(inOrg(trainingRegistrations, orgId, [eq(trainingRegistrations.sessionId, sessionId)]));
  return row?.n ?? 1;
}

export async function appendEvent(
  tx: DbOrTx,
  orgId: number,
  reg: { id: number; userId: number },
  from: RegistrationStatus | null,
  to: RegistrationStatus,
  actorId: number | null,
  note: string | null = null,
): Promise<void> {
  await tx.insert(trainingRegistrationEvents).values({
    organizationId: orgId,
    registrationId: reg.id,
    fromStatus: from,
    toStatus: to,
    actorId,
    note,
  });
  const outcome = to >= RegistrationStatus.NoShow;
  await recordPersonEvent(tx, orgId, {
    userId: reg.userId,
    kind: outcome ? 'trainingOutcome' : 'trainingRegistration',
    refType: 'trainingRegistration',
    refId: reg.id,
    detail: { from, to, ...(note ? { note } : {}) },
    actorId,
  });
}

// "cannot approve a booked training registration", in both languages.
export function registrationTransition(action: string, status: number) {
  const label = registrationStatusLabels[status as RegistrationStatus];
  const state = label.en.toLowerCase();
  return invalidParams('status', 'transition', {
    action,
    a: /^[aeiou]/i.test(state) ? 'an' : 'a',
    state,
    entity: 'training registration',
    actionZh: isOperationAction(action) ? operationActionLabels[action].zh : action,
    stateZh: label.zh,
  });
}

// Moves a registration from the status it had to `to` (compare-and-set), with its history.
export async function moveRegistration(
  tx: Tx,
  orgId: number,
  reg: RegistrationRow,
  to: RegistrationStatus,
  actorId: number | null,
  o: { note?: string | null; waitSeq?: number | null; hoursCredited?: number | null; action?: string } = {},
): Promise<RegistrationRow> {
  const [moved] = await tx
    .update(trainingRegistrations)
    .set({
      status: to,
      waitSeq: o.waitSeq ?? null,
      ...(o.hoursCredited !== undefined ? { hoursCredited: o.hoursCredited } : {}),
      ...(o.note !== undefined ? { note: o.note } : {}),
      updateTime: clock.date(),
    })
    .where(
      inOrg(trainingRegistrations, orgId, [
        eq(trainingRegistrations.id, reg.id),
        eq(trainingRegistrations.status, reg.status),
      ]),
    )
    .returning();
  if (!moved) throw registrationTransition(o.action ?? 'update', reg.status);
  await appendEvent(tx, orgId, reg, reg.status as RegistrationStatus, to, actorId, o.note ?? null);
  return moved;
}

export async function tellPerson(
  tx: DbOrTx,
  orgId: number,
  userId: number,
  kind: SystemNotice,
  session: Pick<HeldSession, 'title' | 'startAt'>,
  params: Record<string, string | number> = {},
): Promise<void> {
  await sendNotice(tx, orgId, {
    kind,
    params: { name: session.title, start: session.startAt.toISOString(), ...params },
    to: idsQuery([userId]),
  });
}

export const stateParams = (status: RegistrationStatus) => ({
  state: registrationStatusLabels[status].en,
  stateZh: registrationStatusLabels[status].zh,
});

// Gives the free places to the waitlist in order (each told), with the session held. Answers how
// many moved up.
export async function promoteWaitlisted(
  tx: Tx,
  orgId: number,
  session: HeldSession,
  actorId: number | null,
): Promise<number> {
  const free = session.capacity - (await seatsTaken(tx, orgId, session.id));
  if (free <= 0) return 0;
  const next = await tx
    .select()
    .from(trainingRegistrations)
    .where(
      inOrg(trainingRegistrations, orgId, [
        eq(trainingRegistrations.sessionId, session.id),
        eq(trainingRegistrations.status, Waitlisted),
      ]),
    )
    .orderBy(asc(trainingRegistrations.waitSeq), asc(trainingRegistrations.id))
    .limit(free);
  for (const reg of next) {
    await moveRegistration(tx, orgId, reg, Booked, actorId, { note: 'A place freed up' });
    await tellPerson(tx, orgId, reg.userId, 'trainingPromoted', session);
  }
  return next.length;
}

// Places a registration that may take a place now (booked when one is free, else waitlisted).
export async function placeOrWait(tx: Tx, orgId: number, session: HeldSession) {
  const free = session.capacity - (await seatsTaken(tx, orgId, session.id));
  if (free > 0) return { status: Booked, waitSeq: null };
  return { status: Waitlisted, waitSeq: await nextWaitSeq(tx, orgId, session.id) };
}

// A registration of the organisation (any session), or "not found".
export async function registrationOf(db: DbOrTx, orgId: number, id: number): Promise<RegistrationRow> {
  const [reg] = await db
    .select()
    .from(trainingRegistrations)
    .where(and(inOrg(trainingRegistrations, orgId, [eq(trainingRegistrations.id, id)])));
  if (!reg) throw notFound('Training registration');
  return reg;
}
