import {
  GraduationBatchStatus,
  GraduationDecision,
  graduationBatchActions,
  graduationBatchDecl,
  graduationBatchMeta,
} from '@lyceum/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { businessError, invalidParams } from '../../platform/errors';
import { createResource, fromDecl, implement, type Values } from '../../platform/resource';
import { degrees } from '../education/education.table';
import { graduationBatchStudents as bs, graduationBatches as gb } from './graduation.table';
import { conferBatch } from './graduation-confer';

// Graduation batches (read with educational:page, written with graduation:manage): a degree's
// cohort on its way to graduation, draft → reviewing → approved → conferred. Each transition is an
// engine action: the batch row is locked for it, so of parallel confers one runs and the others
// find it conferred. Its students (graduation-batch-students.ts) change only before approval.

const { Draft, Reviewing, Conferred } = GraduationBatchStatus;

async function decorate(rows: Values[], ctx: RequestContext): Promise<Values[]> {
  if (!rows.length) return rows;
  const ids = rows.map((r) => Number(r.id));
  const tallies = await ctx.db
    .select({
      id: bs.batchId,
      students: count(),
      pending: sql<number>`count(*) filter (where ${bs.decision} = ${GraduationDecision.Pending})`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${bs.decision} = ${GraduationDecision.Approved})`.mapWith(Number),
      deferred: sql<number>`count(*) filter (where ${bs.decision} = ${GraduationDecision.Deferred})`.mapWith(Number),
      eligible: sql<number>`count(*) filter (where ${bs.eligible})`.mapWith(Number),
    })
    .from(bs)
    .where(and(eq(bs.organizationId, ctx.orgId), inArray(bs.batchId, ids)))
    .groupBy(bs.batchId);
  const by = new Map(tallies.map((t) => [Number(t.id), t]));
  return rows.map((r) => {
    const t = by.get(Number(r.id));
    return {
      ...r,
      students: Number(t?.students ?? 0),
      pending: t?.pending ?? 0,
      approved: t?.approved ?? 0,
      deferred: t?.deferred ?? 0,
      eligible: t?.eligible ?? 0,
    };
  });
}

// How many students of the batch hold each decision (inside the action's transaction).
async function tally(tx: DbOrTx, orgId: number, batchId: number) {
  const [t] = await tx
    .select({
      all: count(),
      pending: sql<number>`count(*) filter (where ${bs.decision} = ${GraduationDecision.Pending})`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${bs.decision} = ${GraduationDecision.Approved})`.mapWith(Number),
    })
    .from(bs)
    .where(and(eq(bs.organizationId, orgId), eq(bs.batchId, batchId)));
  return { all: Number(t?.all ?? 0), pending: t?.pending ?? 0, approved: t?.approved ?? 0 };
}

async function submit(tx: Tx, row: Values, _input: unknown, ctx: RequestContext) {
  if (!(await tally(tx, ctx.orgId, Number(row.id))).all) throw businessError('batchEmpty');
  return undefined;
}

async function approve(tx: Tx, row: Values, _input: unknown, ctx: RequestContext) {
  const t = await tally(tx, ctx.orgId, Number(row.id));
  if (t.pending) throw businessError('batchUndecided', { count: t.pending });
  if (!t.approved) throw businessError('batchNoneApproved');
  return { approvedBy: ctx.userId, approvedAt: clock.date() };
}

export const graduationBatchResource = createResource({
  ...fromDecl(graduationBatchDecl),
  meta: graduationBatchMeta,
  table: gb,
  search: [gb.name],
  sort: {
    default: [desc(gb.id)],
    fields: { name: gb.name, cohortYear: gb.cohortYear, createTime: gb.createTime },
  },
  unique: [{ fields: ['name'], label: 'Graduation batch' }],
  references: { degreeId: { table: degrees, label: 'degree' } },
  actions: {
    submit: implement(graduationBatchActions.submit, submit),
    returnToDraft: implement(graduationBatchActions.returnToDraft, async () => ({
      approvedBy: null,
      approvedAt: null,
    })),
    approveBatch: implement(graduationBatchActions.approveBatch, approve),
    confer: implement(graduationBatchActions.confer, (tx, row, _input, ctx) => conferBatch(tx, row, ctx)),
  },
  hooks: {
    // A conferred batch is history; its degree and cohort change only while it is a draft.
    validate(input, _ctx, mode, current) {
      if (mode !== 'update' || !current) return;
      if (current.status === Conferred) {
        throw invalidParams('status', 'batchLocked', { state: 'conferred', stateZh: '已授予' });
      }
      const moved = input.degreeId !== current.degreeId || input.cohortYear !== current.cohortYear;
      if (moved && current.status !== Draft) {
        throw invalidParams('degreeId', 'batchLocked', { state: 'under review', stateZh: '审核中' });
      }
    },
    values: (input, _ctx, mode) =>
      ({
        ...input,
        conferDate: input.conferDate ?? null,
        note: input.note || null,
        ...(mode === 'create' ? { status: Draft } : {}),
        updateTime: clock.date(),
      }) as Values,
    // Only a draft or a batch under review is deleted (with its students); a conferred one is kept.
    async beforeDelete(_ctx, _ids, rows) {
      const kept = rows.find((r) => r.status !== Draft && r.status !== Reviewing);
      if (kept)
        throw invalidParams('ids', 'batchLocked', { state: 'approved or conferred', stateZh: '已批准或已授予' });
    },
    decorate,
  },
});
