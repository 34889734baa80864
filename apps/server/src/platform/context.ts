import type { RoleKind } from '@lyceum/contract';
import type { Db } from './db';

// Who is calling, resolved from the session before validation runs. Every tenant query is scoped
// by `orgId` taken from here, never from the request body.
export interface RequestContext {
  orgId: number;
  domain: string;
  userId: number;
  userName: string;
  realName: string;
  roleId: number | null;
  roleKind: RoleKind | null;
  permissions: ReadonlySet<string>;
  tokenHash: string;
  db: Db;
}

export function hasAny(ctx: RequestContext, required: readonly string[]): boolean {
  return required.some((p) => ctx.permissions.has(p));
}
