import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from './context';
import type { Tx } from './db';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from './db-errors';
import { businessError, invalidParams, notFound } from './errors';
import type { FileLinks, Mode, Resource } from './resource';
import { checkChildReferences, saveChildren, saveLinks, type Values } from './resource-children';
import { type ResourceCore, toJson } from './resource-core';

// Creating and updating rows: the checks of an input, its column values, and the save itself.
// `linkFiles` comes from resource.ts, which hands the rows' file references to the file-link port.
export function createWrite<C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject, R extends z.ZodType>(
  core: ResourceCore<C, U, F, R>,
  { linkFiles }: FileLinks,
): Pick<Resource<C, U, F, R>, 'create' | 'update' | 'checkRules' | 'toValues' | 'linkFiles' | 'saveOwned'> {
  const { def, table, columns, scope, isTree, links, children, references, get, writeScope, loadForWrite } = core;

  async function checkUnique(ctx: RequestContext, input: Values, selfId: number | null) {
    for (const rule of def.unique ?? []) {
      const conds = rule.fields.map((f) => {
        const v = input[f];
        if (v === null || v === undefined) return sql`${columns[f]} is null`;
        return typeof v === 'string' ? sql`lower(${columns[f]}) = lower(${v})` : eq(columns[f], v);
      });
      const [hit] = await ctx.db
        .select({ id: table.id })
        .from(table)
        .where(and(scope(ctx), ...conds, selfId === null ? undefined : ne(table.id, selfId)))
        .limit(1);
      if (hit) {
        const shown = rule.fields.map((f) => input[f]).filter((v) => v !== null && v !== undefined);
        throw invalidParams(rule.fields[rule.fields.length - 1], 'unique', {
          label: rule.label,
          value: shown.join(' '),
        });
      }
    }
  }

  async function checkReferences(ctx: RequestContext, input: Values) {
    for (const [field, ref] of Object.entries(references)) {
      const raw = input[field];
      const ids = (Array.isArray(raw) ? raw : [raw]).filter((v): v is number => typeof v === 'number');
      if (!ids.length) continue;
      const found = await ctx.db
        .select({ id: ref.table.id })
        .from(ref.table)
        .where(and(eq(ref.table.organizationId, ctx.orgId), inArray(ref.table.id, ids)));
      const missing = ids.filter((id) => !found.some((f) => f.id === id));
      if (missing.length) throw invalidParams(field, 'noSuchReference', { entity: ref.label, ids: missing.join(', ') });
    }
    for (const [field, spec] of Object.entries(children)) {
      const items = input[field];
      if (Array.isArray(items)) await checkChildReferences(ctx.db, ctx, spec, items as Values[], field);
    }
  }

  // A node may not move under itself or one of its descendants.
  async function checkCycle(ctx: RequestContext, id: number, parentId: unknown) {
    let current = typeof parentId === 'number' ? parentId : null;
    for (let depth = 0; current !== null && depth < 100; depth++) {
      if (current === id) throw invalidParams('parentId', 'parentCycle');
      const [row] = await ctx.db
        .select({ parentId: columns.parentId })
        .from(table)
        .where(and(scope(ctx), eq(table.id, current)));
      current = (row?.parentId as number | null) ?? null;
    }
  }

  async function checkRules(
    ctx: RequestContext,
    input: Values,
    mode: Mode,
    selfId: number | null,
    current: Values | null = null,
  ) {
    await checkUnique(ctx, input, selfId);
    await checkReferences(ctx, input);
    if (isTree && selfId !== null) await checkCycle(ctx, selfId, input.parentId);
    await def.hooks?.validate?.(input as z.output<C>, ctx, mode, current);
    if (mode === 'create') for (const check of def.checks ?? []) await check.run(input as z.output<C>, ctx);
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

  async function save(
    ctx: RequestContext,
    input: Values,
    mode: Mode,
    id: number | null,
    current: Values | null,
  ): Promise<number> {
    await checkRules(ctx, input, mode, id, current);
    const values = await toValues(ctx, input, mode);
    try {
      return await ctx.db.transaction(async (tx) => {
        let savedId: number;
        await def.hooks?.beforeWrite?.(tx, input as z.output<C>, ctx, mode, current);
        if (mode === 'create') {
          const [row] = await tx
            .insert(table)
            .values({ ...values, organizationId: ctx.orgId })
            .returning({ id: table.id });
          savedId = row.id as number;
        } else {
          savedId = id!;
          // In the caller's write scope again, inside the transaction: a row that left it (or was
          // deleted) since it was checked is not written.
          const [still] = await tx
            .update(table)
            .set(Object.keys(values).length ? values : { id: savedId })
            .where(and(scope(ctx), eq(table.id, savedId), writeScope(ctx)))
            .returning({ id: table.id });
          if (!still) throw notFound(def.title);
        }
        await saveOwned(tx, ctx, savedId, input);
        await def.hooks?.afterSave?.(tx, savedId, input as z.output<C>, ctx, mode, current);
        if (def.files?.some((f) => f in values)) await linkFiles(tx, ctx, [{ id: savedId, values }]);
        return savedId;
      });
    } catch (err) {
      const code = pgErrorCode(err);
      if (code === PG_UNIQUE_VIOLATION) {
        // Another request saved the same name between our check and our write: it has committed,
        // so the check now finds it and names the field.
        await checkUnique(ctx, input, id);
        throw invalidParams(def.unique?.[0]?.fields.at(-1) ?? def.name, 'entityExists', { entity: def.title });
      }
      // A child row removed by this save is still used elsewhere (an answer to an item), or a
      // referenced row went away meanwhile: nothing was saved.
      if (code === PG_FOREIGN_KEY_VIOLATION) {
        throw businessError('removedPartInUse');
      }
      throw err;
    }
  }

  async function saveOwned(tx: Tx, ctx: RequestContext, id: number, input: Values) {
    for (const [field, link] of Object.entries(links)) {
      const ids = input[field];
      if (Array.isArray(ids)) await saveLinks(tx, ctx, link, id, ids as number[]);
    }
    for (const [field, spec] of Object.entries(children)) {
      const items = input[field];
      if (Array.isArray(items)) await saveChildren(tx, ctx, spec, id, items as Values[], field);
    }
  }

  return {
    linkFiles,
    checkRules,
    toValues,
    saveOwned,
    async create(ctx, input) {
      const id = await save(ctx, input as Values, 'create', null, null);
      return get(ctx, id);
    },
    async update(ctx, input) {
      const current = await loadForWrite(ctx.db, ctx, input.id);
      await save(ctx, input as Values, 'update', input.id, toJson(current, new Set()));
      return get(ctx, input.id);
    },
  };
}
