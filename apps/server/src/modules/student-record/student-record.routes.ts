import { api, type StatusChange, type StudentRecord } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { createMissing, editRecord, myRecord, staffTimeline, timelineOf } from './record-edit';
import { applyDueChanges, approveChange, cancelChange, rejectChange, requestChange } from './status-change';
import { statusChangeResource, studentRecordResource } from './student-record.resource';

// Student records (issue 34): records and status changes read through the engine, edits, records
// for students without one, the status changes' verbs, timelines, and the student's own record.

export const STATUS_CHANGE_JOB = 'statusChange.applyDue';

export function studentRecordRoutes(app: FastifyInstance) {
  registerResource(app, studentRecordResource);
  registerResource(app, statusChangeResource);
  const r = api.studentRecord;
  defineEndpoint(
    app,
    r.edit,
    async ({ ctx, params, body }) => (await editRecord(ctx, params.id, body)) as StudentRecord,
  );
  defineEndpoint(app, r.createMissing, ({ ctx, body }) => createMissing(ctx, body));
  defineEndpoint(app, r.timeline, ({ ctx, params }) => staffTimeline(ctx, params.id));
  defineEndpoint(app, r.myTimeline, ({ ctx }) => timelineOf(ctx.db, ctx.orgId, ctx.userId));
  defineEndpoint(app, r.my, ({ ctx }) => myRecord(ctx));
  const s = api.statusChange;
  const changeOf = async (ctx: RequestContext, id: number) => (await statusChangeResource.get(ctx, id)) as StatusChange;
  defineEndpoint(app, s.request, async ({ ctx, body }) => changeOf(ctx, await requestChange(ctx, body)));
  defineEndpoint(app, s.approve, async ({ ctx, params, body }) => {
    await approveChange(ctx, params.id, body.note);
    return changeOf(ctx, params.id);
  });
  defineEndpoint(app, s.reject, async ({ ctx, params, body }) => {
    await rejectChange(ctx, params.id, body.note);
    return changeOf(ctx, params.id);
  });
  defineEndpoint(app, s.cancel, async ({ ctx, params, body }) => {
    await cancelChange(ctx, params.id, body.note);
    return changeOf(ctx, params.id);
  });
}

// Approved changes whose date has come, every 15 minutes (each applied once: approved → applied).
export function registerStudentRecordJobs(runner: JobRunner, db: Db): void {
  runner.register(STATUS_CHANGE_JOB, { run: async () => ({ applied: await applyDueChanges(db) }) });
  runner.every(STATUS_CHANGE_JOB, 15 * 60_000);
}
