import {
  isStaffKind,
  type ProfileUpdate,
  RoleKind,
  type UserSex,
  UserStatus,
  userDecl,
  userMeta,
} from '@lyceum/contract';
import { and, asc, type Column, desc, eq, gte, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { hashPassword, randomPassword, verifyPassword } from '../../platform/crypto';
import type { DbOrTx } from '../../platform/db';
import { businessError, invalidParams, notFound } from '../../platform/errors';
import { assertPassword } from '../../platform/password-policy';
import { createResource, fromDecl, likePattern } from '../../platform/resource';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { endUserSessions } from '../auth/session.service';
import { sessionsChanged } from '../auth/session-cache';
import { departments, userCategories } from '../department/department.table';
import {
  assertAdministratorRemains,
  assertCanAssignRoles,
  assertCanManageUsers,
  manageableUsers,
} from '../role/privilege.service';
import { roles } from '../role/role.table';
import { userRoles, users } from './user.table';

// Users who hold at least one role of the given kind (teacher, student, ...).
export function withRoleKind(kind: RoleKind): SQL {
  return sql`exists (select 1 from ${userRoles} ur join ${roles} r on r.organization_id = ur.organization_id and r.id = ur.role_id
    where ur.organization_id = ${users.organizationId} and ur.user_id = ${users.id} and r.kind = ${kind})`;
}

export function withRole(ctx: RequestContext, roleId: number): SQL {
  return inArray(
    users.id,
    ctx.db
      .select({ id: userRoles.userId })
      .from(userRoles)
      .where(inOrg(userRoles, ctx.orgId, [eq(userRoles.roleId, roleId)])),
  );
}

// A user (`user`: the users table of the query or an alias of it) whose user name or real name holds the keyword.
export function keywordMatch(keyword: string, user: { userName: Column; realName: Column } = users): SQL | undefined {
  const pattern = likePattern(keyword);
  return or(ilike(user.userName, pattern), ilike(user.realName, pattern));
}

async function rolesOfUsers(db: DbOrTx, orgId: number, userIds: number[]) {
  const out = new Map<number, { id: number; name: string; kind: number; code: string | null }[]>();
  if (!userIds.length) return out;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name, kind: roles.kind, code: roles.code })
    .from(userRoles)
    .innerJoin(roles, sameOrg(roles, userRoles, [eq(roles.id, userRoles.roleId)]))
    .where(inOrg(userRoles, orgId, [inArray(userRoles.userId, userIds)]))
    .orderBy(asc(roles.kind), asc(roles.id));
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    list.push({ id: r.id, name: r.name, kind: r.kind, code: r.code });
    out.set(r.userId, list);
  }
  return out;
}

