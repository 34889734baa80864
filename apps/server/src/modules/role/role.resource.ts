import { RoleKind, roleDecl } from '@lyceum/contract';
import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { businessError, forbidden, invalidParams } from '../../platform/errors';
import { createResource, fromDecl } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { userCountsByRole } from '../user/user.service';
import { assertCanManageRole, assignableRoles } from './privilege.service';
import { permissionIdsOf, permissionsChanged } from './role.service';
import { roles } from './role.table';

export const roleResource = createResource({
  ...fromDecl(roleDecl),
  table: roles,
  search: [roles.name, roles.description],
  sort: { default: [asc(roles.sort), asc(roles.id)], fields: { name: roles.name, sort: roles.sort } },
  unique: [{ fields: ['name'], label: 'Role name' }],
  hooks: {
    // Only administrators make or change administrator roles; others change only roles within their own permissions.
    async validate(input, ctx, mode) {
      if (input.kind === RoleKind.Administrator && ctx.roleKind !== RoleKind.Administrator) {
        throw forbidden('adminRoleMake');
      }
      if (mode === 'update') await assertCanManageRole(ctx, (input as { id: number }).id);
    },
    async values(input, ctx, mode) {
      if (mode === 'update' && 'id' in input && input.id) {
        const [current] = await ctx.db
          .select({ code: roles.code, kind: roles.kind })
          .from(roles)
          .where(inOrg(roles, ctx.orgId, [eq(roles.id, input.id)]));
        if (current?.code && current.kind !== input.kind) throw invalidParams('kind', 'builtInKind');
      }
      return input;
    },
    // A role's kind decides what its grants mean; every process drops its cached view on commit.
    async afterSave(tx, _id, _input, ctx, mode) {
      if (mode === 'update') await permissionsChanged(tx, ctx.orgId);
    },
    async beforeDelete(ctx, ids) {
      const builtIn = await ctx.db
        .select({ name: roles.name })
        .from(roles)
        .where(inOrg(roles, ctx.orgId, [inArray(roles.id, ids), isNotNull(roles.code)]));
      if (builtIn.length) throw businessError('builtInDelete', { names: builtIn.map((r) => r.name).join(', ') });
      for (const id of ids) await assertCanManageRole(ctx, id);
    },
    async decorate(rows, ctx) {
      const ids = rows.map((r) => r.id as number);
      const perms = await permissionIdsOf(ctx.db, ctx.orgId, ids);
      const countOf = await userCountsByRole(ctx, ids);
      const assignable = await assignableRoles(ctx, ids);
      return rows.map((r) => ({
        ...r,
        builtIn: r.code !== null,
        userCount: countOf.get(r.id as number) ?? 0,
        permissionIds: perms.get(r.id as number) ?? [],
        assignable: assignable.has(r.id as number),
      }));
    },
  },
});
