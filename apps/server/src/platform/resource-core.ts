import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RequestContext } from './context';
import type { DbOrTx } from './db';
import { forbidden, notFound } from './errors';
import type { ResourceDef } from './resource';
import { loadChildren, loadLinks, type Reference, type Values } from './resource-children';
import { allows } from './route';

export function toJson(row: Values, omit: ReadonlySet<string>): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(row)) {
    if (omit.has(k)) continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

// What every part of a resource (queries, writes, deletes, actions) shares, built once from its
// declaration: every query is scoped to the caller's organisation.
export function createCore<C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject, R extends z.ZodType>(
  def: ResourceDef<C, U, F, R>,
) {
  const table = def.table;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const omit = new Set(def.omit ?? []);
  const scope = (ctx: RequestContext) => eq(table.organizationId, ctx.orgId);
  const isTree = Boolean(def.meta?.tree);
  const labelColumn = def.meta?.labelKey ?? 'name';
  const links = def.links ?? {};
  const children = def.children ?? {};
  const references: Record<string, Reference> = {
    ...(isTree ? { parentId: { table, label: `parent ${def.title.toLowerCase()}`, labelColumn } } : {}),
    ...Object.fromEntries(Object.entries(links).map(([field, link]) => [field, link.ref])),
    ...def.references,
  };

  // Rows as the API answers them: dates as text, omitted columns gone, link sets and (for rows read
  // alone, or collections marked inList) owned children attached, then the resource's own decoration.
  async function decorate(ctx: RequestContext, rows: Values[], single = false, db: DbOrTx = ctx.db) {
    const plain = rows.map((r) => toJson(r, omit));
    const ids = plain.map((r) => r.id as number);
    for (const [field, link] of Object.entries(links)) {
      const byOwner = await loadLinks(db, ctx, link, ids);
      for (const r of plain) r[field] = byOwner.get(r.id as number) ?? [];
    }
    for (const [field, spec] of Object.entries(children)) {
      if (!single && !spec.inList) continue;
      const byParent = await loadChildren(db, ctx, spec, ids);
      for (const r of plain) r[field] = byParent.get(r.id as number) ?? [];
    }
    return def.hooks?.decorate ? def.hooks.decorate(plain, ctx) : plain;
  }

  async function getMany(ctx: RequestContext, ids: number[], extra?: SQL): Promise<Values[]> {
    if (!ids.length) return [];
    const rows = await ctx.db
      .select()
      .from(table)
      .where(and(scope(ctx), inArray(table.id, ids), extra));
    return decorate(ctx, rows as Values[], ids.length === 1);
  }

  // The rows' own columns only, as the API spells them (no links, children or decoration): what the
  // operation log names records by, one query whatever the resource hangs off its rows.
  async function plainMany(ctx: RequestContext, ids: number[]): Promise<Values[]> {
    if (!ids.length) return [];
    const rows = await ctx.db
      .select()
      .from(table)
      .where(and(scope(ctx), inArray(table.id, ids)));
    return rows.map((r) => toJson(r as Values, omit));
  }

  async function get(ctx: RequestContext, id: number, extra?: SQL): Promise<Values> {
    const [row] = await getMany(ctx, [id], extra);
    if (!row) throw notFound(def.title);
    return row;
  }

  function readScope(ctx: RequestContext): SQL | undefined {
    const own = def.scope?.read?.(ctx);
    if (allows(ctx, def.permissions.read)) return own;
    return and(def.readers?.scope(ctx) ?? sql`false`, own);
  }

  // The unpaged list and the tree: a resource that opens them wider than its read permission
  // (reference data: `list: 'staff'`, for the selects of other staff screens) shows those callers
  // every row of the organisation; others see what they read.
  function listScope(ctx: RequestContext): SQL | undefined {
    const { list } = def.permissions;
    return list && allows(ctx, list) ? def.scope?.read?.(ctx) : readScope(ctx);
  }

  function writeScope(ctx: RequestContext): SQL | undefined {
    return def.scope?.write ? def.scope.write(ctx) : def.scope?.read?.(ctx);
  }

  // A readable row outside the caller's write scope.
  function writeRefused() {
    const own = def.scope?.ownOnly;
    return own
      ? forbidden('ownRowsOnly', { entities: own })
      : forbidden('cannotChangeRow', { entity: def.title.toLowerCase() });
  }

  // The stored row (not decorated) for a change, optionally locked until the transaction ends.
  async function loadForWrite(db: DbOrTx, ctx: RequestContext, id: number, lock = false): Promise<Values> {
    const write = writeScope(ctx);
    const query = db
      .select({ row: table, writable: write ? sql<boolean>`coalesce((${write}), false)` : sql<boolean>`true` })
      .from(table)
      .where(and(scope(ctx), eq(table.id, id), def.scope?.read?.(ctx)));
    const [hit] = lock ? await query.for('update') : await query;
    if (!hit) throw notFound(def.title);
    if (!hit.writable) throw writeRefused();
    return hit.row as Values;
  }

  function project(ctx: RequestContext, rows: Values[]): Values[] {
    const narrow = def.readers?.project;
    return narrow && !allows(ctx, def.permissions.read) ? rows.map(narrow) : rows;
  }

  return {
    def,
    table,
    columns,
    omit,
    scope,
    isTree,
    labelColumn,
    links,
    children,
    references,
    decorate,
    getMany,
    plainMany,
    get,
    readScope,
    listScope,
    writeScope,
    writeRefused,
    loadForWrite,
    project,
  };
}

export type ResourceCore<
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  R extends z.ZodType,
> = ReturnType<typeof createCore<C, U, F, R>>;
