import { isBuiltInRoleCode } from '@lyceum/contract';
import type { TFunction } from 'i18next';

// Built-in roles carry a code and show its translation; roles people create show their own name.
export function roleName(role: { name: string; code?: string | null }, t: TFunction): string {
  return isBuiltInRoleCode(role.code) ? t(`role.codes.${role.code}`) : role.name;
}
