import {
  CANCELLABLE_REGISTRATION,
  type CatalogueSession,
  ENDED_REGISTRATION,
  type MyTraining,
  pageOf,
  pageOffset,
  type RegistrationEvent,
  RegistrationStatus,
  type TrainingRegistration,
  TrainingSessionStatus,
  type zCatalogueRequest,
  type zSessionRegistrationsRequest,
} from '@lyceum/contract';
import { and, asc, count, desc, eq, gt, ilike, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { likePattern, type Values } from '../../platform/resource';
import { allows } from '../../platform/route';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { users } from '../user/user.table';
import {
  trainingProgrammes,
  trainingRegistrationEvents,
  trainingRegistrations,
  trainingSessions,
} from './training.table';
import { creditedHours } from './training-outcomes';
import { registrationOf } from './training-places';
import { decorateSessions } from './training-session-rows';

// What people read: a session's registrations (staff, the waitlist in order), the catalogue of
// open sessions with places left and the caller's own standing, the caller's registrations with
// their histories and their progress in each programme, and one registration's history.

const { Waitlisted } = RegistrationStatus;
const iso = (d: Date) => d.toISOString();

// Places on the waitlists of these sessions (1 = next), by registration id.
async function waitPositions(db: DbOrTx, orgId: number, sessionIds: number[]) {
  const out = new Map<number, number>();
  if (!sessionIds.length) return out;
  const rows = await db
    .select({ id: trainingRegistrations.id, sessionId: trainingRegistrations.sessionId })
    .from(trainingRegistrations)
    .where(
      inOrg(trainingRegistrations, orgId, [
        inArray(trainingRegistrations.sessionId, sessionIds),
        eq(trainingRegistrations.status, Waitlisted),
      ]),
    )
    .orderBy(asc(trainingRegistrations.waitSeq), asc(trainingRegistrations.id));
  const seen = new Map<number, number>();
  for (const r of rows) {
    const n = (seen.get(Number(r.sessionId)) ?? 0) + 1;
    seen.set(Number(r.sessionId), n);
    out.set(Number(r.id), n);
  }
  return out;
}

const registrationColumns = {
  id: trainingRegistrations.id,
  sessionId: trainingRegistrations.sessionId,
  userId: trainingRegistrations.userId,
  userName: users.userName,
  realName: users.realName,
  status: trainingRegistrations.status,
  hoursCredited: trainingRegistrations.hoursCredited,
  note: trainingRegistrations.note,
  createTime: trainingRegistrations.createTime,
  updateTime: trainingRegistrations.updateTime,
};

export async function registrationRows(db: DbOrTx, orgId: number, where: SQL | undefined, limit = 1000, offset = 0) {
  const rows = await db
    .select(registrationColumns)
    .from(trainingRegistrations)
    .innerJoin(users, sameOrg(users, trainingRegistrations, [eq(users.id, trainingRegistrations.userId)]))
    .where(and(eq(trainingRegistrations.organizationId, orgId), where))
    .orderBy(asc(trainingRegistrations.status), asc(trainingRegistrations.waitSeq), asc(trainingRegistrations.id))
    .limit(limit)
    .offset(offset);
  const positions = await waitPositions(db, orgId, [...new Set(rows.map((r) => Number(r.sessionId)))]);
  return rows.map(
    (r): TrainingRegistration => ({
      ...r,
      status: r.status as RegistrationStatus,
      position: positions.get(Number(r.id)) ?? null,
      createTime: iso(r.createTime),
      updateTime: iso(r.updateTime),
    }),
  );
}

export async function sessionRegistrations(
  ctx: RequestContext,
  sessionId: number,
  body: z.output<typeof zSessionRegistrationsRequest>,
) {
  const [session] = await ctx.db
    .select({ id: trainingSessions.id })
    .from(trainingSessions)
    .where(inOrg(trainingSessions, ctx.orgId, [eq(trainingSessions.id, sessionId)]));
  if (!session) throw notFound('Training session');
  const like = body.keyword ? likePattern(body.keyword) : null;
  const where = and(
    eq(trainingRegistrations.sessionId, sessionId),
    body.status ? eq(trainingRegistrations.status, body.status) : undefined,
    like ? or(ilike(users.userName, like), ilike(users.realName, like)) : undefined,
  );
  const [list, [total]] = await Promise.all([
    registrationRows(ctx.db, ctx.orgId, where, body.pageSize, pageOffset(body)),
    ctx.db
      .select({ n: count() })
      .from(trainingRegistrations)
      .innerJoin(users, sameOrg(users, trainingRegistrations, [eq(users.id, trainingRegistrations.userId)]))
      .where(and(eq(trainingRegistrations.organizationId, ctx.orgId), where)),
  ]);
  return pageOf(list, Number(total?.n ?? 0), body);
}

// The caller's live registrations of these sessions, by session.
async function mineOf(ctx: RequestContext, sessionIds: number[]) {
  if (!sessionIds.length) return new Map<number, TrainingRegistration>();
  const mine = await registrationRows(
    ctx.db,
    ctx.orgId,
    and(
      eq(trainingRegistrations.userId, ctx.userId),
      inArray(trainingRegistrations.sessionId, sessionIds),
      notInArray(trainingRegistrations.status, [...ENDED_REGISTRATION]),
    ),
  );
  return new Map(mine.map((r) => [r.sessionId, r]));
}

function asCatalogue(r: Values): Omit<CatalogueSession, 'bookable' | 'myRegistrationId' | 'myStatus' | 'myPosition'> {
  const when = (v: unknown) => (v instanceof Date ? iso(v) : (v as string));
  return {
    ...(r as unknown as CatalogueSession),
    startAt: when(r.startAt),
    endAt: when(r.endAt),
    bookingDeadline: r.bookingDeadline ? when(r.bookingDeadline) : null,
  };
}

// Open sessions still to start (the ones the caller is on stay listed while they last).
export async function catalogue(ctx: RequestContext, body: z.output<typeof zCatalogueRequest>) {
  const now = clock.date();
  const like = body.keyword ? likePattern(body.keyword) : null;
  const where = inOrg(trainingSessions, ctx.orgId, [
    eq(trainingSessions.status, TrainingSessionStatus.Open),
    gt(trainingSessions.startAt, now),
    body.programmeId ? eq(trainingSessions.programmeId, body.programmeId) : undefined,
    like ? ilike(trainingSessions.title, like) : undefined,
  ]);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(trainingSessions)
      .where(where)
      .orderBy(asc(trainingSessions.startAt), asc(trainingSessions.id))
      .limit(body.pageSize)
      .offset(pageOffset(body)),
    ctx.db.select({ n: count() }).from(trainingSessions).where(where),
  ]);
  const decorated = await decorateSessions(ctx.db, ctx.orgId, rows as Values[]);
  const mine = await mineOf(
    ctx,
    rows.map((r) => Number(r.id)),
  );
  const list = decorated.map((r): CatalogueSession => {
    const my = mine.get(Number(r.id));
    const closes = (r.bookingDeadline ?? r.startAt) as Date;
    return {
      ...asCatalogue(r),
      bookable: !my && now < closes,
      myRegistrationId: my?.id ?? null,
      myStatus: my?.status ?? null,
      myPosition: my?.position ?? null,
    };
  });
  return pageOf(list, Number(total?.n ?? 0), body);
}

