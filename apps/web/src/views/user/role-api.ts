import type { PermissionNode, Role, RoleCreate, RoleUpdate, zRolePageRequest } from '@lyceum/contract';
import type { z } from 'zod';
import { resourceApi } from '../../crud/resource-api';
import { get, postWithLoading, unwrap } from '../../shell/request';

export type RolePageRequest = z.input<typeof zRolePageRequest>;
export const roleApi = resourceApi<Role, RoleCreate, RoleUpdate, RolePageRequest>('role');

export function permissionTree(): Promise<PermissionNode[]> {
  return unwrap(get<PermissionNode[]>('/api/role/permissionTree'));
}

export function grant(roleId: number, permissionIds: number[]): Promise<unknown> {
  return unwrap(postWithLoading<unknown>('/api/role/grant', { roleId, permissionIds }));
}
