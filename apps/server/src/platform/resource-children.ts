import { and, asc, eq, getTableColumns, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RequestContext } from './context';
import type { DbOrTx, Tx } from './db';
import { invalidParams } from './errors';

export type Values = Record<string, unknown>;
// A tenant table: rows keyed by (organization_id, id).
export type TenantTable = PgTable & { organizationId: PgColumn; id: PgColumn };

export interface Reference {
  table: TenantTable;
  label: string;
  // The column that names a referenced row in messages and spreadsheets; default `name`.
  labelColumn?: string;
}

// A set of ids kept in a join table (a user's roles, a question's tags) rather than an array column,
// so the database checks every id with a foreign key and "used by" finds the owners through it.
export interface LinkSet {
  table: PgTable & { organizationId: PgColumn };
  owner: PgColumn;
  target: PgColumn;
  ref: Reference;
}

// Rows a parent owns (a paper's sections, a section's items, a class's members). They arrive inside
// the parent's input as an array and are saved by diff: rows with an id are updated in place, rows
// without one are inserted, rows no longer sent are deleted. Ids stay stable, so what refers to a
// child (answers to items) keeps pointing at the same row across edits.
export interface ChildCollection {
  table: TenantTable;
  // The column pointing at the owner's id.
  parent: PgColumn;
  // The position column, written from the array index (no unique index on it: rows swap places).
  order?: PgColumn;
  // One child in messages ("no section with id 9 here").
  label: string;
  references?: Record<string, Reference>;
  children?: Record<string, ChildCollection>;
  // Id sets of each child kept in join tables (a paper rule's knowledge points and tags).
  links?: Record<string, LinkSet>;
  // Whether page and list rows carry the collection too (default: only a row read alone).
  inList?: boolean;
  // Columns from one valid child input (default: the input's keys that are columns).
  values?: (child: Values, ctx: RequestContext) => Values;
  // Completes one parent's children in one go before they are written (look-ups by the batch).
  prepare?: (tx: Tx, ctx: RequestContext, items: Values[]) => Promise<Values[]>;
}

export function keyOf(table: PgTable, column: PgColumn): string {
  const hit = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!hit) throw new Error(`column ${column.name} is not in its table`);
  return hit[0];
}

function toJson(row: Values): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

// ---- link sets ----

export async function loadLinks(db: DbOrTx, ctx: RequestContext, link: LinkSet, owners: number[]) {
  const out = new Map<number, number[]>();
  if (!owners.length) return out;
  const rows = await db
    .select({ owner: link.owner, target: link.target })
    .from(link.table)
    .where(and(eq(link.table.organizationId, ctx.orgId), inArray(link.owner, owners)))
    .orderBy(asc(link.target));
  for (const r of rows) {
    const list = out.get(r.owner as number) ?? [];
    list.push(r.target as number);
    out.set(r.owner as number, list);
  }
  return out;
}

// Keeps exactly `ids` linked to the owner: removes the others, adds the missing ones.
export async function saveLinks(tx: Tx, ctx: RequestContext, link: LinkSet, owner: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  await tx
    .delete(link.table)
    .where(
      and(
        eq(link.table.organizationId, ctx.orgId),
        eq(link.owner, owner),
        wanted.length ? notInArray(link.target, wanted) : undefined,
      ),
    );
  if (!wanted.length) return;
  const ownerKey = keyOf(link.table, link.owner);
  const targetKey = keyOf(link.table, link.target);
  await tx
    .insert(link.table)
    .values(wanted.map((id) => ({ organizationId: ctx.orgId, [ownerKey]: owner, [targetKey]: id })))
    .onConflictDoNothing();
}

// "Rows linked to this id": the filter of a link field.
export function linkedTo(link: LinkSet, ownerTable: TenantTable, id: unknown): SQL {
  return sql`exists (select 1 from ${link.table} where ${link.table.organizationId} = ${ownerTable.organizationId}
    and ${link.owner} = ${ownerTable.id} and ${link.target} = ${id})`;
}

// ---- owned child collections ----

function childValues(spec: ChildCollection, item: Values, ctx: RequestContext): Values {
  const columns = getTableColumns(spec.table);
  const mapped = spec.values ? spec.values(item, ctx) : item;
  const out: Values = {};
  for (const [k, v] of Object.entries(mapped)) {
    if (k === 'id' || k === 'organizationId' || !(k in columns) || v === undefined) continue;
    out[k] = v;
  }
  return out;
}

function arrayAt(item: Values, key: string): Values[] | undefined {
  const v = item[key];
  return Array.isArray(v) ? (v as Values[]) : undefined;
}

// Ids inside the children that must name rows of this organisation, checked before anything is written.
export async function checkChildReferences(
  db: DbOrTx,
  ctx: RequestContext,
  spec: ChildCollection,
  items: Values[],
  path: string,
): Promise<void> {
  const refs = [
    ...Object.entries(spec.references ?? {}),
    ...Object.entries(spec.links ?? {}).map(([field, link]) => [field, link.ref] as const),
  ];
  for (const [field, ref] of refs) {
    const wanted = new Map<number, string>();
    items.forEach((item, i) => {
      const raw = item[field];
      (Array.isArray(raw) ? raw : [raw]).forEach((v, j) => {
        const at = Array.isArray(raw) ? `${path}.${i}.${field}.${j}` : `${path}.${i}.${field}`;
        if (typeof v === 'number' && !wanted.has(v)) wanted.set(v, at);
      });
    });
    if (!wanted.size) continue;
    const found = await db
      .select({ id: ref.table.id })
      .from(ref.table)
      .where(and(eq(ref.table.organizationId, ctx.orgId), inArray(ref.table.id, [...wanted.keys()])));
    const known = new Set(found.map((f) => f.id));
    for (const [id, at] of wanted)
      if (!known.has(id)) throw invalidParams(at, 'noSuchReference', { entity: ref.label, ids: String(id) });
  }
  for (const [key, sub] of Object.entries(spec.children ?? {})) {
    for (const [i, item] of items.entries()) {
      const nested = arrayAt(item, key);
      if (nested) await checkChildReferences(db, ctx, sub, nested, `${path}.${i}.${key}`);
    }
  }
}

