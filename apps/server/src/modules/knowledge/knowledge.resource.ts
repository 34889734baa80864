import { ArticleStatus, DocumentAudience, isStaffKind, knowledgeDecl, knowledgeMeta, TaskType } from '@lyceum/contract';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { createResource, fromDecl, linkedTo, type Values } from '../../platform/resource';
import { allows } from '../../platform/route';
import { sanitizeRichText } from '../../platform/sanitize';
import { inOrg } from '../../platform/tenant-sql';
import { courseCategories, tags } from '../catalogue/catalogue.table';
import { tasksNaming } from '../task/task-study';
import { knowledgeArticles, knowledgeArticleTags, knowledgeReads, knowledgeVersions } from './knowledge.table';
import { decorateArticles } from './knowledge-rows';

const k = knowledgeArticles;

// Who an article is for, as seen by a member without the staff screen (as documents).
export function audiencesOf(ctx: RequestContext): DocumentAudience[] {
  const staff = ctx.roleKind !== null && isStaffKind(ctx.roleKind);
  return [DocumentAudience.Everyone, staff ? DocumentAudience.Staff : DocumentAudience.Students];
}

// knowledge:all reaches every article; other staff with the screen read their own and every
// published one, and change their own.
const seesAll = (ctx: RequestContext) => allows(ctx, ['knowledge:all']);
const readScope = (ctx: RequestContext) =>
  seesAll(ctx) ? undefined : or(eq(k.authorId, ctx.userId), eq(k.status, ArticleStatus.Published));

const tagLinks = {
  tagIds: {
    table: knowledgeArticleTags,
    owner: knowledgeArticleTags.ownerId,
    target: knowledgeArticleTags.targetId,
    ref: { table: tags, label: 'tag' },
  },
};

// A category with the categories below it.
const inCategory = (id: number, ctx: RequestContext) =>
  sql`${k.categoryId} in (with recursive c(id) as (select ${id}::bigint
      union select x.id from ${courseCategories} x join c on x.parent_id = c.id where x.organization_id = ${ctx.orgId})
    select id from c)`;

// The version the caller last read, as a subquery on the article.
const readByMe = (ctx: RequestContext) =>
  sql`(select r.version from ${knowledgeReads} r where r.organization_id = ${k.organizationId}
    and r.article_id = ${k.id} and r.user_id = ${ctx.userId})`;

// A published article whose title or body differs from its last version (or that has none yet)
// becomes a new version, so each reader's receipt names what they read.
async function keepVersion(tx: Tx, ctx: RequestContext, id: number) {
  const [row] = await tx
    .select({ title: k.title, body: k.body, status: k.status })
    .from(k)
    .where(inOrg(k, ctx.orgId, [eq(k.id, id)]));
  if (row?.status !== ArticleStatus.Published) return;
  const v = knowledgeVersions;
  const [last] = await tx
    .select({ version: v.version, title: v.title, body: v.body })
    .from(v)
    .where(inOrg(v, ctx.orgId, [eq(v.articleId, id)]))
    .orderBy(desc(v.version))
    .limit(1);
  if (last && last.title === row.title && last.body === row.body) return;
  const version = (last?.version ?? 0) + 1;
  await tx.insert(v).values({
    organizationId: ctx.orgId,
    articleId: id,
    version,
    title: row.title,
    body: row.body,
    editorId: ctx.userId,
  });
  await tx
    .update(k)
    .set({ version, publishTime: sql`coalesce(${k.publishTime}, now())` })
    .where(inOrg(k, ctx.orgId, [eq(k.id, id)]));
}

export const knowledgeResource = createResource({
  ...fromDecl(knowledgeDecl),
  table: k,
  meta: { ...knowledgeMeta },
  // Members without the staff screen read the published articles meant for their audience.
  readers: {
    scope: (ctx) => and(eq(k.status, ArticleStatus.Published), inArray(k.audience, audiencesOf(ctx))),
    project: (row: Values) => ({ ...row, readCount: null }),
  },
  files: ['body'],
  search: [k.title, k.body],
  filters: {
    categoryId: (id, ctx) => inCategory(id, ctx),
    tagId: (id) => linkedTo(tagLinks.tagIds, k, id),
    mine: (mine, ctx) => (mine ? eq(k.authorId, ctx.userId) : undefined),
    unread: (unread, ctx) =>
      unread ? sql`coalesce(${readByMe(ctx)}, 0) < ${k.version}` : sql`coalesce(${readByMe(ctx)}, 0) >= ${k.version}`,
  },
  sort: {
    default: [desc(k.pinned), sql`${k.publishTime} desc nulls last`, desc(k.id)],
    fields: { title: k.title, updateTime: k.updateTime, publishTime: k.publishTime },
  },
  references: { categoryId: { table: courseCategories, label: 'course category' } },
  links: tagLinks,
  usedBy: [
    {
      label: 'tasks',
      count: (db, ctx, ids) => tasksNaming(db, ctx.orgId, TaskType.KnowledgeBase, ids),
    },
  ],
  scope: {
    read: readScope,
    write: (ctx) => (seesAll(ctx) ? undefined : eq(k.authorId, ctx.userId)),
    ownOnly: 'articles',
  },
  hooks: {
    values(input, ctx, mode) {
      const values: Values = { ...input, body: sanitizeRichText(input.body), updateTime: new Date() };
      if (mode === 'create') values.authorId = ctx.userId;
      return values;
    },
    afterSave: (tx, id, _input, ctx) => keepVersion(tx, ctx, id),
    decorate: decorateArticles,
  },
});
