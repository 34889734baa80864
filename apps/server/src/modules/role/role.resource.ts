import { Permission as P, zRole, zRoleCreate, zRoleFilter, zRoleUpdate } from '@lyceum/contract';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { businessError, invalidParams } from '../../platform/errors';
import { createResource } from '../../platform/resource';
import { countUsersByRole, userCountsByRole } from '../user/user.service';
import { invalidatePermissions, permissionIdsOf } from './role.service';
import { roles } from './role.table';

export const roleResource = createResource({
  name: 'role',
  title: 'Role',
  table: roles,
  schemas: { row: zRole, create: zRoleCreate, update: zRoleUpdate, filter: zRoleFilter },
  permissions: {
    read: [P.rolePage, P.userPage],
    create: [P.roleCreate],
    update: [P.roleUpdate],
    remove: [P.roleDelete],
  },
  search: [roles.name, roles.description],
  sort: { default: [asc(roles.sort), asc(roles.id)], fields: { name: roles.name, sort: roles.sort } },
  unique: [{ fields: ['name'], label: 'Role name' }],
  usedBy: [{ label: 'users', count: countUsersByRole }],
  hooks: {
    async values(input, ctx, mode) {
      if (mode === 'update' && 'id' in input && input.id) {
        const [current] = await ctx.db
          .select({ code: roles.code, kind: roles.kind })
          .from(roles)
          .where(and(eq(roles.organizationId, ctx.orgId), eq(roles.id, input.id)));
        if (current?.code && current.kind !== input.kind)
          throw invalidParams('kind', 'the kind of a built-in role cannot change');
      }
      invalidatePermissions(ctx.orgId);
      return input;
    },
    async beforeDelete(ctx, ids) {
      const builtIn = await ctx.db
        .select({ name: roles.name })
        .from(roles)
        .where(and(eq(roles.organizationId, ctx.orgId), inArray(roles.id, ids), isNotNull(roles.code)));
      if (builtIn.length)
        throw businessError(`Built-in roles cannot be deleted: ${builtIn.map((r) => r.name).join(', ')}`);
    },
    async decorate(rows, ctx) {
      const ids = rows.map((r) => r.id as number);
      const perms = await permissionIdsOf(ctx.db, ctx.orgId, ids);
      const countOf = await userCountsByRole(ctx, ids);
      return rows.map((r) => ({
        ...r,
        builtIn: r.code !== null,
        userCount: countOf.get(r.id as number) ?? 0,
        permissionIds: perms.get(r.id as number) ?? [],
      }));
    },
  },
});
