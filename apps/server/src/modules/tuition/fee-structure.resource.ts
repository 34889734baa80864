import { feeStructureDecl, feeStructureMeta, InvoiceStatus } from '@lyceum/contract';
import { count, desc, inArray, ne, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { createResource, fromDecl, type Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { semesters } from '../calendar/calendar.table';
import { orgCurrency } from '../system-config/system-config.service';
import { feeStructureItems, feeStructures, invoices } from './tuition.table';

// Fee structures (read with payment:page, written with payment:invoice): what a term costs a grade,
// its items (an owned collection) and its plan of instalments (shares adding up to 100, due days
// going forward: checked by the contract). Invoices copy the items and the plan when generated, so
// editing a structure changes no invoice; one that invoices were made from stays (they name it).

async function decorate(rows: Values[], ctx: RequestContext): Promise<Values[]> {
  if (!rows.length) return rows;
  const ids = rows.map((r) => Number(r.id));
  const semesterIds = [...new Set(rows.map((r) => r.semesterId).filter((v): v is number => typeof v === 'number'))];
  const [totals, made, terms] = await Promise.all([
    ctx.db
      .select({
        id: feeStructureItems.structureId,
        total: sql<number>`sum(${feeStructureItems.amount})`.mapWith(Number),
      })
      .from(feeStructureItems)
      .where(inOrg(feeStructureItems, ctx.orgId, [inArray(feeStructureItems.structureId, ids)]))
      .groupBy(feeStructureItems.structureId),
    ctx.db
      .select({ id: invoices.structureId, n: count() })
      .from(invoices)
      .where(
        inOrg(invoices, ctx.orgId, [inArray(invoices.structureId, ids), ne(invoices.status, InvoiceStatus.Cancelled)]),
      )
      .groupBy(invoices.structureId),
    semesterIds.length
      ? ctx.db
          .select({ id: semesters.id, name: semesters.name })
          .from(semesters)
          .where(inOrg(semesters, ctx.orgId, [inArray(semesters.id, semesterIds)]))
      : Promise.resolve([]),
  ]);
  const total = new Map(totals.map((t) => [Number(t.id), t.total]));
  const invoiced = new Map(made.map((m) => [Number(m.id), Number(m.n)]));
  const termName = new Map(terms.map((s) => [Number(s.id), s.name]));
  return rows.map((r) => ({
    ...r,
    semesterName: termName.get(Number(r.semesterId)) ?? null,
    total: total.get(Number(r.id)) ?? 0,
    invoices: invoiced.get(Number(r.id)) ?? 0,
  }));
}

export const feeStructureResource = createResource({
  ...fromDecl(feeStructureDecl),
  meta: feeStructureMeta,
  table: feeStructures,
  search: [feeStructures.name],
  sort: {
    default: [desc(feeStructures.id)],
    fields: { name: feeStructures.name, gradeYear: feeStructures.gradeYear, createTime: feeStructures.createTime },
  },
  unique: [{ fields: ['name'], label: 'Fee structure' }],
  references: { semesterId: { table: semesters, label: 'semester' } },
  children: {
    items: {
      table: feeStructureItems,
      parent: feeStructureItems.structureId,
      order: feeStructureItems.sort,
      label: 'fee item',
      inList: true,
    },
  },
  usedBy: [
    {
      label: 'invoices',
      count: async (db, ctx, ids) => {
        const [row] = await db
          .select({ n: count() })
          .from(invoices)
          .where(inOrg(invoices, ctx.orgId, [inArray(invoices.structureId, ids)]));
        return Number(row?.n ?? 0);
      },
    },
  ],
  hooks: {
    // A new structure without a currency takes the organisation's; an update without one keeps its own.
    async values(input, ctx, mode) {
      const { currency, ...rest } = input;
      if (currency === undefined && mode === 'update') return { ...rest, updateTime: clock.date() } as Values;
      return {
        ...rest,
        currency: currency ?? (await orgCurrency(ctx.db, ctx.orgId)),
        updateTime: clock.date(),
      } as Values;
    },
    decorate,
  },
});
