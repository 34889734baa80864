import { RoleKind } from '@lyceum/contract';
import type { RequestContext } from '../platform/context';
import type { Db } from '../platform/db';

// The demo teacher as the services see a caller, so seeded records go through the same rules,
// sanitising and versioning as the API's.
export function seedContext(db: Db, orgId: number, userId: number, permissions: string[] = []): RequestContext {
  return {
    orgId,
    domain: 'demo',
    userId,
    userName: 'teacher',
    realName: 'Seed',
    roleId: null,
    roleKind: RoleKind.Teacher,
    permissions: new Set(permissions),
    tokenHash: '',
    db,
  };
}
