import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { assignRole } from '../user/user.service';
import { roleResource } from './role.resource';
import { grantPermissions, permissionTree } from './role.service';

export function roleRoutes(app: FastifyInstance) {
  registerResource(app, roleResource);
  defineEndpoint(app, api.role.permissionTree, async () => permissionTree());
  defineEndpoint(app, api.role.grant, async ({ ctx, body }) => {
    await grantPermissions(ctx, body.roleId, body.permissionIds);
    return null;
  });
  defineEndpoint(app, api.role.assign, async ({ ctx, body }) => {
    await roleResource.get(ctx, body.roleId);
    await assignRole(ctx, body.roleId, body.userIds, body.mode);
    return null;
  });
}
