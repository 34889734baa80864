import { documentAudienceLabels, resourceKindLabels } from '@lyceum/contract';
import { index, smallint, varchar } from 'drizzle-orm/pg-core';
import {
  createTime,
  enumCheck,
  keyedTable,
  keyId,
  ownedRefs,
  refId,
  tenantRef,
  trigramIndex,
} from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';
import { courseCategories, tags } from '../catalogue/catalogue.table';

export const documents = tenantTable(
  'documents',
  {
    title: varchar('title', { length: 200 }).notNull(),
    fileUrl: varchar('file_url', { length: 512 }).notNull(),
    audience: smallint('audience').notNull().default(1),
    description: varchar('description', { length: 1000 }),
    createTime: createTime(),
  },
  (t) => [
    enumCheck('documents_audience_ck', t.audience, documentAudienceLabels),
    trigramIndex('documents_title_trgm', t.title),
    trigramIndex('documents_description_trgm', t.description),
    index('documents_title_ix').on(t.organizationId, t.title),
  ],
);

export const resources = tenantTable(
  'resources',
  {
    title: varchar('title', { length: 200 }).notNull(),
    kind: smallint('kind').notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    categoryId: refId('category_id'),
    // Tag ids (checked against the tag tree on every write); a GIN index serves "resources with tag X".
    description: varchar('description', { length: 1000 }),
    createTime: createTime(),
  },
  (t) => [
    tenantRef(t.organizationId, t.categoryId, courseCategories),
    trigramIndex('resources_title_trgm', t.title),
    trigramIndex('resources_description_trgm', t.description),
    enumCheck('resources_kind_ck', t.kind, resourceKindLabels),
  ],
);

// A teaching resource's tags (the engine's link set `tagIds`), checked by foreign keys.
export const resourceTags = keyedTable(
  'resource_tags',
  {
    resourceId: keyId('resource_id'),
    tagId: keyId('tag_id'),
  },
  (t) => [t.resourceId, t.tagId],
  (t) => ownedRefs('resource_tags_tag_ix', t, [t.resourceId, resources], [t.tagId, tags]),
);
