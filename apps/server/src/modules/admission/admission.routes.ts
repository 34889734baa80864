import { type AdmissionRound, type Application, api, type DuplicateFlag } from '@lyceum/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../platform/context';
import { invalidParams } from '../../platform/errors';
import { noteSubject, registerLabelReader } from '../../platform/operation-log';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { findRecordMatches } from '../student-record/student-record.service';
import { users } from '../user/user.table';
import { applicationDocuments, applicationEvents, applicationMessages, applications } from './admission.table';
import { admissionRoundResource } from './admission-round.resource';
import { applicationResource } from './application.resource';
import { enrolApplicant } from './application-enrol';
import { findDuplicates } from './application-forms';
import {
  documentsOf,
  messagesOf,
  openRounds,
  saveApplication,
  submitApplication,
  throttle,
  trackApplication,
  uploadDocument,
} from './application-public';
import { decideMany } from './application-steps';

// Admissions (issue 34): rounds and applications through the engine; the public form (round, save,
// submit, track, upload: throttled per address, the organisation by domain); the staff's detail,
// matches, bulk decision, note, document requests, messages and enrolment.

async function history(ctx: RequestContext, id: number) {
  const rows = await ctx.db
    .select({
      id: applicationEvents.id,
      fromStatus: applicationEvents.fromStatus,
      toStatus: applicationEvents.toStatus,
      actorId: applicationEvents.actorId,
      actorName: users.realName,
      note: applicationEvents.note,
      createTime: applicationEvents.createTime,
    })
    .from(applicationEvents)
    .leftJoin(
      users,
      and(eq(users.organizationId, applicationEvents.organizationId), eq(users.id, applicationEvents.actorId)),
    )
    .where(inOrg(applicationEvents, ctx.orgId, [eq(applicationEvents.applicationId, id)]))
    .orderBy(asc(applicationEvents.id));
  return rows.map((r) => ({ ...r, createTime: r.createTime.toISOString() }));
}

async function detail(ctx: RequestContext, id: number) {
  const row = (await applicationResource.readable(ctx, id)) as unknown as Application;
  const round = (await admissionRoundResource.get(ctx, row.roundId)) as unknown as AdmissionRound;
  return {
    ...row,
    events: await history(ctx, id),
    documents: await documentsOf(ctx.db, ctx.orgId, id),
    messages: await messagesOf(ctx.db, ctx.orgId, id),
    round: { id: round.id, name: round.name, teamId: round.teamId, extraFields: round.extraFields, quota: round.quota },
  };
}

// Live matches (the flags stored at submission may have grown since), with student numbers.
async function matches(ctx: RequestContext, id: number) {
  await applicationResource.readable(ctx, id);
  const [app] = await ctx.db
    .select()
    .from(applications)
    .where(inOrg(applications, ctx.orgId, [eq(applications.id, id)]));
  const flags: DuplicateFlag[] = app ? await findDuplicates(ctx.db, ctx.orgId, app) : [];
  const phones = ((app?.guardians ?? []) as { phone: string }[]).map((g) => g.phone);
  const students = app
    ? await findRecordMatches(ctx.db, ctx.orgId, {
        idNumber: app.idNumber,
        realName: app.realName,
        birthDate: app.birthDate,
        guardianPhones: phones,
      })
    : [];
  const no = new Map(students.map((s) => [s.userId, s.studentNo]));
  return { list: flags.map((f) => ({ ...f, studentNo: f.kind === 'student' ? (no.get(f.id) ?? null) : null })) };
}

async function applicationLabels(ctx: RequestContext, ids: number[]): Promise<string | null> {
  const rows = await ctx.db
    .select({ name: applications.realName })
    .from(applications)
    .where(inOrg(applications, ctx.orgId, [inArray(applications.id, ids)]));
  const names = rows.slice(0, 3).map((r) => r.name);
  if (!names.length) return null;
  return rows.length > 3 ? `${names.join(', ')} and ${rows.length - 3} more` : names.join(', ');
}

export function admissionRoutes(app: FastifyInstance) {
  registerResource(app, admissionRoundResource);
  registerResource(app, applicationResource);
  registerLabelReader('application', applicationLabels);
  const a = api.application;

  defineEndpoint(app, a.round, async ({ body, req }) => {
    await throttle(app.db, req.ip, 'form');
    return openRounds(app.db, body.domain);
  });
  defineEndpoint(app, a.save, async ({ body, req }) => {
    await throttle(app.db, req.ip, 'form');
    return saveApplication(app.db, body.domain, body);
  });
  defineEndpoint(app, a.submit, async ({ body, req }) => {
    await throttle(app.db, req.ip, 'form');
    return submitApplication(app.db, body.domain, body);
  });
  defineEndpoint(app, a.track, async ({ body, req }) => {
    await throttle(app.db, req.ip, 'track');
    return trackApplication(app.db, body.domain, body.trackingCode);
  });
  defineEndpoint(app, a.upload, async ({ query, req }) => {
    await throttle(app.db, req.ip, 'form');
    const header = req.headers['x-file-name'];
    let name = 'document';
    try {
      name = decodeURIComponent(typeof header === 'string' ? header : 'document');
    } catch {
      throw invalidParams('x-file-name', 'notUriEncoded');
    }
    return uploadDocument(app.db, app.storage, query, name, req.body);
  });

  defineEndpoint(app, a.detail, ({ ctx, params }) => detail(ctx, params.id));
  defineEndpoint(app, a.matches, ({ ctx, params }) => matches(ctx, params.id));
  defineEndpoint(app, a.decide, async ({ ctx, body, req }) => {
    noteSubject(req, { ids: body.ids });
    return { decided: await decideMany(ctx, body) };
  });
  defineEndpoint(app, a.note, async ({ ctx, params, body }) => {
    await applicationResource.readable(ctx, params.id);
    await ctx.db
      .update(applications)
      .set({ note: body.note, updateTime: new Date() })
      .where(inOrg(applications, ctx.orgId, [eq(applications.id, params.id)]));
    return (await applicationResource.readable(ctx, params.id)) as unknown as Application;
  });
  defineEndpoint(app, a.requestDocument, async ({ ctx, params, body }) => {
    await applicationResource.readable(ctx, params.id);
    const [doc] = await ctx.db
      .insert(applicationDocuments)
      .values({
        organizationId: ctx.orgId,
        applicationId: params.id,
        kind: body.kind,
        requested: true,
        requestNote: body.note,
      })
      .returning();
    return {
      ...doc!,
      fileId: null,
      name: null,
      size: null,
      kind: body.kind,
      createTime: doc!.createTime.toISOString(),
    };
  });
  defineEndpoint(app, a.message, async ({ ctx, params, body }) => {
    await applicationResource.readable(ctx, params.id);
    const [m] = await ctx.db
      .insert(applicationMessages)
      .values({ organizationId: ctx.orgId, applicationId: params.id, body: body.body, senderId: ctx.userId })
      .returning();
    return { id: m!.id, body: m!.body, createTime: m!.createTime.toISOString() };
  });
  defineEndpoint(app, a.enrol, async ({ ctx, params, body }) => enrolApplicant(ctx, params.id, body));
}
