import type { CurrentUser, ProfileUpdate, User } from '@lyceum/contract';
import { get, postWithLoading, unwrap } from '../../shell/request';

export function loadProfile(): Promise<CurrentUser> {
  return unwrap(get<CurrentUser>('/api/user/current'));
}

export function updateProfile(body: ProfileUpdate): Promise<User> {
  return unwrap(postWithLoading<User>('/api/user/updateProfile', body));
}

export function switchRole(roleId: number): Promise<unknown> {
  return unwrap(postWithLoading<unknown>('/api/user/change', { roleId }));
}

export function changePassword(oldPassword: string, newPassword: string): Promise<unknown> {
  return unwrap(postWithLoading<unknown>('/api/user/changePassword', { oldPassword, newPassword }));
}
