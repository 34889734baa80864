import { api, type TrainingRegistration } from '@lyceum/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../platform/context';
import { noteSubject, registerLabelReader } from '../../platform/operation-log';
import { MAX_EXPORT_ROWS, requestLang } from '../../platform/resource-io';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint, defineFileEndpoint } from '../../platform/route';
import { trainingRegistrations } from './training.table';
import { approveRegistration, book, cancelRegistration, declineRegistration } from './training-booking';
import { trainingCentreResource } from './training-centre.resource';
import { registrationSheet } from './training-export';
import { recordOutcomes } from './training-outcomes';
import { trainingProgrammeResource } from './training-programme.resource';
import { catalogue, myTraining, registrationHistory, registrationRows, sessionRegistrations } from './training-reads';
import { trainingSessionResource } from './training-session.resource';

// Training (issue 34): centres, programmes and sessions through the engine; bookings by members
// (themselves) and by staff with training:register (anyone), cancellations, approvals, declines,
// outcomes and hours, the member's catalogue and own registrations, and the Excel export.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function registrationAnswer(ctx: RequestContext, id: number): Promise<TrainingRegistration> {
  const [row] = await registrationRows(ctx.db, ctx.orgId, eq(trainingRegistrations.id, id));
  return row!;
}

// "Sam Student (s2026001)" for the operation log.
async function registrationLabels(ctx: RequestContext, ids: number[]): Promise<string | null> {
  const rows = await registrationRows(ctx.db, ctx.orgId, inArray(trainingRegistrations.id, ids), 4);
  const names = rows.slice(0, 3).map((r) => `${r.realName} (${r.userName})`);
  if (!names.length) return null;
  return rows.length > 3 ? `${names.join(', ')} and more` : names.join(', ');
}

export function trainingRoutes(app: FastifyInstance) {
  registerResource(app, trainingCentreResource);
  registerResource(app, trainingProgrammeResource);
  registerResource(app, trainingSessionResource);
  registerLabelReader('trainingRegistration', registrationLabels);
  const s = api.trainingSession;
  const r = api.trainingRegistration;
  defineEndpoint(app, s.book, async ({ ctx, params, body, req }) => {
    const registration = await registrationAnswer(ctx, await book(ctx, params.id, body));
    const [session] = await trainingSessionResource.plainMany(ctx, [params.id]);
    noteSubject(req, { ids: [params.id], label: `${String(session?.title ?? '')}: ${registration.realName}` });
    return { registration };
  });
  defineEndpoint(app, s.catalogue, ({ ctx, body }) => catalogue(ctx, body));
  defineEndpoint(app, s.registrations, async ({ ctx, params, body }) => {
    await trainingSessionResource.readable(ctx, params.id);
    return sessionRegistrations(ctx, params.id, body);
  });
  defineEndpoint(app, r.my, ({ ctx }) => myTraining(ctx));
  defineEndpoint(app, r.cancel, async ({ ctx, params, body }) =>
    registrationAnswer(ctx, await cancelRegistration(ctx, params.id, body.reason ?? null)),
  );
  defineEndpoint(app, r.approve, async ({ ctx, params }) =>
    registrationAnswer(ctx, await approveRegistration(ctx, params.id)),
  );
  defineEndpoint(app, r.decline, async ({ ctx, params, body }) =>
    registrationAnswer(ctx, await declineRegistration(ctx, params.id, body.reason)),
  );
  defineEndpoint(app, r.outcomes, async ({ ctx, body, req }) => {
    const done = await recordOutcomes(ctx, body);
    const [session] = await trainingSessionResource.plainMany(ctx, [body.sessionId]);
    noteSubject(req, {
      ids: body.items.map((i) => i.registrationId),
      label: `${String(session?.title ?? '')}: ${done.recorded}`,
    });
    return done;
  });
  defineEndpoint(app, r.history, ({ ctx, params }) => registrationHistory(ctx, params.id));
  defineFileEndpoint(
    app,
    r.export,
    async ({ ctx, body, req }) => {
      const { filename, sheet } = await registrationSheet(ctx, body, requestLang(req), MAX_EXPORT_ROWS);
      return { filename, contentType: XLSX, body: sheet };
    },
    { audited: true },
  );
}