// Saves one parent's collection by diff, inside the parent's transaction.
export async function saveChildren(
  tx: Tx,
  ctx: RequestContext,
  spec: ChildCollection,
  parentId: number,
  sent: Values[],
  path: string,
): Promise<void> {
  const { table } = spec;
  const items = spec.prepare ? await spec.prepare(tx, ctx, sent) : sent;
  const parentKey = keyOf(table, spec.parent);
  const orderKey = spec.order ? keyOf(table, spec.order) : null;
  const mine = and(eq(table.organizationId, ctx.orgId), eq(spec.parent, parentId));
  const existing = new Set((await tx.select({ id: table.id }).from(table).where(mine)).map((r) => r.id as number));
  const kept = new Set<number>();
  items.forEach((item, i) => {
    if (item.id === undefined || item.id === null) return;
    const id = item.id as number;
    // Another parent's child (or another organisation's) is never reachable through this one.
    if (!existing.has(id)) throw invalidParams(`${path}.${i}.id`, 'notChildHere', { entity: spec.label, id });
    if (kept.has(id)) throw invalidParams(`${path}.${i}.id`, 'listedTwice', { entity: spec.label, id });
    kept.add(id);
  });
  const removed = [...existing].filter((id) => !kept.has(id));
  // Nested children go with their row (foreign keys with on delete cascade); a row something else
  // still refers to (an answer to an item) makes the database refuse, and the whole save is undone.
  if (removed.length) await tx.delete(table).where(and(mine, inArray(table.id, removed)));
  for (const [i, item] of items.entries()) {
    const values = { ...childValues(spec, item, ctx), [parentKey]: parentId, ...(orderKey ? { [orderKey]: i } : {}) };
    let id: number;
    if (item.id !== undefined && item.id !== null) {
      id = item.id as number;
      await tx
        .update(table)
        .set(values)
        .where(and(mine, eq(table.id, id)));
    } else {
      const [row] = await tx
        .insert(table)
        .values({ ...values, organizationId: ctx.orgId })
        .returning({ id: table.id });
      id = row.id as number;
    }
    for (const [key, link] of Object.entries(spec.links ?? {})) {
      const ids = item[key];
      if (Array.isArray(ids)) await saveLinks(tx, ctx, link, id, ids as number[]);
    }
    for (const [key, sub] of Object.entries(spec.children ?? {})) {
      const nested = arrayAt(item, key);
      if (nested) await saveChildren(tx, ctx, sub, id, nested, `${path}.${i}.${key}`);
    }
  }
}

// The collections of several parents, nested collections included, in their saved order.
export async function loadChildren(
  db: DbOrTx,
  ctx: RequestContext,
  spec: ChildCollection,
  parentIds: number[],
): Promise<Map<number, Values[]>> {
  const out = new Map<number, Values[]>();
  if (!parentIds.length) return out;
  const { table } = spec;
  const rows = (await db
    .select()
    .from(table)
    .where(and(eq(table.organizationId, ctx.orgId), inArray(spec.parent, parentIds)))
    .orderBy(...(spec.order ? [asc(spec.order)] : []), asc(table.id))) as Values[];
  const ids = rows.map((r) => r.id as number);
  // One query after the other: `db` may be a transaction (a copy or an import reads the paper it
  // just wrote), and a transaction's one connection takes one query at a time.
  const nested: (readonly [string, Map<number, Values[]>])[] = [];
  for (const [key, sub] of Object.entries(spec.children ?? {}))
    nested.push([key, await loadChildren(db, ctx, sub, ids)]);
  const linked: (readonly [string, Awaited<ReturnType<typeof loadLinks>>])[] = [];
  for (const [key, link] of Object.entries(spec.links ?? {})) linked.push([key, await loadLinks(db, ctx, link, ids)]);
  const parentKey = keyOf(table, spec.parent);
  for (const r of rows) {
    const { organizationId: _org, ...rest } = r;
    const row = toJson(rest);
    for (const [key, byParent] of nested) row[key] = byParent.get(r.id as number) ?? [];
    for (const [key, byOwner] of linked) row[key] = byOwner.get(r.id as number) ?? [];
    const list = out.get(r[parentKey] as number) ?? [];
    list.push(row);
    out.set(r[parentKey] as number, list);
  }
  return out;
}

// Every reference column inside a collection and its nested collections (their link sets'
// targets included), for "used by".
export function childReferences(
  spec: ChildCollection,
): { table: TenantTable | LinkSet['table']; column: PgColumn; ref: Reference; label: string }[] {
  const columns = getTableColumns(spec.table) as Record<string, PgColumn>;
  return [
    ...Object.entries(spec.references ?? {}).flatMap(([field, ref]) =>
      columns[field] ? [{ table: spec.table, column: columns[field], ref, label: spec.label }] : [],
    ),
    ...Object.values(spec.links ?? {}).map((link) => ({
      table: link.table,
      column: link.target,
      ref: link.ref,
      label: spec.label,
    })),
    ...Object.values(spec.children ?? {}).flatMap(childReferences),
  ];
}
