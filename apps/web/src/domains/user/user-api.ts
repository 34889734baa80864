import type { Role, User, UserCreate, UserPageRequest, UserUpdate } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { resourceApi } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';
import { roleApi } from './role-api';

export const userApi = resourceApi<User, UserCreate, UserUpdate, UserPageRequest>('user');

export function teacherPage(req: UserPageRequest & { keyword?: string }, { signal }: Cancel = {}) {
  return call(api.user.teacherPage, { body: req }, { signal, retry: 2 });
}

export function studentPage(req: { keyword?: string; pageIndex: number; pageSize: number }, { signal }: Cancel = {}) {
  return call(api.user.categoryStudentPage, { body: req }, { signal, retry: 2 });
}

export function changeStatus(id: number, status: User['status']) {
  return call(api.user.changeStatus, { params: { id }, body: { status } }, { loading: true });
}

export function resetPassword(id: number, password?: string) {
  return call(api.user.resetPassword, { params: { id }, body: password ? { password } : {} }, { loading: true });
}

// All the organisation's roles, for the role filter (and, through their organizationId, the path below).
export function roleList(): Promise<Role[]> {
  return roleApi.list();
}
