import type { Role, RoleCreate, RoleUpdate, zRolePageRequest } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import type { z } from 'zod';
import { resourceApi } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';

export type RolePageRequest = z.input<typeof zRolePageRequest>;
export const roleApi = resourceApi<Role, RoleCreate, RoleUpdate, RolePageRequest>('role');

export function permissionTree({ signal }: Cancel = {}) {
  return call(api.role.permissionTree, {}, { signal, retry: 2 });
}

export function grant(roleId: number, permissionIds: number[]) {
  return call(api.role.grant, { body: { roleId, permissionIds } }, { loading: true });
}
