import { type PageRequest, pageOf, pageOffset, zIdListRequest, zIdParam, zPage, zPageRequest } from '@lyceum/contract';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RequestContext } from './context';
import type { Tx } from './db';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from './db-errors';
import { businessError, invalidParams, notFound } from './errors';
import { defineRoute, type GuardedAccess } from './route';

// A tenant table: rows keyed by (organization_id, id).
export type TenantTable = PgTable & { organizationId: PgColumn; id: PgColumn };
type Values = Record<string, unknown>;
type Mode = 'create' | 'update';

export interface ResourceDef<C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject, R extends z.ZodType> {
  name: string;
  title: string;
  table: TenantTable;
  schemas: { row: R; create: C; update: U; filter: F };
  permissions: { read: GuardedAccess; create: GuardedAccess; update: GuardedAccess; remove: GuardedAccess };
  // Columns a `keyword` filter searches (contains, ignoring case).
  search?: PgColumn[];
  // Filters that are not a plain "column equals value"; other filter keys naming a column are.
  filters?: { [K in keyof z.output<F>]?: (value: NonNullable<z.output<F>[K]>, ctx: RequestContext) => SQL | undefined };
  sort?: { default: SQL[]; fields?: Record<string, PgColumn> };
  unique?: { fields: string[]; label: string }[];
  // Ids in the input that must name a row of this organisation.
  references?: Record<string, { table: TenantTable; label: string }>;
  // What still uses a row and so blocks its deletion.
  usedBy?: { label: string; count: (ctx: RequestContext, ids: number[]) => Promise<number> }[];
  // Columns never returned (password hashes).
  omit?: string[];
  hooks?: {
    values?: (input: z.output<C> | z.output<U>, ctx: RequestContext, mode: Mode) => Promise<Values> | Values;
    afterSave?: (
      tx: Tx,
      id: number,
      input: z.output<C> | z.output<U>,
      ctx: RequestContext,
      mode: Mode,
    ) => Promise<void>;
    beforeDelete?: (ctx: RequestContext, ids: number[]) => Promise<void>;
    afterDelete?: (ctx: RequestContext, ids: number[]) => Promise<void>;
    decorate?: (rows: Values[], ctx: RequestContext) => Promise<Values[]>;
  };
  tags?: string[];
}

export interface Resource<C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject, R extends z.ZodType> {
  def: ResourceDef<C, U, F, R>;
  page(ctx: RequestContext, req: PageRequest & z.output<F>, extra?: SQL): Promise<ReturnType<typeof pageOf<Values>>>;
  list(ctx: RequestContext, filter: z.output<F>, limit: number, extra?: SQL): Promise<Values[]>;
  get(ctx: RequestContext, id: number): Promise<Values>;
  getMany(ctx: RequestContext, ids: number[]): Promise<Values[]>;
  create(ctx: RequestContext, input: z.output<C>): Promise<Values>;
  update(ctx: RequestContext, input: z.output<U> & { id: number }): Promise<Values>;
  remove(ctx: RequestContext, ids: number[]): Promise<number>;
  where(ctx: RequestContext, filter: Partial<z.output<F>>, extra?: SQL): SQL | undefined;
}

