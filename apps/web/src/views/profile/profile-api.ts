import type { CurrentUser, ProfileUpdate, User } from '@lyceum/contract';
import { get, post, postWithLoading, unwrap } from '../../shell/request';

// The current user has no sex/phone/e-mail in the contract yet, so the full record is read when allowed.
export async function loadProfile(): Promise<{ me: CurrentUser; full: User | null }> {
  const me = await unwrap(get<CurrentUser>('/api/user/current'));
  const full = await unwrap(post<User>(`/api/user/select/${me.id}`, {}, { silent: true })).catch(() => null);
  return { me, full };
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
