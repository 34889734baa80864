import { documentAudienceLabels, resourceKindLabels } from '@lyceum/contract';
import { bigint, index, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import {
  createTime,
  enumCheck,
  organizationId,
  refId,
  tenantId,
  tenantRef,
  trigramIndex,
} from '../../platform/columns';
import { organizations } from '../../platform/organizations.table';
import { courseCategories, tags } from '../catalogue/catalogue.table';

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
    description: varchar('description', { length: 1000 }),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    tenantRef(t.organizationId, t.categoryId, courseCategories),
    trigramIndex('resources_title_trgm', t.title),
    trigramIndex('resources_description_trgm', t.description),
    enumCheck('resources_kind_ck', t.kind, resourceKindLabels),
  ],
);

// A teaching resource's tags (the engine's link set `tagIds`), checked by foreign keys.
export const resourceTags = pgTable(
  'resource_tags',
  {
    organizationId: organizationId(),
    resourceId: bigint('resource_id', { mode: 'number' }).notNull(),
    tagId: bigint('tag_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.resourceId, t.tagId] }),
    index('resource_tags_tag_ix').on(t.organizationId, t.tagId),
    tenantRef(t.organizationId, t.resourceId, resources).onDelete('cascade'),
    tenantRef(t.organizationId, t.tagId, tags),
  ],
);
