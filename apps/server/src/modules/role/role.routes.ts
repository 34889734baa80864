import { Permission as P, zPermissionNode, zRoleAssignRequest, zRoleGrantRequest } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerResource } from '../../platform/resource-routes';
import { defineRoute } from '../../platform/route';
import { assignRole } from '../user/user.service';
import { roleResource } from './role.resource';
import { grantPermissions, permissionTree } from './role.service';

export function roleRoutes(app: FastifyInstance) {
  registerResource(app, roleResource);
  defineRoute(app, {
    method: 'GET',
    url: '/api/role/permissionTree',
    summary: 'The whole permission menu as a tree (areas, pages, buttons) for ticking in a role',
    tags: ['role'],
    access: [P.rolePage, P.roleGrant],
    response: z.array(zPermissionNode),
    handler: async () => permissionTree(),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/role/grant',
    summary: 'Set the menus and permissions a role grants (replaces the previous set)',
    description:
      'A student role cannot be granted staff entries; the built-in administrator role always holds everything.',
    tags: ['role'],
    access: [P.roleGrant],
    mutates: true,
    body: zRoleGrantRequest,
    response: z.null(),
    handler: async ({ ctx, body }) => {
      await grantPermissions(ctx, body.roleId, body.permissionIds);
      return null;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/role/assign',
    summary: 'Give a role to users, or take it away (mode "remove")',
    description:
      'All users must belong to the organisation; nobody is left without a role. Only roles and users whose ' +
      'permissions are within the caller’s own; at least one enabled administrator remains.',
    tags: ['role'],
    access: [P.userAssignRole],
    mutates: true,
    body: zRoleAssignRequest,
    response: z.null(),
    handler: async ({ ctx, body }) => {
      await roleResource.get(ctx, body.roleId);
      await assignRole(ctx, body.roleId, body.userIds, body.mode);
      return null;
    },
  });
}
