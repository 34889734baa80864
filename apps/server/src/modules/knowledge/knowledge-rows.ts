import { count, eq, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../platform/context';
import type { TenantTable, Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { courseCategories, tags } from '../catalogue/catalogue.table';
import { users } from '../user/user.table';
import { knowledgeReads } from './knowledge.table';

const r = knowledgeReads;
const idsOf = (rows: Values[], pick: (row: Values) => unknown) => [
  ...new Set(
    rows.flatMap((row) =>
      [pick(row)]
        .flat()
        .filter((v) => v != null)
        .map(Number),
    ),
  ),
];

// The names of these rows of a table, by id.
async function names(ctx: RequestContext, table: TenantTable, name: PgColumn, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const found = await ctx.db
    .select({ id: table.id, name })
    .from(table)
    .where(inOrg(table, ctx.orgId, [inArray(table.id, ids)]));
  return new Map(found.map((f) => [Number(f.id), String(f.name)]));
}

// What the lists and the reader show beside an article's own columns: the author's, category's and
// tags' names (readers load no lists), how many members read it, and the version the caller read.
export async function decorateArticles(rows: Values[], ctx: RequestContext): Promise<Values[]> {
  const ids = idsOf(rows, (row) => row.id);
  if (!ids.length) return rows;
  const readCounts = await ctx.db
    .select({ id: r.articleId, n: count() })
    .from(r)
    .where(inOrg(r, ctx.orgId, [inArray(r.articleId, ids)]))
    .groupBy(r.articleId);
  const mine = await ctx.db
    .select({ id: r.articleId, version: r.version })
    .from(r)
    .where(inOrg(r, ctx.orgId, [inArray(r.articleId, ids), eq(r.userId, ctx.userId)]));
  const reads = new Map(readCounts.map((x) => [x.id, x.n]));
  const myVersion = new Map(mine.map((x) => [x.id, x.version]));
  const authors = await names(
    ctx,
    users,
    users.realName,
    idsOf(rows, (row) => row.authorId),
  );
  const categories = await names(
    ctx,
    courseCategories,
    courseCategories.name,
    idsOf(rows, (row) => row.categoryId),
  );
  const tagNames = await names(
    ctx,
    tags,
    tags.name,
    idsOf(rows, (row) => row.tagIds),
  );
  const nameIn = (map: Map<number, string>, id: unknown) => (id == null ? null : (map.get(Number(id)) ?? null));
  return rows.map((row) => ({
    ...row,
    readCount: reads.get(Number(row.id)) ?? 0,
    myReadVersion: myVersion.get(Number(row.id)) ?? null,
    authorName: nameIn(authors, row.authorId),
    categoryName: nameIn(categories, row.categoryId),
    tagNames: ((row.tagIds as number[] | undefined) ?? []).flatMap((id) => tagNames.get(id) ?? []),
  }));
}
