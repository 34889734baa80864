import type { MailPreferences, ProfileUpdate } from '@lyceum/contract';
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

// Whether the user also receives their messages by e-mail, and in which language (issue 29).
export function loadMailPreferences({ signal }: Cancel = {}) {
  return call(api.message.mailPreferences, {}, { signal, retry: 2 });
}

export function saveMailPreferences(body: MailPreferences) {
  return call(api.message.saveMailPreferences, { body });
}
