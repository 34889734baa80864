import { documentAudienceLabels, resourceKindLabels } from '@lyceum/contract';
import { bigint, foreignKey, index, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { createTime, enumCheck, organizationId, refId, tenantId } from '../../platform/columns';
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
    enumCheck('resources_kind_ck', t.kind, resourceKindLabels),
  ],
);