const actor = alias(users, 'actor');
async function eventsOf(db: DbOrTx, orgId: number, registrationIds: number[]) {
  const out = new Map<number, RegistrationEvent[]>();
  if (!registrationIds.length) return out;
  const rows = await db
    .select({
      id: trainingRegistrationEvents.id,
      registrationId: trainingRegistrationEvents.registrationId,
      fromStatus: trainingRegistrationEvents.fromStatus,
      toStatus: trainingRegistrationEvents.toStatus,
      actorName: actor.realName,
      note: trainingRegistrationEvents.note,
      createTime: trainingRegistrationEvents.createTime,
    })
    .from(trainingRegistrationEvents)
    .leftJoin(actor, sameOrg(actor, trainingRegistrationEvents, [eq(actor.id, trainingRegistrationEvents.actorId)]))
    .where(
      inOrg(trainingRegistrationEvents, orgId, [inArray(trainingRegistrationEvents.registrationId, registrationIds)]),
    )
    .orderBy(asc(trainingRegistrationEvents.id));
  for (const { registrationId, ...e } of rows) {
    const list = out.get(Number(registrationId)) ?? [];
    list.push({
      ...e,
      fromStatus: e.fromStatus as RegistrationStatus | null,
      toStatus: e.toStatus as RegistrationStatus,
      createTime: iso(e.createTime),
    });
    out.set(Number(registrationId), list);
  }
  return out;
}

// One registration's history: the person's own, or staff with training:page.
export async function registrationHistory(ctx: RequestContext, id: number) {
  const reg = await registrationOf(ctx.db, ctx.orgId, id);
  if (reg.userId !== ctx.userId && !allows(ctx, ['training:page'])) throw notFound('Training registration');
  return (await eventsOf(ctx.db, ctx.orgId, [id])).get(id) ?? [];
}

export async function myTraining(ctx: RequestContext): Promise<MyTraining> {
  const regs = (await registrationRows(ctx.db, ctx.orgId, eq(trainingRegistrations.userId, ctx.userId), 500)).sort(
    (a, b) => b.id - a.id,
  );
  const sessionIds = [...new Set(regs.map((r) => r.sessionId))];
  const sessions = sessionIds.length
    ? await ctx.db
        .select()
        .from(trainingSessions)
        .where(inOrg(trainingSessions, ctx.orgId, [inArray(trainingSessions.id, sessionIds)]))
    : [];
  const decorated = new Map(
    (await decorateSessions(ctx.db, ctx.orgId, sessions as Values[])).map((s) => [Number(s.id), asCatalogue(s)]),
  );
  const events = await eventsOf(
    ctx.db,
    ctx.orgId,
    regs.map((r) => r.id),
  );
  const now = clock.date();
  const programmeIds = [...new Set(sessions.map((s) => Number(s.programmeId)))];
  const programmes = programmeIds.length
    ? await ctx.db
        .select({ id: trainingProgrammes.id, name: trainingProgrammes.name, hours: trainingProgrammes.hoursRequired })
        .from(trainingProgrammes)
        .where(inOrg(trainingProgrammes, ctx.orgId, [inArray(trainingProgrammes.id, programmeIds)]))
        .orderBy(desc(trainingProgrammes.id))
    : [];
  const progress = await Promise.all(
    programmes.map(async (p) => {
      const credited = (await creditedHours(ctx.db, ctx.orgId, Number(p.id), [ctx.userId])).get(ctx.userId) ?? 0;
      return {
        programmeId: Number(p.id),
        name: p.name,
        hoursRequired: p.hours,
        hoursCredited: credited,
        completed: credited >= p.hours,
      };
    }),
  );
  return {
    registrations: regs.flatMap((r) => {
      const session = decorated.get(r.sessionId);
      if (!session) return [];
      return [
        {
          ...r,
          session,
          events: events.get(r.id) ?? [],
          cancellable:
            CANCELLABLE_REGISTRATION.includes(r.status as RegistrationStatus) && now < new Date(session.startAt),
        },
      ];
    }),
    programmes: progress,
  };
}
