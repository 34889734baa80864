import { articleStatusLabels, documentAudienceLabels } from '@lyceum/contract';
import { boolean, index, integer, smallint, text, varchar } from 'drizzle-orm/pg-core';
import {
  at,
  createTime,
  enumCheck,
  keyedTable,
  keyId,
  linkTable,
  ownedRefs,
  publishStamps,
  refId,
  tenantRef,
  tenantRefs,
  trigramIndex,
} from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';
import { courseCategories, tags } from '../catalogue/catalogue.table';
import { users } from '../user/user.table';

// The knowledge base (issue 30): articles staff write and members read by audience. Every saved
// change of a published article is kept as a version; a read receipt names the version read.
export const knowledgeArticles = tenantTable(
  'knowledge_articles',
  {
    title: varchar('title', { length: 200 }).notNull(),
    categoryId: refId('category_id'),
    summary: varchar('summary', { length: 500 }),
    body: text('body').notNull().default(''),
    pinned: boolean('pinned').notNull().default(false),
    audience: smallint('audience').notNull().default(1),
    status: smallint('status').notNull().default(1),
    version: integer('version').notNull().default(1),
    authorId: refId('author_id'),
    ...publishStamps(),
  },
  (t) => [
    trigramIndex('knowledge_articles_title_trgm', t.title),
    trigramIndex('knowledge_articles_body_trgm', t.body),
    index('knowledge_articles_category_ix').on(t.organizationId, t.categoryId),
    enumCheck('knowledge_articles_audience_ck', t.audience, documentAudienceLabels),
    enumCheck('knowledge_articles_status_ck', t.status, articleStatusLabels),
    ...tenantRefs(t, [t.categoryId, courseCategories], [t.authorId, users]),
  ],
);

export const knowledgeArticleTags = linkTable(
  'knowledge_article_tags',
  'article_id',
  knowledgeArticles,
  'tag_id',
  tags,
  true,
);

export const knowledgeVersions = keyedTable(
  'knowledge_versions',
  {
    articleId: keyId('article_id'),
    version: integer('version').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    editorId: refId('editor_id'),
    createTime: createTime(),
  },
  (t) => [t.articleId, t.version],
  (t) => [
    tenantRef(t.organizationId, t.articleId, knowledgeArticles).onDelete('cascade'),
    tenantRef(t.organizationId, t.editorId, users),
  ],
);

// Who read which article: when first and last, and the latest version they read (one row per reader).
export const knowledgeReads = keyedTable(
  'knowledge_reads',
  {
    articleId: keyId('article_id'),
    userId: keyId('user_id'),
    version: integer('version').notNull(),
    firstReadAt: at('first_read_at').notNull().defaultNow(),
    lastReadAt: at('last_read_at').notNull().defaultNow(),
  },
  (t) => [t.articleId, t.userId],
  (t) => ownedRefs('knowledge_reads_user_ix', t, [t.articleId, knowledgeArticles], [t.userId, users], true),
);
