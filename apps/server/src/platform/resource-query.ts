import { type PageRequest, pageOf, pageOffset } from '@lyceum/contract';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RequestContext } from './context';
import { invalidParams } from './errors';
import type { Lookups } from './excel';
import type { Resource, TreeNode } from './resource';
import { linkedTo, type Values } from './resource-children';
import type { ResourceCore } from './resource-core';
import { allows } from './route';

export const MAX_TREE_ROWS = 5000;

export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function uniqueKey(rule: { fields: string[] }, input: Values): string {
  return rule.fields.map((f) => String(input[f] ?? '').toLowerCase()).join('\u0000');
}

// The read verbs of a resource: pages, lists, trees, the lookups and keys of spreadsheets.
export function createQuery<C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject, R extends z.ZodType>(
  core: ResourceCore<C, U, F, R>,
): Pick<Resource<C, U, F, R>, 'where' | 'page' | 'list' | 'tree' | 'lookups' | 'existingKeys' | 'canReadAny'> {
  const { def, table, columns, scope, links, references, decorate, readScope } = core;

  // The rows of a page or list: the organisation's, within the resource's own row scope always (homework's
  // exams stay out of every exam list and calendar, a teacher's exports hold their rows only), then the
  // filter. Whether the caller may read the resource at all is the route's question (it passes readScope).
  function where(ctx: RequestContext, filter: Partial<z.output<F>>, extra?: SQL): SQL | undefined {
    const conds: (SQL | undefined)[] = [scope(ctx), def.scope?.read?.(ctx), extra];
    for (const [key, value] of Object.entries(filter as Values)) {
      if (value === undefined || value === null || value === '') continue;
      const custom = def.filters?.[key as keyof z.output<F>];
      if (custom) conds.push((custom as (v: unknown, c: RequestContext) => SQL | undefined)(value, ctx));
      else if (key === 'keyword' && def.search?.length) {
        conds.push(or(...def.search.map((col) => ilike(col, likePattern(String(value))))));
      } else if (Object.hasOwn(links, key)) conds.push(linkedTo(links[key], table, value));
      else if (columns[key] && typeof value === 'string') conds.push(ilike(columns[key], likePattern(value)));
      else if (columns[key]) conds.push(eq(columns[key], value));
    }
    return and(...conds);
  }

  function orderBy(req: Partial<PageRequest>): SQL[] {
    if (req.sortField) {
      const fields = def.sort?.fields;
      // Own properties only: `__proto__`, `constructor` or `toString` must not resolve to Object's members.
      const col = fields && Object.hasOwn(fields, req.sortField) ? fields[req.sortField] : undefined;
      if (!col) throw invalidParams('sortField', 'cannotSort', { field: req.sortField });
      return [req.sortOrder === 'ascend' ? asc(col) : desc(col), desc(table.id)];
    }
    return def.sort?.default ?? [desc(table.id)];
  }

  async function canReadAny(ctx: RequestContext, ids: number[]): Promise<boolean> {
    if (!ids.length) return false;
    if (def.fileReaders) return def.fileReaders(ctx, ids);
    if (!allows(ctx, def.permissions.read) && !(def.readers && def.decl.readers && allows(ctx, def.decl.readers)))
      return false;
    const [hit] = await ctx.db
      .select({ id: table.id })
      .from(table)
      .where(and(scope(ctx), inArray(table.id, ids), readScope(ctx)))
      .limit(1);
    return Boolean(hit);
  }

  async function lookups(ctx: RequestContext): Promise<Lookups> {
    const out: Lookups = new Map();
    for (const [field, ref] of Object.entries(references)) {
      const cols = getTableColumns(ref.table) as Record<string, PgColumn>;
      const label = cols[ref.labelColumn ?? 'name'];
      if (!label) continue;
      const rows = await ctx.db
        .select({ id: ref.table.id, label })
        .from(ref.table)
        .where(eq(ref.table.organizationId, ctx.orgId));
      out.set(field, {
        byId: new Map(rows.map((r) => [r.id as number, String(r.label)])),
        byName: new Map(rows.map((r) => [String(r.label).toLowerCase(), r.id as number])),
      });
    }
    return out;
  }

  // The unique keys already taken, per rule, for checking a whole import at once.
  async function existingKeys(ctx: RequestContext): Promise<Map<string, Set<string>>> {
    const out = new Map<string, Set<string>>();
    for (const rule of def.unique ?? []) {
      const rows = await ctx.db
        .select(Object.fromEntries(rule.fields.map((f) => [f, columns[f]])))
        .from(table)
        .where(scope(ctx));
      out.set(rule.fields.join(','), new Set(rows.map((r) => uniqueKey(rule, r as Values))));
    }
    return out;
  }

  async function tree(ctx: RequestContext, filter: z.output<F>, extra?: SQL): Promise<TreeNode[]> {
    const all = await decorate(
      ctx,
      (await ctx.db
        .select()
        .from(table)
        .where(and(scope(ctx), extra))
        .orderBy(...(def.sort?.default ?? [asc(table.id)]))
        .limit(MAX_TREE_ROWS)) as Values[],
    );
    const filtered = Object.values(filter as Values).some((v) => v !== undefined && v !== '');
    let keep: Set<unknown> | null = null;
    if (filtered) {
      // Matching entries and their ancestors, so each match shows where it sits.
      const matches = await ctx.db.select({ id: table.id }).from(table).where(where(ctx, filter));
      const byId = new Map(all.map((r) => [r.id, r]));
      keep = new Set();
      for (const m of matches) {
        let node = byId.get(m.id);
        while (node && !keep.has(node.id)) {
          keep.add(node.id);
          node = byId.get(node.parentId);
        }
      }
    }
    const nodes = new Map<unknown, TreeNode>();
    for (const r of all) if (!keep || keep.has(r.id)) nodes.set(r.id, { ...r, children: [] });
    const roots: TreeNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId !== null ? nodes.get(node.parentId) : undefined;
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }

  return {
    where,
    tree,
    lookups,
    existingKeys,
    canReadAny,
    async page(ctx, req, extra) {
      const cond = where(ctx, req, extra);
      // The count and the page run side by side (on PostgreSQL, on two connections).
      const [[{ total }], rows] = await Promise.all([
        ctx.db.select({ total: count() }).from(table).where(cond),
        ctx.db
          .select()
          .from(table)
          .where(cond)
          .orderBy(...orderBy(req))
          .limit(req.pageSize)
          .offset(pageOffset(req)),
      ]);
      return pageOf(await decorate(ctx, rows as Values[]), Number(total), req);
    },
    async list(ctx, filter, limit, extra) {
      const rows = await ctx.db
        .select()
        .from(table)
        .where(where(ctx, filter, extra))
        .orderBy(...(def.sort?.default ?? [desc(table.id)]))
        .limit(limit);
      return decorate(ctx, rows as Values[]);
    },
  };
}