export async function userCountsByRole(ctx: RequestContext, roleIds: number[]): Promise<Map<number, number>> {
  if (!roleIds.length) return new Map();
  const rows = await ctx.db
    .select({ roleId: userRoles.roleId, n: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(inOrg(userRoles, ctx.orgId, [inArray(userRoles.roleId, roleIds)]))
    .groupBy(userRoles.roleId);
  return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
}

export const userResource = createResource({
  ...fromDecl(userDecl),
  table: users,
  meta: userMeta,
  search: [users.userName, users.realName, users.phone, users.email],
  filters: { roleId: (roleId, ctx) => withRole(ctx, roleId) },
  sort: {
    default: [desc(users.id)],
    fields: {
      userName: users.userName,
      realName: users.realName,
      createTime: users.createTime,
      lastActiveTime: users.lastActiveTime,
    },
  },
  unique: [{ fields: ['userName'], label: 'User name' }],
  references: {
    departmentId: { table: departments, label: 'department' },
    userCategoryId: { table: userCategories, label: 'user category' },
  },
  // A user's roles live in user_roles, saved by difference with the user and counted as "used by"
  // when a role is deleted.
  links: {
    roleIds: {
      table: userRoles,
      owner: userRoles.userId,
      target: userRoles.roleId,
      ref: { table: roles, label: 'role' },
    },
  },
  omit: ['passwordHash', 'updateTime'],
  files: ['avatar'],
  // An avatar is seen by its owner and by staff (user lists, class rosters), not by other students.
  fileReaders: async (ctx, ids) => ids.includes(ctx.userId) || (ctx.roleKind !== null && isStaffKind(ctx.roleKind)),
  checks: [
    {
      fields: ['password'],
      run: ({ password, userName, realName }, ctx) => {
        if (password) assertPassword('password', password, [userName ?? '', realName ?? '', ctx.domain]);
      },
    },
    // The privilege ceiling (privilege.service.ts): only roles within the caller's own.
    { fields: ['roleIds'], run: ({ roleIds }, ctx) => assertCanAssignRoles(ctx, roleIds ?? []) },
  ],
  hooks: {
    // The privilege ceiling on a change: only users and roles within the caller's own.
    async validate(input, ctx, mode) {
      if (mode === 'create') return;
      const id = (input as { id: number }).id;
      await assertCanManageUsers(ctx, [id], 'change');
      const current = ((await rolesOfUsers(ctx.db, ctx.orgId, [id])).get(id) ?? []).map((r) => r.id);
      const next = new Set(input.roleIds);
      const removed = current.filter((r) => !next.has(r));
      if (id === ctx.userId && removed.length) throw invalidParams('roleIds', 'ownRole');
      await assertCanAssignRoles(ctx, [...[...next].filter((r) => !current.includes(r)), ...removed]);
    },
    async values(input, ctx, mode) {
      if (mode === 'create' && 'password' in input) {
        return { ...input, passwordHash: await hashPassword(input.password) };
      }
      if ('id' in input && input.id === ctx.userId && input.status === UserStatus.Disabled) {
        throw invalidParams('status', 'ownDisable');
      }
      return { ...input, updateTime: new Date() };
    },
    async afterSave(tx, id, input, ctx, mode) {
      if (mode === 'create') return;
      if (input.status === UserStatus.Disabled) await endUserSessions(tx, ctx.orgId, [id]);
      // Their roles or names may have changed: every process looks their sessions up again.
      else await sessionsChanged(tx, { orgId: ctx.orgId, userIds: [id] });
      await assertAdministratorRemains(tx, ctx.orgId);
    },
    async beforeDelete(ctx, ids) {
      if (ids.includes(ctx.userId)) throw businessError('ownDelete');
      await assertCanManageUsers(ctx, ids, 'delete');
    },
    async afterDelete(ctx, ids, tx) {
      await sessionsChanged(tx, { orgId: ctx.orgId, userIds: ids });
      await assertAdministratorRemains(tx, ctx.orgId);
    },
    async decorate(rows, ctx) {
      const ids = rows.map((r) => r.id as number);
      const byUser = await rolesOfUsers(ctx.db, ctx.orgId, ids);
      // Which rows the caller may act on, so the screen offers only what the server will allow.
      const manageable = await manageableUsers(ctx, ids);
      return rows.map((r) => {
        const rs = byUser.get(r.id as number) ?? [];
        return { ...r, roles: rs, roleIds: rs.map((x) => x.id), manageable: manageable.has(r.id as number) };
      });
    },
  },
});

export async function changeStatus(ctx: RequestContext, id: number, status?: UserStatus) {
  const user = await userResource.get(ctx, id);
  const next = status ?? (user.status === UserStatus.Enabled ? UserStatus.Disabled : UserStatus.Enabled);
  if (id === ctx.userId && next === UserStatus.Disabled) throw businessError('ownDisable');
  await assertCanManageUsers(ctx, [id], next === UserStatus.Disabled ? 'disable' : 'enable');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ status: next, updateTime: new Date() })
      .where(inOrg(users, ctx.orgId, [eq(users.id, id)]));
    // Disabling ends the user's sessions at once, not at their next expiry.
    if (next === UserStatus.Disabled) {
      await endUserSessions(tx, ctx.orgId, [id]);
      await assertAdministratorRemains(tx, ctx.orgId);
    }
  });
  return userResource.get(ctx, id);
}

export async function resetPassword(ctx: RequestContext, id: number, password?: string) {
  const target = await userResource.get(ctx, id);
  if (password) {
    assertPassword('password', password, [target.userName as string, target.realName as string, ctx.domain]);
  }
  // Otherwise a lower role could set an administrator's password and log in as them.
  await assertCanManageUsers(ctx, [id], 'reset the password of');
  const plain = password ?? randomPassword();
  const passwordHash = await hashPassword(plain);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updateTime: new Date() })
      .where(inOrg(users, ctx.orgId, [eq(users.id, id)]));
    await endUserSessions(tx, ctx.orgId, [id]);
  });
  // A generated password is shown once to the admin; one they typed is not echoed back.
  return { password: password ? null : plain };
}

export async function changeOwnPassword(ctx: RequestContext, oldPassword: string, newPassword: string) {
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(inOrg(users, ctx.orgId, [eq(users.id, ctx.userId)]));
  if (!row || !(await verifyPassword(row.passwordHash, oldPassword))) {
    throw invalidParams('oldPassword', 'wrongPassword');
  }
  if (oldPassword === newPassword) throw invalidParams('newPassword', 'samePassword');
  assertPassword('newPassword', newPassword, [ctx.userName, ctx.realName, ctx.domain]);
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updateTime: new Date() })
      .where(inOrg(users, ctx.orgId, [eq(users.id, ctx.userId)]));
    // Other sessions of this user end; the one that changed the password stays.
    await endUserSessions(tx, ctx.orgId, [ctx.userId], ctx.tokenHash);
  });
}

