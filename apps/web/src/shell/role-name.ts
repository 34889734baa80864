import type { TFunction } from 'i18next';

const BUILT_IN = new Set(['admin', 'academic', 'teacher', 'student']);

// Built-in roles carry a code and show its translation; roles people create show their own name.
export function roleName(role: { name: string; code?: string | null }, t: TFunction): string {
  return role.code && BUILT_IN.has(role.code) ? t(`role.codes.${role.code}`) : role.name;
}
