import type { Page, Role, User, UserCreate, UserPageRequest, UserUpdate } from '@lyceum/contract';
import { resourceApi } from '../../crud/resource-api';
import { post, postWithLoading, unwrap } from '../../shell/request';

export const userApi = resourceApi<User, UserCreate, UserUpdate, UserPageRequest>('user');

export function teacherPage(req: UserPageRequest & { keyword?: string }): Promise<Page<User>> {
  return unwrap(post<Page<User>>('/api/user/teacher/page', req));
}

export function studentPage(req: { keyword?: string; pageIndex: number; pageSize: number }): Promise<Page<User>> {
  return unwrap(post<Page<User>>('/api/user/categoryStudentPage', req));
}

export function changeStatus(id: number, status: User['status']): Promise<unknown> {
  return unwrap(postWithLoading<unknown>(`/api/user/changeStatus/${id}`, { status }));
}

export function resetPassword(id: number, password?: string): Promise<{ password: string | null }> {
  return unwrap(
    postWithLoading<{ password: string | null }>(`/api/user/resetPassword/${id}`, password ? { password } : {}),
  );
}

// All the organisation's roles, for the role filter (and, through their organizationId, the path below).
export function roleList(): Promise<Role[]> {
  return unwrap(post<Role[]>('/api/role/list'));
}
