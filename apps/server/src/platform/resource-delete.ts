import type { FormMeta } from '@lyceum/contract';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RequestContext } from './context';
import type { DbOrTx } from './db';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from './db-errors';
import { businessError, notFound } from './errors';
import type { FileLinks, Resource } from './resource';
import { childReferences, type LinkSet, type TenantTable, type Values } from './resource-children';
import { type ResourceCore, toJson } from './resource-core';

type AnyResource = Resource<z.ZodObject, z.ZodObject, z.ZodObject, z.ZodType>;

function pluralLabel(def: { title: string; meta?: FormMeta }): string {
  return def.meta?.title.en.toLowerCase() ?? `${def.title.toLowerCase()} records`;
}

// Counts the rows of every declared resource that point at some of these ids (a reference column
// holding one id, or an array of ids). Self references of trees are counted by the tree itself.
async function countReferrers(
  declared: readonly AnyResource[],
  db: DbOrTx,
  ctx: RequestContext,
  target: TenantTable,
  ids: number[],
) {
  const uses: { label: string; n: number }[] = [];
  const counted = async (
    table: TenantTable | LinkSet['table'],
    points: SQL,
    label: string,
    distinct?: PgColumn,
  ): Promise<void> => {
    const [{ n }] = await db
      .select({ n: distinct ? sql<number>`count(distinct ${distinct})` : count() })
      .from(table)
      .where(and(eq(table.organizationId, ctx.orgId), points));
    if (Number(n) > 0) uses.push({ label, n: Number(n) });
  };
  for (const r of declared) {
    for (const [field, ref] of Object.entries(r.references)) {
      const column = r.columns[field];
      if (ref.table !== target || !column || (r.def.table === target && field === 'parentId')) continue;
      const points =
        column.columnType === 'PgArray' ? sql`${column} && ${`{${ids.join(',')}}`}::bigint[]` : inArray(column, ids);
      await counted(r.def.table, points, pluralLabel(r.def));
    }
    for (const link of Object.values(r.def.links ?? {})) {
      if (link.ref.table === target)
        await counted(link.table, inArray(link.target, ids), pluralLabel(r.def), link.owner);
    }
    for (const spec of Object.values(r.def.children ?? {})) {
      for (const use of childReferences(spec)) {
        if (use.ref.table === target)
          await counted(use.table, inArray(use.column, ids), `${use.label}s of ${pluralLabel(r.def)}`);
      }
    }
  }
  return uses;
}

// Deleting rows: what still uses them (declared here, or derived from what every declared resource
// refers to) blocks the delete. `declared` answers every resource declared so far; `unlinkFiles` comes
// from resource.ts, which reaches the file links through their port (ports.ts).
export function createDelete<C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject, R extends z.ZodType>(
  core: ResourceCore<C, U, F, R>,
  declared: () => readonly AnyResource[],
  { unlinkFiles }: FileLinks,
): Pick<Resource<C, U, F, R>, 'remove'> {
  const { def, table, columns, omit, scope, isTree, writeScope, writeRefused } = core;
  const usedBy = [
    ...(isTree
      ? [
          {
            label: 'child entries',
            count: async (db: DbOrTx, ctx: RequestContext, ids: number[]) => {
              const [{ n }] = await db
                .select({ n: count() })
                .from(table)
                .where(and(scope(ctx), inArray(columns.parentId, ids), sql`not (${table.id} in ${ids})`));
              return Number(n);
            },
          },
        ]
      : []),
    ...(def.usedBy ?? []),
  ];

  return {
    async remove(ctx, ids) {
      const unique = [...new Set(ids)];
      const write = writeScope(ctx);
      const found = (await ctx.db
        .select({ row: table, writable: write ? sql<boolean>`coalesce((${write}), false)` : sql<boolean>`true` })
        .from(table)
        .where(and(scope(ctx), inArray(table.id, unique), def.scope?.read?.(ctx)))) as {
        row: Values;
        writable: boolean;
      }[];
      if (found.length !== unique.length) {
        const missing = unique.filter((id) => !found.some((f) => f.row.id === id));
        throw notFound(`${def.title} ${missing.join(', ')}`);
      }
      if (found.some((f) => !f.writable)) {
        throw writeRefused();
      }
      await def.hooks?.beforeDelete?.(
        ctx,
        unique,
        found.map((f) => toJson(f.row, omit)),
      );
      try {
        await ctx.db.transaction(async (tx) => {
          // In the delete's transaction: what still uses these rows, declared and derived.
          for (const use of usedBy) {
            const n = await use.count(tx, ctx, unique);
            if (n > 0) throw businessError('usedBy', { count: n, by: use.label });
          }
          const [use] = await countReferrers(declared(), tx, ctx, table, unique);
          if (use) throw businessError('usedBy', { count: use.n, by: use.label });
          const gone = await tx
            .delete(table)
            .where(and(scope(ctx), inArray(table.id, unique)))
            .returning({ id: table.id });
          // A parallel delete got there first: one delete, one success.
          if (gone.length !== unique.length) throw notFound(`${def.title} ${unique.join(', ')}`);
          if (def.files) await unlinkFiles(tx, ctx, unique);
          await def.hooks?.afterDelete?.(ctx, unique, tx);
        });
      } catch (err) {
        // Something started using the row between the check above and the delete.
        if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) {
          throw businessError('stillInUse');
        }
        throw err;
      }
      return unique.length;
    },
  };
}
