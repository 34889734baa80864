import type { ProfileUpdate } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { type Cancel, call } from '../../shell/request';

export function loadProfile({ signal }: Cancel = {}) {
  return call(api.auth.current, {}, { signal, retry: 2 });
}

export function updateProfile(body: ProfileUpdate) {
  return call(api.auth.updateProfile, { body }, { loading: true });
}

export function switchRole(roleId: number) {
  return call(api.auth.changeRole, { body: { roleId } }, { loading: true });
}

export function changePassword(oldPassword: string, newPassword: string) {
  return call(api.auth.changePassword, { body: { oldPassword, newPassword } }, { loading: true });
}
