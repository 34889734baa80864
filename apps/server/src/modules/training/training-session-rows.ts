import { RegistrationStatus, SEAT_STATUSES } from '@lyceum/contract';
import { count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { Values } from '../../platform/resource';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { orgCurrency } from '../system-config/system-config.service';
import { users } from '../user/user.table';
import {
  trainingCentres,
  trainingProgrammes,
  trainingRegistrations,
  trainingSessionTrainers,
  trainingVenues,
} from './training.table';

// A session as lists show it: its programme, centre and venue by name, its trainers' names, the
// places held, waiting and asked for, what is left, and the organisation's currency for its fee.

const ids = (rows: Values[], key: string) => [
  ...new Set(rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number')),
];
const named = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [Number(x.id), x]));

export async function decorateSessions(db: DbOrTx, orgId: number, rows: Values[]): Promise<Values[]> {
  if (!rows.length) return rows;
  const sessionIds = ids(rows, 'id');
  const [programmes, centres, venues, counts, trainers, currency] = await Promise.all([
    db
      .select({
        id: trainingProgrammes.id,
        name: trainingProgrammes.name,
        approval: trainingProgrammes.requiresApproval,
      })
      .from(trainingProgrammes)
      .where(inOrg(trainingProgrammes, orgId, [inArray(trainingProgrammes.id, ids(rows, 'programmeId'))])),
    db
      .select({ id: trainingCentres.id, name: trainingCentres.name, address: trainingCentres.address })
      .from(trainingCentres)
      .where(inOrg(trainingCentres, orgId, [inArray(trainingCentres.id, ids(rows, 'centreId'))])),
    db
      .select({ id: trainingVenues.id, name: trainingVenues.name })
      .from(trainingVenues)
      .where(inOrg(trainingVenues, orgId, [inArray(trainingVenues.id, [0, ...ids(rows, 'venueId')])])),
    db
      .select({ sessionId: trainingRegistrations.sessionId, status: trainingRegistrations.status, n: count() })
      .from(trainingRegistrations)
      .where(inOrg(trainingRegistrations, orgId, [inArray(trainingRegistrations.sessionId, sessionIds)]))
      .groupBy(trainingRegistrations.sessionId, trainingRegistrations.status),
    db
      .select({ sessionId: trainingSessionTrainers.ownerId, id: users.id, name: users.realName })
      .from(trainingSessionTrainers)
      .innerJoin(users, sameOrg(users, trainingSessionTrainers, [eq(users.id, trainingSessionTrainers.targetId)]))
      .where(inOrg(trainingSessionTrainers, orgId, [inArray(trainingSessionTrainers.ownerId, sessionIds)])),
    orgCurrency(db, orgId),
  ]);
  const programme = named(programmes);
  const centre = named(centres);
  const venue = named(venues);
  const tally = new Map<number, { booked: number; waitlisted: number; requested: number }>();
  for (const c of counts) {
    const t = tally.get(Number(c.sessionId)) ?? { booked: 0, waitlisted: 0, requested: 0 };
    const n = Number(c.n);
    if (SEAT_STATUSES.includes(c.status as RegistrationStatus)) t.booked += n;
    else if (c.status === RegistrationStatus.Waitlisted) t.waitlisted += n;
    else if (c.status === RegistrationStatus.Requested || c.status === RegistrationStatus.Approved) t.requested += n;
    tally.set(Number(c.sessionId), t);
  }
  const trainerNames = new Map<number, string[]>();
  for (const t of trainers)
    trainerNames.set(Number(t.sessionId), [...(trainerNames.get(Number(t.sessionId)) ?? []), t.name]);
  return rows.map((r) => {
    const t = tally.get(Number(r.id)) ?? { booked: 0, waitlisted: 0, requested: 0 };
    const p = programme.get(Number(r.programmeId));
    const c = centre.get(Number(r.centreId));
    return {
      ...r,
      programmeName: p?.name ?? '',
      requiresApproval: Boolean(p?.approval),
      centreName: c?.name ?? '',
      centreAddress: c?.address ?? null,
      venueName: r.venueId == null ? null : (venue.get(Number(r.venueId))?.name ?? null),
      trainerNames: trainerNames.get(Number(r.id)) ?? [],
      currency,
      ...t,
      seatsLeft: Math.max(0, Number(r.capacity) - t.booked),
    };
  });
}
