import { typeEnumDecl, typeEnumEntity } from '@lyceum/contract';
import { asc, eq } from 'drizzle-orm';
import { invalidParams } from '../../platform/errors';
import { createResource, fromDecl } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { categories, degrees, typeEnums } from './education.table';

export const typeEnumResource = createResource({
  ...fromDecl(typeEnumDecl),
  meta: typeEnumEntity.meta,
  table: typeEnums,
  search: [typeEnums.name],
  sort: {
    default: [asc(typeEnums.sort), asc(typeEnums.systemTypeEnum)],
    fields: { name: typeEnums.name, systemTypeEnum: typeEnums.systemTypeEnum, sort: typeEnums.sort },
  },
  unique: [{ fields: ['categoryId', 'systemTypeEnum'], label: 'System type' }],
  references: { categoryId: { table: categories, label: 'category' }, degreeId: { table: degrees, label: 'degree' } },
  hooks: {
    async validate(input, ctx) {
      const [category] = await ctx.db
        .select({ degreeId: categories.degreeId })
        .from(categories)
        .where(inOrg(categories, ctx.orgId, [eq(categories.id, input.categoryId)]));
      if (category && category.degreeId !== input.degreeId) {
        throw invalidParams('categoryId', 'categoryOtherDegree');
      }
    },
  },
});