function toJson(row: Values, omit: ReadonlySet<string>): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(row)) {
    if (omit.has(k)) continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

// Builds the CRUD service of a declared resource: every query is scoped to the caller's organisation.
export function createResource<
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  R extends z.ZodType,
>(def: ResourceDef<C, U, F, R>): Resource<C, U, F, R> {
  const table = def.table;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const omit = new Set(def.omit ?? []);
  const scope = (ctx: RequestContext) => eq(table.organizationId, ctx.orgId);

  function where(ctx: RequestContext, filter: Partial<z.output<F>>, extra?: SQL): SQL | undefined {
    const conds: (SQL | undefined)[] = [scope(ctx), extra];
    for (const [key, value] of Object.entries(filter as Values)) {
      if (value === undefined || value === null || value === '') continue;
      const custom = def.filters?.[key as keyof z.output<F>];
      if (custom) conds.push((custom as (v: unknown, c: RequestContext) => SQL | undefined)(value, ctx));
      else if (key === 'keyword' && def.search?.length) {
        const pattern = `%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conds.push(or(...def.search.map((col) => ilike(col, pattern))));
      } else if (columns[key] && typeof value === 'string') {
        conds.push(ilike(columns[key], `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      } else if (columns[key]) conds.push(eq(columns[key], value));
    }
    return and(...conds);
  }

  function orderBy(req: PageRequest): SQL[] {
    if (req.sortField) {
      const col = def.sort?.fields?.[req.sortField];
      if (!col) throw invalidParams('sortField', `cannot sort by "${req.sortField}"`);
      const dir = req.sortOrder === 'ascend' ? asc(col) : desc(col);
      return [dir, desc(table.id)];
    }
    return def.sort?.default ?? [desc(table.id)];
  }

  async function decorate(ctx: RequestContext, rows: Values[]): Promise<Values[]> {
    const plain = rows.map((r) => toJson(r, omit));
    return def.hooks?.decorate ? def.hooks.decorate(plain, ctx) : plain;
  }

  async function getMany(ctx: RequestContext, ids: number[]): Promise<Values[]> {
    if (!ids.length) return [];
    const rows = await ctx.db
      .select()
      .from(table)
      .where(and(scope(ctx), inArray(table.id, ids)));
    return decorate(ctx, rows as Values[]);
  }

  async function get(ctx: RequestContext, id: number): Promise<Values> {
    const [row] = await getMany(ctx, [id]);
    if (!row) throw notFound(def.title);
    return row;
  }

  async function checkUnique(ctx: RequestContext, input: Values, selfId: number | null) {
    for (const rule of def.unique ?? []) {
      const conds = rule.fields.map((f) => {
        const v = input[f];
        return typeof v === 'string' ? sql`lower(${columns[f]}) = lower(${v})` : eq(columns[f], v);
      });
      const [hit] = await ctx.db
        .select({ id: table.id })
        .from(table)
        .where(and(scope(ctx), ...conds, selfId === null ? undefined : ne(table.id, selfId)))
        .limit(1);
      if (hit)
        throw invalidParams(
          rule.fields.join(', '),
          `${rule.label} "${rule.fields.map((f) => input[f]).join(' ')}" already exists`,
        );
    }
  }

  async function checkReferences(ctx: RequestContext, input: Values) {
    for (const [field, ref] of Object.entries(def.references ?? {})) {
      const raw = input[field];
      const ids = (Array.isArray(raw) ? raw : [raw]).filter((v): v is number => typeof v === 'number');
      if (!ids.length) continue;
      const found = await ctx.db
        .select({ id: ref.table.id })
        .from(ref.table)
        .where(and(eq(ref.table.organizationId, ctx.orgId), inArray(ref.table.id, ids)));
      const missing = ids.filter((id) => !found.some((f) => f.id === id));
      if (missing.length) throw invalidParams(field, `no ${ref.label} with id ${missing.join(', ')}`);
    }
  }

  async function toValues(ctx: RequestContext, input: Values, mode: Mode): Promise<Values> {
    const mapped = def.hooks?.values ? await def.hooks.values(input as z.output<C>, ctx, mode) : input;
    const values: Values = {};
    for (const [k, v] of Object.entries(mapped)) {
      if (k === 'id' || k === 'organizationId' || !(k in columns) || v === undefined) continue;
      values[k] = v;
    }
    return values;
  }

  async function save(ctx: RequestContext, input: Values, mode: Mode, id: number | null): Promise<number> {
    await checkUnique(ctx, input, id);
    await checkReferences(ctx, input);
    const values = await toValues(ctx, input, mode);
    try {
      return await ctx.db.transaction(async (tx) => {
        let savedId: number;
        if (mode === 'create') {
          const [row] = await tx
            .insert(table)
            .values({ ...values, organizationId: ctx.orgId })
            .returning({ id: table.id });
          savedId = row.id as number;
        } else {
          if (Object.keys(values).length) {
            await tx
              .update(table)
              .set(values)
              .where(and(scope(ctx), eq(table.id, id!)));
          }
          savedId = id!;
        }
        await def.hooks?.afterSave?.(tx, savedId, input as z.output<C>, ctx, mode);
        return savedId;
      });
    } catch (err) {
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw invalidParams(def.name, `${def.title} already exists`);
      throw err;
    }
  }

  return {
    def,
    where,
    get,
    getMany,
    async page(ctx, req, extra) {
      const cond = where(ctx, req, extra);
      const [{ total }] = await ctx.db.select({ total: count() }).from(table).where(cond);
      const rows = await ctx.db
        .select()
        .from(table)
        .where(cond)
        .orderBy(...orderBy(req))
        .limit(req.pageSize)
        .offset(pageOffset(req));
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
    async create(ctx, input) {
      const id = await save(ctx, input as Values, 'create', null);
      return get(ctx, id);
    },
    async update(ctx, input) {
      await get(ctx, input.id);
      await save(ctx, input as Values, 'update', input.id);
      return get(ctx, input.id);
    },
    async remove(ctx, ids) {
      const unique = [...new Set(ids)];
      const found = await ctx.db
        .select({ id: table.id })
        .from(table)
        .where(and(scope(ctx), inArray(table.id, unique)));
      if (found.length !== unique.length) {
        const missing = unique.filter((id) => !found.some((f) => f.id === id));
        throw notFound(`${def.title} ${missing.join(', ')}`);
      }
      await def.hooks?.beforeDelete?.(ctx, unique);
      for (const use of def.usedBy ?? []) {
        const n = await use.count(ctx, unique);
        if (n > 0) throw businessError(`Cannot delete: used by ${n} ${use.label}. Nothing was deleted.`);
      }
      try {
        await ctx.db.delete(table).where(and(scope(ctx), inArray(table.id, unique)));
      } catch (err) {
        // Something started using the row between the check above and the delete.
        if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION)
          throw businessError('Cannot delete: still in use. Nothing was deleted.');
        throw err;
      }
      await def.hooks?.afterDelete?.(ctx, unique);
      return unique.length;
    },
  };
}

// Registers the spec's endpoint set for a resource: /api/{name}/page, list, create, update,
// select/{id}, delete/{id}, delete/ids. Modules add only their special actions beside it.
export function registerResource<
  C extends z.ZodObject,
  U extends z.ZodObject,
  F extends z.ZodObject,
  R extends z.ZodType,
>(app: FastifyInstance, resource: Resource<C, U, F, R>): void {
  const { def } = resource;
  const base = `/api/${def.name}`;
  const tags = def.tags ?? [def.name];
  const row = def.schemas.row;
  const t = def.title;
  defineRoute(app, {
    method: 'POST',
    url: `${base}/page`,
    summary: `Page through ${t} records`,
    tags,
    access: def.permissions.read,
    body: zPageRequest.extend(def.schemas.filter.shape),
    response: zPage(row),
    handler: ({ ctx, body }) =>
      resource.page(ctx, body as PageRequest & z.output<F>) as Promise<z.input<ReturnType<typeof zPage<R>>>>,
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/list`,
    summary: `List ${t} records (no paging, at most 1000)`,
    tags,
    access: def.permissions.read,
    body: def.schemas.filter.extend({ limit: z.number().int().min(1).max(1000).default(1000) }),
    response: z.array(row),
    handler: ({ ctx, body }) => {
      const { limit, ...filter } = body as z.output<F> & { limit: number };
      return resource.list(ctx, filter as z.output<F>, limit) as Promise<z.input<R>[]>;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/create`,
    summary: `Create a ${t}`,
    tags,
    access: def.permissions.create,
    mutates: true,
    body: def.schemas.create,
    response: row,
    handler: ({ ctx, body }) => resource.create(ctx, body as z.output<C>) as Promise<z.input<R>>,
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/update`,
    summary: `Update a ${t}`,
    tags,
    access: def.permissions.update,
    mutates: true,
    body: def.schemas.update,
    response: row,
    handler: ({ ctx, body }) => resource.update(ctx, body as z.output<U> & { id: number }) as Promise<z.input<R>>,
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/select/:id`,
    summary: `Read one ${t}`,
    tags,
    access: def.permissions.read,
    params: zIdParam,
    response: row,
    handler: ({ ctx, params }) => resource.get(ctx, params.id) as Promise<z.input<R>>,
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/delete/:id`,
    summary: `Delete one ${t}`,
    description: 'Refused, with nothing removed, while other records still use it.',
    tags,
    access: def.permissions.remove,
    mutates: true,
    params: zIdParam,
    response: z.object({ deleted: z.number().int() }),
    handler: async ({ ctx, params }) => ({ deleted: await resource.remove(ctx, [params.id]) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/delete/ids`,
    summary: `Delete several ${t} records at once`,
    description: 'All or nothing: if one of them cannot be deleted, none is.',
    tags,
    access: def.permissions.remove,
    mutates: true,
    body: zIdListRequest,
    response: z.object({ deleted: z.number().int() }),
    handler: async ({ ctx, body }) => ({ deleted: await resource.remove(ctx, body.ids) }),
  });
}