export async function updateProfile(ctx: RequestContext, input: ProfileUpdate) {
  const values = {
    realName: input.realName,
    sex: input.sex ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    avatar: input.avatar ?? null,
    updateTime: new Date(),
  };
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set(values)
      .where(inOrg(users, ctx.orgId, [eq(users.id, ctx.userId)]));
    await userResource.linkFiles(tx, ctx, [{ id: ctx.userId, values }]);
  });
  return userResource.get(ctx, ctx.userId);
}

const brief = { id: users.id, userName: users.userName, realName: users.realName, avatar: users.avatar };

// Short user records for pickers: by name keyword, optionally limited to a role kind.
export async function searchBrief(
  ctx: RequestContext,
  opts: { keyword?: string; kind?: RoleKind; ids?: number[]; extra?: SQL; limit: number },
) {
  return ctx.db
    .select(brief)
    .from(users)
    .where(
      inOrg(users, ctx.orgId, [
        opts.keyword ? keywordMatch(opts.keyword) : undefined,
        opts.kind ? withRoleKind(opts.kind) : undefined,
        opts.ids ? inArray(users.id, opts.ids) : undefined,
        opts.extra,
      ]),
    )
    .orderBy(asc(users.userName))
    .limit(opts.limit);
}

export async function findUserByName(ctx: RequestContext, userName: string) {
  const [row] = await ctx.db
    .select(brief)
    .from(users)
    .where(inOrg(users, ctx.orgId, [sql`lower(${users.userName}) = lower(${userName})`]));
  if (!row) throw notFound('User');
  return row;
}

export function studentFilter(f: { userCategoryId?: number; departmentId?: number; keyword?: string }) {
  return and(
    withRoleKind(RoleKind.Student),
    eq(users.status, UserStatus.Enabled),
    f.userCategoryId ? eq(users.userCategoryId, f.userCategoryId) : undefined,
    f.departmentId ? eq(users.departmentId, f.departmentId) : undefined,
    f.keyword ? keywordMatch(f.keyword) : undefined,
  );
}

export async function currentUser(ctx: RequestContext) {
  const me = await userResource.get(ctx, ctx.userId);
  return {
    id: ctx.userId,
    userName: me.userName as string,
    realName: me.realName as string,
    avatar: (me.avatar as string | null) ?? null,
    sex: (me.sex as UserSex | null) ?? null,
    phone: (me.phone as string | null) ?? null,
    email: (me.email as string | null) ?? null,
    roles: me.roles as { id: number; name: string; kind: RoleKind; code: string | null }[],
  };
}

// The department a user belongs to, by name (a student's home page greets them with it).
export async function departmentNameOf(ctx: RequestContext, userId: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ name: departments.name })
    .from(users)
    .innerJoin(departments, sameOrg(departments, users, [eq(departments.id, users.departmentId)]))
    .where(inOrg(users, ctx.orgId, [eq(users.id, userId)]));
  return row?.name ?? null;
}

export async function countUsers(ctx: RequestContext): Promise<number> {
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.organizationId, ctx.orgId));
  return Number(n);
}

export async function activeSince(ctx: RequestContext, since: Date): Promise<number> {
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(inOrg(users, ctx.orgId, [gte(users.lastActiveTime, since)]));
  return Number(n);
}

// Gives a role to users or takes it from them. Users of other organisations count as not found;
// nobody is left without a role, and nobody takes a role from themselves.
export async function assignRole(ctx: RequestContext, roleId: number, userIds: number[], mode: 'add' | 'remove') {
  const ids = [...new Set(userIds)];
  const found = await searchBrief(ctx, { ids, limit: ids.length });
  const missing = ids.filter((id) => !found.some((u) => u.id === id));
  if (missing.length) throw notFound(`User ${missing.join(', ')}`);
  await assertCanAssignRoles(ctx, [roleId]);
  await assertCanManageUsers(ctx, ids, mode === 'add' ? 'give a role to' : 'take a role from');
  if (mode === 'add') {
    await ctx.db
      .insert(userRoles)
      .values(ids.map((userId) => ({ organizationId: ctx.orgId, userId, roleId })))
      .onConflictDoNothing();
    await sessionsChanged(ctx.db, { orgId: ctx.orgId, userIds: ids });
    return;
  }
  if (ids.includes(ctx.userId)) throw businessError('ownRole');
  const held = await rolesOfUsers(ctx.db, ctx.orgId, ids);
  const stranded = found.filter((u) => (held.get(u.id) ?? []).every((r) => r.id === roleId));
  if (stranded.length) {
    throw businessError('leftWithoutRole', { users: stranded.map((u) => u.userName).join(', ') });
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(userRoles)
      .where(inOrg(userRoles, ctx.orgId, [eq(userRoles.roleId, roleId), inArray(userRoles.userId, ids)]));
    await assertAdministratorRemains(tx, ctx.orgId);
    await sessionsChanged(tx, { orgId: ctx.orgId, userIds: ids });
  });
}
