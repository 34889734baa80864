import {
  ArticleStatus,
  DocumentAudience,
  type KnowledgeArticle,
  type KnowledgeCategory,
  type KnowledgeReceiptPage,
  type KnowledgeVersion,
  MessageAudience,
  MessageTarget,
  pageOf,
  TaskType,
  type zKnowledgeReceiptRequest,
} from '@lyceum/contract';
import { and, count, desc, eq, ilike, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { AppError, forbidden } from '../../platform/errors';
import { likePattern, type Values } from '../../platform/resource';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { courseCategories } from '../catalogue/catalogue.table';
import { recipientsOf } from '../message/message-delivery';
import { syncTasksNaming } from '../task/task-study';
import { users } from '../user/user.table';
import { knowledgeResource } from './knowledge.resource';
import { knowledgeArticles, knowledgeReads, knowledgeVersions } from './knowledge.table';

const r = knowledgeReads;

// One article as the caller may read it. An article of the organisation outside their reach (a
// draft, another audience's) is refused as not meant for them.
async function readableArticle(ctx: RequestContext, id: number): Promise<Values> {
  try {
    return await knowledgeResource.readable(ctx, id);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await knowledgeResource.get(ctx, id);
    throw forbidden('articleNotForYou');
  }
}

// Reading an article records the receipt: when first read, and the version read last
// (one row per reader, so repeating it, or ten at once, is one receipt). Drafts leave none. The
// knowledge-base tasks naming it follow for this reader.
export async function readArticle(ctx: RequestContext, id: number): Promise<KnowledgeArticle> {
  await readableArticle(ctx, id);
  const k = knowledgeArticles;
  await ctx.db.transaction(async (tx) => {
    // Raw: INSERT … SELECT the current version … ON CONFLICT, one statement whatever the races.
    await tx.execute(sql`insert into ${r} (organization_id, article_id, user_id, version)
      select ${k.organizationId}, ${k.id}, ${ctx.userId}, ${k.version} from ${k}
      where ${k.organizationId} = ${ctx.orgId} and ${k.id} = ${id} and ${k.status} = ${ArticleStatus.Published}
      on conflict (organization_id, article_id, user_id) do update
        set version = greatest(${r}.version, excluded.version), last_read_at = now()`);
    await syncTasksNaming(tx, ctx.orgId, TaskType.KnowledgeBase, id, [ctx.userId]);
  });
  return knowledgeResource.project(ctx, [await knowledgeResource.readable(ctx, id)])[0] as KnowledgeArticle;
}

// The course categories with the number of articles in each the caller reads (readers see no
// category list of their own: the reading page's filter comes from here).
export async function articleCategories(ctx: RequestContext): Promise<KnowledgeCategory[]> {
  const k = knowledgeArticles;
  const c = courseCategories;
  const counts = await ctx.db
    .select({ id: k.categoryId, n: count() })
    .from(k)
    .where(inOrg(k, ctx.orgId, [isNotNull(k.categoryId), knowledgeResource.readScope(ctx)]))
    .groupBy(k.categoryId);
  const byId = new Map(counts.map((x) => [Number(x.id), x.n]));
  const list = await ctx.db
    .select({ id: c.id, name: c.name, parentId: c.parentId })
    .from(c)
    .where(inOrg(c, ctx.orgId, []))
    .orderBy(c.sort, c.name);
  return list.map((x) => ({ ...x, count: byId.get(x.id) ?? 0 }));
}

// A published article's versions, newest first (staff, in their read scope).
export async function articleVersions(ctx: RequestContext, id: number): Promise<KnowledgeVersion[]> {
  await knowledgeResource.readable(ctx, id);
  const v = knowledgeVersions;
  const list = await ctx.db
    .select({
      version: v.version,
      title: v.title,
      body: v.body,
      editorId: v.editorId,
      editorName: users.realName,
      createTime: v.createTime,
    })
    .from(v)
    .leftJoin(users, sameOrg(users, v, [eq(users.id, v.editorId)]))
    .where(inOrg(v, ctx.orgId, [eq(v.articleId, id)]))
    .orderBy(desc(v.version));
  return list.map((x) => ({ ...x, createTime: x.createTime.toISOString() }));
}

const MESSAGE_AUDIENCE = {
  [DocumentAudience.Everyone]: MessageAudience.Everyone,
  [DocumentAudience.Staff]: MessageAudience.Staff,
  [DocumentAudience.Students]: MessageAudience.Students,
} as const;

// Who read an article and which version, or who of its audience (enabled members: everyone,
// staff or students, as a message to the whole school reaches them) has not; with the counts.
export async function articleReceipts(
  ctx: RequestContext,
  id: number,
  req: z.output<typeof zKnowledgeReceiptRequest>,
): Promise<KnowledgeReceiptPage> {
  const article = await knowledgeResource.readable(ctx, id);
  const version = Number(article.version);
  const audience = recipientsOf(ctx.orgId, {
    id,
    targetType: MessageTarget.School,
    audience: MESSAGE_AUDIENCE[Number(article.audience) as DocumentAudience],
    gradeYears: [],
  });
  const mine = inOrg(r, ctx.orgId, [eq(r.articleId, id)]);
  const readers = sql`(select ${r.userId} from ${r} where ${mine})`;
  const keyword = req.keyword
    ? or(ilike(users.userName, likePattern(req.keyword)), ilike(users.realName, likePattern(req.keyword)))
    : undefined;
  const offset = (req.pageIndex - 1) * req.pageSize;
  let list: KnowledgeReceiptPage['list'];
  let total: number;
  if (req.view === 'read') {
    const where = and(mine, keyword, req.outdated ? lt(r.version, version) : undefined) as SQL;
    const onUser = sameOrg(users, r, [eq(users.id, r.userId)]);
    const rows = await ctx.db
      .select({
        userId: r.userId,
        userName: users.userName,
        realName: users.realName,
        version: r.version,
        firstReadAt: r.firstReadAt,
      })
      .from(r)
      .innerJoin(users, onUser)
      .where(where)
      .orderBy(desc(r.firstReadAt), users.userName)
      .limit(req.pageSize)
      .offset(offset);
    list = rows.map((x) => ({ ...x, firstReadAt: x.firstReadAt.toISOString() }));
    total = (await ctx.db.select({ n: count() }).from(r).innerJoin(users, onUser).where(where))[0]?.n ?? 0;
  } else {
    const where = inOrg(users, ctx.orgId, [
      sql`${users.id} in (${audience})`,
      sql`${users.id} not in ${readers}`,
      keyword,
    ]);
    const rows = await ctx.db
      .select({ userId: users.id, userName: users.userName, realName: users.realName })
      .from(users)
      .where(where)
      .orderBy(users.userName)
      .limit(req.pageSize)
      .offset(offset);
    list = rows.map((x) => ({ ...x, version: null, firstReadAt: null }));
    total = (await ctx.db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0;
  }
  const [c] = await ctx.db
    .select({
      read: count(),
      readCurrent: sql<number>`count(*) filter (where ${r.version} >= ${version})::int`,
    })
    .from(r)
    .where(mine);
  const [a] = await ctx.db
    .select({
      audience: count(),
      unread: sql<number>`count(*) filter (where ${users.id} not in ${readers})::int`,
    })
    .from(users)
    .where(inOrg(users, ctx.orgId, [sql`${users.id} in (${audience})`]));
  return {
    ...pageOf(list, total, { pageIndex: req.pageIndex, pageSize: req.pageSize }),
    summary: {
      version,
      audience: a?.audience ?? 0,
      read: c?.read ?? 0,
      readCurrent: c?.readCurrent ?? 0,
      unread: a?.unread ?? 0,
    },
  };
}
