import { z } from 'zod';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { Permission as P } from '../menu-catalogue';
import {
  zPermissionNode,
  zRole,
  zRoleAssignRequest,
  zRoleCreate,
  zRoleFilter,
  zRoleGrantRequest,
  zRoleUpdate,
} from './role';

const tags = ['role'];

// Granting a role its permissions and giving roles to users.
export const roleEndpoints = {
  permissionTree: endpoint({
    method: 'GET',
    path: '/api/role/permissionTree',
    summary: 'The whole permission menu as a tree (areas, pages, buttons) for ticking in a role',
    tags,
    access: [P.rolePage, P.roleGrant],
    response: z.array(zPermissionNode),
  }),
  grant: endpoint({
    method: 'POST',
    path: '/api/role/grant',
    summary: 'Set the menus and permissions a role grants (replaces the previous set)',
    description:
      'A student role cannot be granted staff entries; the built-in administrator role always holds everything.',
    tags,
    access: [P.roleGrant],
    mutates: true,
    body: zRoleGrantRequest,
    response: z.null(),
  }),
  assign: endpoint({
    method: 'POST',
    path: '/api/role/assign',
    summary: 'Give a role to users, or take it away (mode "remove")',
    description:
      'All users must belong to the organisation; nobody is left without a role. Only roles and users whose ' +
      'permissions are within the caller’s own; at least one enabled administrator remains.',
    tags,
    access: [P.userAssignRole],
    mutates: true,
    body: zRoleAssignRequest,
    response: z.null(),
  }),
};

// The role resource (no spreadsheets): the engine's verbs, declared once for the server and the web.
export const roleDecl = engineDecl({
  name: 'role',
  title: 'Role',
  schemas: { row: zRole, create: zRoleCreate, update: zRoleUpdate, filter: zRoleFilter },
  access: {
    read: [P.rolePage, P.userPage],
    create: [P.roleCreate],
    update: [P.roleUpdate],
    remove: [P.roleDelete],
  },
});
export const roleVerbs = engineEndpoints(roleDecl);
