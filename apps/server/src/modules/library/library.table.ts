import { documentAudienceLabels, resourceKindLabels } from '@lyceum/contract';
import { bigint, foreignKey, index, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { createTime, enumCheck, organizationId, refId, tenantId, trigramIndex } from '../../platform/columns';
import { courseCategories } from '../catalogue/catalogue.table';
import { organizations } from '../organization/organization.table';

export const documents = pgTable(
  'documents',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    title: varchar('title', { length: 200 }).notNull(),
    fileUrl: varchar('file_url', { length: 512 }).notNull(),
    audience: smallint('audience').notNull().default(1),
    description: varchar('description', { length: 1000 }),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    enumCheck('documents_audience_ck', t.audience, documentAudienceLabels),
    trigramIndex('documents_title_trgm', t.title),
    trigramIndex('documents_description_trgm', t.description),
    index('documents_title_ix').on(t.organizationId, t.title),
  ],
);

export const resources = pgTable(
  'resources',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    title: varchar('title', { length: 200 }).notNull(),
    kind: smallint('kind').notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    categoryId: refId('category_id'),
    // Tag ids (checked against the tag tree on every write); a GIN index serves "resources with tag X".
    tagIds: bigint('tag_ids', { mode: 'number' }).array().notNull().default([]),
    description: varchar('description', { length: 1000 }),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.categoryId],
      foreignColumns: [courseCategories.organizationId, courseCategories.id],
    }),
    index('resources_tags_ix').using('gin', t.tagIds),
    trigramIndex('resources_title_trgm', t.title),
    trigramIndex('resources_description_trgm', t.description),
    enumCheck('resources_kind_ck', t.kind, resourceKindLabels),
  ],
);
