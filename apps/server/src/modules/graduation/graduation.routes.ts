import { api } from '@lyceum/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../platform/context';
import { recordLabel, registerLabelReader } from '../../platform/operation-log';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { degreeAwardResource } from './degree-award.resource';
import { graduationBatches } from './graduation.table';
import { auditStudent } from './graduation-audit';
import { graduationBatchResource } from './graduation-batch.resource';
import { addStudents, batchStudents, decideStudents, refreshAudits, removeStudents } from './graduation-batch-students';
import { graduationRequirementResource } from './graduation-requirement.resource';

// Graduation and degrees (issue 34): requirement sets, batches and awards through the engine; the
// audit (staff: any student of the organisation; a student: their own, with a what-if) and a
// batch's students (added, audited again, decided, taken out) by hand.

// "Class of 2026, Bachelor" for the operation log of /api/graduation/{verb}/:id.
async function batchLabels(ctx: RequestContext, ids: number[]): Promise<string | null> {
  const rows = await ctx.db
    .select({ name: graduationBatches.name })
    .from(graduationBatches)
    .where(and(eq(graduationBatches.organizationId, ctx.orgId), inArray(graduationBatches.id, ids)));
  return recordLabel(rows);
}

export function graduationRoutes(app: FastifyInstance) {
  registerResource(app, graduationRequirementResource);
  registerResource(app, graduationBatchResource);
  registerResource(app, degreeAwardResource);
  registerLabelReader('graduation', batchLabels);
  const g = api.graduation;
  defineEndpoint(app, g.audit, ({ ctx, params, body }) => auditStudent(ctx.db, ctx.orgId, params.id, body));
  defineEndpoint(app, g.myAudit, ({ ctx, body }) => auditStudent(ctx.db, ctx.orgId, ctx.userId, body));
  defineEndpoint(app, g.students, async ({ ctx, params }) => ({
    list: await batchStudents(ctx.db, ctx.orgId, params.id),
  }));
  defineEndpoint(app, g.addStudents, ({ ctx, params, body }) => addStudents(ctx, params.id, body));
  defineEndpoint(app, g.removeStudents, ({ ctx, params, body }) => removeStudents(ctx, params.id, body.userIds));
  defineEndpoint(app, g.refreshAudits, ({ ctx, params, body }) => refreshAudits(ctx, params.id, body.userIds));
  defineEndpoint(app, g.decide, ({ ctx, params, body }) => decideStudents(ctx, params.id, body));
}
