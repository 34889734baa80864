import type { PermissionCode } from '@lyceum/contract';
import type { ReactNode } from 'react';
import { useMenu } from './routes';

// Spec section 5: a gated element needs a non-empty list and shows when the user holds any of it.
// Permissions are named with the catalogue's type, so a misspelt one fails to compile.
export function hasPermission(held: ReadonlySet<string>, needed: readonly PermissionCode[]): boolean {
  if (needed.length === 0) throw new Error('need permission');
  return needed.some((p) => held.has(p));
}

export function usePermission(needed: readonly PermissionCode[]): boolean {
  const { permissions } = useMenu();
  return hasPermission(permissions, needed);
}

export function Permission({ need, children }: { need: readonly PermissionCode[]; children: ReactNode }) {
  return usePermission(need) ? children : null;
}
