import { trainingSessionActions, trainingSessionDecl, trainingSessionMeta } from '@lyceum/contract';
import { count, desc, eq, inArray } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { invalidParams } from '../../platform/errors';
import { createResource, fromDecl, implement, type Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { users } from '../user/user.table';
import {
  trainingCentres,
  trainingProgrammes,
  trainingRegistrations,
  trainingSessions,
  trainingSessionTrainers,
  trainingVenues,
} from './training.table';
import { cancelSessionRegistrations } from './training-booking';
import { holdSession, promoteWaitlisted, seatsTaken } from './training-places';
import { decorateSessions } from './training-session-rows';

// Training sessions (read with training:page, written with training:session): a programme's
// session at a centre (and one of its venues), its times, trainers, capacity, fee and hours. A new
// session is a draft; open, close, finish and cancel are its actions (a cancel cancels every live
// registration and tells each person). Capacity never drops below the places booked (the session
// held while counted); raised, the waitlist moves up at once.

export const trainingSessionResource = createResource({
  ...fromDecl(trainingSessionDecl),
  meta: trainingSessionMeta,
  table: trainingSessions,
  search: [trainingSessions.title],
  sort: {
    default: [desc(trainingSessions.startAt)],
    fields: {
      startAt: trainingSessions.startAt,
      title: trainingSessions.title,
      createTime: trainingSessions.createTime,
    },
  },
  references: {
    programmeId: { table: trainingProgrammes, label: 'training programme' },
    centreId: { table: trainingCentres, label: 'training centre' },
    venueId: { table: trainingVenues, label: 'venue' },
  },
  links: {
    trainerIds: {
      table: trainingSessionTrainers,
      owner: trainingSessionTrainers.ownerId,
      target: trainingSessionTrainers.targetId,
      ref: { table: users, label: 'trainer', labelColumn: 'realName' },
    },
  },
  usedBy: [
    {
      label: 'registrations',
      count: async (db, ctx, ids) => {
        const [row] = await db
          .select({ n: count() })
          .from(trainingRegistrations)
          .where(inOrg(trainingRegistrations, ctx.orgId, [inArray(trainingRegistrations.sessionId, ids)]));
        return Number(row?.n ?? 0);
      },
    },
  ],
  actions: {
    open: implement(trainingSessionActions.open),
    close: implement(trainingSessionActions.close),
    finish: implement(trainingSessionActions.finish),
    cancel: implement(trainingSessionActions.cancel, async (tx, row, input, ctx) => {
      await cancelSessionRegistrations(tx, ctx, Number(row.id), input.reason ?? '');
      return { updateTime: clock.date() };
    }),
  },
  hooks: {
    async validate(input, ctx) {
      if (input.venueId == null) return;
      const [venue] = await ctx.db
        .select({ centreId: trainingVenues.centreId })
        .from(trainingVenues)
        .where(inOrg(trainingVenues, ctx.orgId, [eq(trainingVenues.id, input.venueId)]));
      if (venue && Number(venue.centreId) !== input.centreId)
        throw invalidParams('venueId', 'noSuchReference', {
          entity: 'venue of this centre',
          ids: String(input.venueId),
        });
    },
    values: (input) => {
      const { startAt, endAt, bookingDeadline, ...rest } = input;
      return {
        ...rest,
        startAt: new Date(startAt),
        endAt: new Date(endAt),
        bookingDeadline: bookingDeadline ? new Date(bookingDeadline) : null,
        updateTime: clock.date(),
      } as Values;
    },
    // The session held while its places are counted, so no booking slips in between.
    async beforeWrite(tx, input, ctx, mode, current) {
      if (mode !== 'update' || !current) return;
      await holdSession(tx, ctx.orgId, Number(current.id));
      const booked = await seatsTaken(tx, ctx.orgId, Number(current.id));
      if (input.capacity < booked) throw invalidParams('capacity', 'trainingCapacityBelow', { booked });
    },
    async afterSave(tx, id, _input, ctx, mode) {
      if (mode === 'update') await promoteWaitlisted(tx, ctx.orgId, await holdSession(tx, ctx.orgId, id), ctx.userId);
    },
    decorate: (rows, ctx) => decorateSessions(ctx.db, ctx.orgId, rows),
  },
});
