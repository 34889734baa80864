import { DepartmentType, departmentDecl, departmentEntity } from '@lyceum/contract';
import { asc, eq } from 'drizzle-orm';
import { invalidParams } from '../../platform/errors';
import { createResource, fromDecl } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { departments } from './department.table';

export const departmentResource = createResource({
  ...fromDecl(departmentDecl),
  meta: departmentEntity.meta,
  table: departments,
  search: [departments.name],
  sort: {
    default: [asc(departments.sort), asc(departments.id)],
    fields: { name: departments.name, sort: departments.sort },
  },
  unique: [{ fields: ['parentId', 'name'], label: 'Department' }],
  hooks: {
    // A college sits at the top; a major sits under a college.
    async validate(input, ctx) {
      if (input.type === DepartmentType.College && input.parentId !== null) {
        throw invalidParams('parentId', 'collegeTopLevel');
      }
      if (input.type !== DepartmentType.Major) return;
      const [parent] = input.parentId
        ? await ctx.db
            .select({ type: departments.type })
            .from(departments)
            .where(inOrg(departments, ctx.orgId, [eq(departments.id, input.parentId)]))
        : [];
      if (parent?.type !== DepartmentType.College) throw invalidParams('parentId', 'majorUnderCollege');
    },
  },
});
