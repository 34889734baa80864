import {
  POINT_RULE_PARAMS,
  type PointRuleKind,
  type PointRuleParams,
  pointRuleDecl,
  pointRuleMeta,
} from '@lyceum/contract';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { createResource, fromDecl, type Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { courseResource } from '../course/course.resource';
import { examResource } from '../exam/exam.resource';
import { ledgerEntries as e } from '../ledger/ledger.table';
import { pointRules } from '../shop/shop.table';
import { taskResource } from '../task/task.resource';
import { POINTS } from './point-entries';

// The rules that award points by themselves (read with point:page, written with point:rules). A
// rule keeps only its kind's params; the task, course or exam it is limited to must be the
// organisation's. A rule that has awarded points stays (its entries name it): switch it off instead.

// Ledger entries a rule made.
const byRules = (orgId: number, ids: number[]) =>
  inOrg(e, orgId, [eq(e.accountKind, POINTS), eq(e.refKind, 'rule'), inArray(e.refId, ids)]);

type Rows = { plainMany(ctx: RequestContext, ids: number[]): Promise<Values[]> };
const refs: { key: 'taskId' | 'courseId' | 'examId'; resource: Rows; entity: string }[] = [
  { key: 'taskId', resource: taskResource, entity: 'task' },
  { key: 'courseId', resource: courseResource, entity: 'course' },
  { key: 'examId', resource: examResource, entity: 'exam' },
];

async function checkParams(ctx: RequestContext, params: PointRuleParams): Promise<void> {
  for (const ref of refs) {
    const id = params[ref.key];
    if (id === undefined || id === null) continue;
    const [row] = await ref.resource.plainMany(ctx, [id]);
    // Homework runs on an exam row of its own: its passes are the task rule's.
    if (!row || (ref.key === 'examId' && row.homework === true))
      throw invalidParams(`params.${ref.key}`, 'noSuchReference', { entity: ref.entity, ids: String(id) });
  }
}

// Only the kind's own params are kept.
export function paramsOf(kind: PointRuleKind, params: PointRuleParams): PointRuleParams {
  const keep: readonly string[] = POINT_RULE_PARAMS[kind] ?? [];
  return Object.fromEntries(
    Object.entries(params).filter(([k, v]) => keep.includes(k) && v !== undefined && v !== null),
  );
}

async function awardsOf(db: DbOrTx, orgId: number, ids: number[]) {
  if (!ids.length) return new Map<number, { awards: number; awarded: number }>();
  const rows = await db
    .select({
      ruleId: e.refId,
      awards: sql<number>`count(*)`.mapWith(Number),
      awarded: sql<number>`coalesce(sum(${e.amount}), 0)`.mapWith(Number),
    })
    .from(e)
    .where(byRules(orgId, ids))
    .groupBy(e.refId);
  return new Map(rows.map((r) => [Number(r.ruleId), { awards: r.awards, awarded: r.awarded }]));
}

export const pointRuleResource = createResource({
  ...fromDecl(pointRuleDecl),
  meta: pointRuleMeta,
  table: pointRules,
  search: [pointRules.name],
  sort: {
    default: [asc(pointRules.kind), asc(pointRules.name), asc(pointRules.id)],
    fields: { name: pointRules.name, points: pointRules.points },
  },
  unique: [{ fields: ['name'], label: 'Points rule' }],
  usedBy: [
    {
      label: 'points awarded',
      count: async (db, ctx, ids) => {
        const [row] = await db.select({ n: count() }).from(e).where(byRules(ctx.orgId, ids));
        return Number(row?.n ?? 0);
      },
    },
  ],
  hooks: {
    async validate(input, ctx) {
      await checkParams(ctx, paramsOf(input.kind, input.params));
    },
    values(input) {
      return { ...input, params: paramsOf(input.kind, input.params), updateTime: new Date() } as Values;
    },
    async decorate(rows, ctx) {
      const awards = await awardsOf(
        ctx.db,
        ctx.orgId,
        rows.map((r) => Number(r.id)),
      );
      return rows.map((r) => ({ ...r, awards: 0, awarded: 0, ...awards.get(Number(r.id)) }));
    },
  },
});
