import { tagDecl, tagEntity } from '@lyceum/contract';
import { asc, eq } from 'drizzle-orm';
import { invalidParams } from '../../platform/errors';
import { createResource, fromDecl } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { tags } from './catalogue.table';

export const tagResource = createResource({
  ...fromDecl(tagDecl),
  meta: tagEntity.meta,
  table: tags,
  search: [tags.name],
  sort: { default: [asc(tags.sort), asc(tags.id)] },
  unique: [{ fields: ['parentId', 'name'], label: 'Tag' }],
  hooks: {
    // A knowledge point sits under knowledge points, a tag under tags.
    async validate(input, ctx) {
      if (!input.parentId) return;
      const [parent] = await ctx.db
        .select({ type: tags.type })
        .from(tags)
        .where(inOrg(tags, ctx.orgId, [eq(tags.id, input.parentId)]));
      if (parent && parent.type !== input.type) throw invalidParams('type', 'parentTypeMismatch');
    },
  },
});
