import { z } from 'zod';
import { ArticleStatus, articleStatusLabels } from '../enums/course';
import { DocumentAudience, documentAudienceLabels } from '../enums/document-audience';
import { zDateTime, zEnum, zId, zOptionalText, zText } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';
import { type FormMeta, field } from '../resource-meta';

// The knowledge base (issue 30): articles staff write (filed under a course category, tagged,
// pinned) and members read by audience. A published article keeps each saved change of its title
// or body as a version; a read receipt names the version read.

const articleFields = {
  title: zText(200),
  categoryId: zId.nullable().optional(),
  tagIds: z.array(zId).max(20).default([]),
  summary: zOptionalText(500),
  // Rich text (sanitised on the server with the question bank's rules).
  body: z.string().max(200_000).default(''),
  pinned: z.boolean().default(false),
  audience: zEnum(documentAudienceLabels).default(DocumentAudience.Everyone),
  status: zEnum(articleStatusLabels).default(ArticleStatus.Draft),
};

export const zKnowledgeCreate = z.object({ id: z.null().optional(), ...articleFields });
export const zKnowledgeUpdate = z.object({ id: zId, ...articleFields });
export type KnowledgeInput = z.input<typeof zKnowledgeCreate>;

export const zKnowledgeArticle = z.object({
  id: zId,
  organizationId: zId,
  title: z.string(),
  categoryId: zId.nullable(),
  tagIds: z.array(zId),
  // The names, for readers who do not load the category and tag lists.
  categoryName: z.string().nullable(),
  tagNames: z.array(z.string()),
  summary: z.string().nullable(),
  body: z.string(),
  pinned: z.boolean(),
  audience: zEnum(documentAudienceLabels),
  status: zEnum(articleStatusLabels),
  // The published version (1 until a published article's title or body changes).
  version: z.number().int(),
  authorId: zId.nullable(),
  authorName: z.string().nullable(),
  // Members who have read it (any version); null for readers without the staff screen.
  readCount: z.number().int().nullable(),
  // The version the caller last read (null: never read).
  myReadVersion: z.number().int().nullable(),
  publishTime: zDateTime.nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type KnowledgeArticle = z.infer<typeof zKnowledgeArticle>;

export const zKnowledgeFilter = z.object({
  id: zId.optional(),
  // Title and body, ignoring case.
  keyword: z.string().trim().max(64).optional(),
  // With its sub-categories.
  categoryId: zId.optional(),
  tagId: zId.optional(),
  status: zEnum(articleStatusLabels).optional(),
  audience: zEnum(documentAudienceLabels).optional(),
  pinned: z.boolean().optional(),
  // Articles the caller wrote.
  mine: z.boolean().optional(),
  // Articles the caller has not read in their current version.
  unread: z.boolean().optional(),
});

export const knowledgeFieldWords = {
  title: ['Title', '标题'],
  categoryId: ['Category', '分类'],
  tagIds: ['Tags', '标签'],
  summary: ['Summary', '摘要'],
  body: ['Article', '正文'],
  pinned: ['Pinned', '置顶'],
  audience: ['Audience', '面向'],
  status: ['Status', '状态'],
  version: ['Version', '版本'],
  readCount: ['Read by', '已读人数'],
  authorName: ['Author', '作者'],
  updateTime: ['Updated', '更新时间'],
  publishTime: ['Published', '发布时间'],
} as const;

export const knowledgeMeta: FormMeta = {
  name: 'knowledge',
  title: { en: 'Knowledge base', zh: '知识库' },
  labelKey: 'title',
  keyword: true,
  fields: [
    field('title', knowledgeFieldWords.title, 'text', { required: true, sortable: true }),
    field('categoryId', knowledgeFieldWords.categoryId, 'ref', {
      ref: { resource: 'courseCategory' },
      filter: true,
      width: 140,
    }),
    field('tagIds', knowledgeFieldWords.tagIds, 'refs', { ref: { resource: 'tag' }, width: 160 }),
    field('audience', knowledgeFieldWords.audience, 'enum', { enum: documentAudienceLabels, filter: true, width: 100 }),
    field('status', knowledgeFieldWords.status, 'enum', { enum: articleStatusLabels, filter: true, width: 100 }),
    field('pinned', knowledgeFieldWords.pinned, 'boolean', { width: 80 }),
    field('updateTime', knowledgeFieldWords.updateTime, 'datetime', { form: false, sortable: true, width: 150 }),
  ],
};

// The course categories with the number of articles in each that the caller reads (the reading
// page's filter; the tree is built from `parentId`).
export const zKnowledgeCategory = z.object({
  id: zId,
  name: z.string(),
  parentId: zId.nullable(),
  count: z.number().int(),
});
export type KnowledgeCategory = z.infer<typeof zKnowledgeCategory>;

// ---- versions (staff) ----

export const zKnowledgeVersion = z.object({
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  editorId: zId.nullable(),
  editorName: z.string().nullable(),
  createTime: zDateTime,
});
export type KnowledgeVersion = z.infer<typeof zKnowledgeVersion>;

// ---- read receipts (staff) ----

export const RECEIPT_VIEWS = ['read', 'unread'] as const;
export const zKnowledgeReceiptRequest = zPlainPageRequest.extend({
  // Who read it, or who of its audience has not.
  view: z.enum(RECEIPT_VIEWS).default('read'),
  keyword: zOptionalText(64),
  // Only readers of an older version (view 'read').
  outdated: z.boolean().optional(),
});
export const zKnowledgeReceipt = z.object({
  userId: zId,
  userName: z.string(),
  realName: z.string(),
  // The version read last (null: not read), and when they first read the article.
  version: z.number().int().nullable(),
  firstReadAt: zDateTime.nullable(),
});
export type KnowledgeReceipt = z.infer<typeof zKnowledgeReceipt>;
export const zKnowledgeReceiptSummary = z.object({
  version: z.number().int(),
  // Enabled members the article is meant for.
  audience: z.number().int(),
  // Members who read it (any version), and of them those who read the current one.
  read: z.number().int(),
  readCurrent: z.number().int(),
  // Members of the audience who never read it.
  unread: z.number().int(),
});
export type KnowledgeReceiptSummary = z.infer<typeof zKnowledgeReceiptSummary>;
export const zKnowledgeReceiptPage = zPage(zKnowledgeReceipt).extend({ summary: zKnowledgeReceiptSummary });
export type KnowledgeReceiptPage = z.infer<typeof zKnowledgeReceiptPage>;
