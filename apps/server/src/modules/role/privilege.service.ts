import { ADMIN_ROLE_CODE, Permission, RoleKind, studentOnlyPermissions, UserStatus } from '@lyceum/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { businessError, forbidden } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { userRoles, users } from '../user/user.table';
import { effectivePermissions } from './role.service';
import { roles } from './role.table';

// The privilege ceiling: nobody creates, changes, resets, disables, deletes or gives roles to a user
// who can do more than they can, and nobody grants or assigns a role that can do more than they can.
// "More" is measured on staff permissions (students' own pages give no power over anyone) and on
// the administrator kind, which only administrators manage. Every write that touches users, roles,
// grants or passwords goes through the checks below.
export interface Privilege {
  codes: ReadonlySet<string>;
  admin: boolean;
}

function staffCodes(codes: Iterable<string>): Set<string> {
  return new Set([...codes].filter((c) => !studentOnlyPermissions.has(c)));
}

// What the caller acts with: the permissions of their active role.
export function ceilingOf(ctx: RequestContext): Privilege {
  return { codes: staffCodes(ctx.permissions), admin: ctx.roleKind === RoleKind.Administrator };
}

// The permissions outside the ceiling ([] = within it).
export function beyond(p: Privilege, ceiling: Privilege): string[] {
  const extra = [...p.codes].filter((c) => !ceiling.codes.has(c));
  return p.admin && !ceiling.admin ? ['administrator', ...extra] : extra;
}

export async function privilegeOfRole(db: DbOrTx, orgId: number, roleId: number): Promise<Privilege> {
  const perms = await effectivePermissions(db, orgId, roleId);
  return { codes: staffCodes(perms?.codes ?? []), admin: perms?.kind === RoleKind.Administrator };
}

// Everything a user can do with all the roles they hold, not only the active one.
export async function privilegesOfUsers(ctx: RequestContext, userIds: number[]): Promise<Map<number, Privilege>> {
  const held = userIds.length
    ? await ctx.db
        .select({ userId: userRoles.userId, roleId: userRoles.roleId })
        .from(userRoles)
        .where(inOrg(userRoles, ctx.orgId, [inArray(userRoles.userId, userIds)]))
    : [];
  const byRole = new Map<number, Privilege>();
  for (const roleId of new Set(held.map((h) => h.roleId))) {
    byRole.set(roleId, await privilegeOfRole(ctx.db, ctx.orgId, roleId));
  }
  const out = new Map<number, Privilege>(userIds.map((id) => [id, { codes: new Set<string>(), admin: false }]));
  for (const h of held) {
    const p = out.get(h.userId)!;
    const r = byRole.get(h.roleId)!;
    out.set(h.userId, { codes: new Set([...p.codes, ...r.codes]), admin: p.admin || r.admin });
  }
  return out;
}

function describe(extra: string[]): string {
  return extra.length > 3 ? `${extra.slice(0, 3).join(', ')} and ${extra.length - 3} more` : extra.join(', ');
}

// The caller may act on these users only if each can do no more than the caller.
export async function assertCanManageUsers(ctx: RequestContext, userIds: number[], action: string): Promise<void> {
  const ceiling = ceilingOf(ctx);
  const privileges = await privilegesOfUsers(ctx, userIds);
  for (const [userId, p] of privileges) {
    const extra = beyond(p, ceiling);
    if (!extra.length) continue;
    const [u] = await ctx.db
      .select({ userName: users.userName })
      .from(users)
      .where(inOrg(users, ctx.orgId, [eq(users.id, userId)]));
    throw forbidden('userOutranks', { action, user: u?.userName ?? `user ${userId}`, permissions: describe(extra) });
  }
}

// Giving roles needs the role-assignment permission, and each role must be within the caller's ceiling.
export async function assertCanAssignRoles(ctx: RequestContext, roleIds: number[]): Promise<void> {
  if (!roleIds.length) return;
  if (!ctx.permissions.has(Permission.userAssignRole)) throw forbidden('cannotAssignRoles');
  const ceiling = ceilingOf(ctx);
  for (const roleId of new Set(roleIds)) {
    const extra = beyond(await privilegeOfRole(ctx.db, ctx.orgId, roleId), ceiling);
    if (!extra.length) continue;
    const [r] = await ctx.db
      .select({ name: roles.name })
      .from(roles)
      .where(inOrg(roles, ctx.orgId, [eq(roles.id, roleId)]));
    throw forbidden('roleOutranks', { role: r?.name ?? String(roleId), permissions: describe(extra) });
  }
}

// Changing a role (its menus, its kind) or deleting it: only within the caller's ceiling.
export async function assertCanManageRole(ctx: RequestContext, roleId: number): Promise<void> {
  const extra = beyond(await privilegeOfRole(ctx.db, ctx.orgId, roleId), ceilingOf(ctx));
  if (extra.length) throw forbidden('roleBeyondYou', { permissions: describe(extra) });
}

// The users the caller may act on, for the user screen (which rows it may edit).
export async function manageableUsers(ctx: RequestContext, userIds: number[]): Promise<Set<number>> {
  const ceiling = ceilingOf(ctx);
  const privileges = await privilegesOfUsers(ctx, userIds);
  return new Set([...privileges].filter(([, p]) => !beyond(p, ceiling).length).map(([id]) => id));
}

// The roles the caller may give, for the role pickers.
export async function assignableRoles(ctx: RequestContext, roleIds: number[]): Promise<Set<number>> {
  if (!ctx.permissions.has(Permission.userAssignRole)) return new Set();
  const ceiling = ceilingOf(ctx);
  const out = new Set<number>();
  for (const id of roleIds) if (!beyond(await privilegeOfRole(ctx.db, ctx.orgId, id), ceiling).length) out.add(id);
  return out;
}

// Inside a transaction that may have removed, disabled or demoted an administrator: at least one
// enabled holder of the built-in Administrator role must remain. The advisory lock makes two such
// transactions take turns, so two administrators cannot disable each other at the same moment.
export async function assertAdministratorRemains(tx: Tx, orgId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7302, ${orgId}::int)`);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(userRoles, sameOrg(userRoles, users, [eq(userRoles.userId, users.id)]))
    .innerJoin(roles, sameOrg(roles, userRoles, [eq(roles.id, userRoles.roleId)]))
    .where(inOrg(users, orgId, [eq(users.status, UserStatus.Enabled), eq(roles.code, ADMIN_ROLE_CODE)]));
  if (Number(n) === 0) {
    throw businessError('lastAdministrator');
  }
}
