import type { ReactNode } from 'react';
import { useMenu } from './routes';

// Spec section 5: a gated element needs a non-empty list and shows when the user holds any of it.
export function hasPermission(held: ReadonlySet<string>, needed: readonly string[]): boolean {
  if (needed.length === 0) throw new Error('need permission');
  return needed.some((p) => held.has(p));
}

export function usePermission(needed: readonly string[]): boolean {
  const { permissions } = useMenu();
  return hasPermission(permissions, needed);
}

export function Permission({ need, children }: { need: readonly string[]; children: ReactNode }) {
  return usePermission(need) ? children : null;
}
