import {
  HANDOFF_SECRET_TTL_MS,
  isStaffKind,
  LoginReason,
  OrganizationStatus,
  ResultCode,
  type RoleKind,
  SESSION_TTL_MS,
  UserStatus,
} from '@lyceum/contract';
import { and, asc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../../platform/context';
import { dummyHash, randomToken, sha256, verifyPassword } from '../../platform/crypto';
import type { Db, DbOrTx } from '../../platform/db';
import {
  businessError,
  forbidden,
  notFound,
  notLoggedIn,
  refusal,
  sessionInvalid,
  wrongCredentials,
} from '../../platform/errors';
import { organizations } from '../../platform/organizations.table';
import type { SessionLookup } from '../../platform/route';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { apiKeys } from '../organization/organization.table';
import { effectivePermissions } from '../role/role.service';
import { roles } from '../role/role.table';
import { userRoles, users } from '../user/user.table';
import { handoffSecrets, loginLogs, sessions, trustedDevices } from './auth.table';
import {
  ACCOUNT_RULE,
  ADDRESS_RULE,
  accountKey,
  addressKey,
  admit,
  clearFailures,
  DEVICE_RULE,
  deviceKey,
  releaseAttempt,
  type ThrottleRule,
} from './throttle.service';

// Extending the expiry on every call would write on every call; once a minute is as good.
const TOUCH_EVERY_MS = 60_000;

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
  deviceToken: string | null;
}

export interface NewSession {
  token: string;
  domain: string;
  userName: string;
  realName: string;
  deviceToken: string;
}

export async function endUserSessions(db: DbOrTx, orgId: number, userIds: number[], keepTokenHash?: string) {
  await db
    .delete(sessions)
    .where(
      inOrg(sessions, orgId, [
        inArray(sessions.userId, userIds),
        keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined,
      ]),
    );
}

export async function endOrganizationSessions(db: DbOrTx, orgId: number) {
  await db.delete(sessions).where(eq(sessions.organizationId, orgId));
}

async function firstRoleOf(db: DbOrTx, orgId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, sameOrg(roles, userRoles, [eq(roles.id, userRoles.roleId)]))
    .where(inOrg(userRoles, orgId, [eq(userRoles.userId, userId)]))
    .orderBy(asc(roles.kind), asc(roles.id))
    .limit(1);
  return row?.id ?? null;
}

async function openSession(
  db: DbOrTx,
  user: { organizationId: number; id: number; userName: string; realName: string },
  domain: string,
  meta: ClientMeta,
): Promise<NewSession> {
  const token = randomToken();
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    organizationId: user.organizationId,
    userId: user.id,
    activeRoleId: await firstRoleOf(db, user.organizationId, user.id),
    expireTime: new Date(now + SESSION_TTL_MS),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 255) ?? null,
  });
  const deviceToken = meta.deviceToken ?? randomToken();
  await db
    .insert(trustedDevices)
    .values({ tokenHash: sha256(deviceToken), organizationId: user.organizationId, userId: user.id })
    .onConflictDoNothing();
  await db
    .update(users)
    .set({ lastActiveTime: new Date(now) })
    .where(inOrg(users, user.organizationId, [eq(users.id, user.id)]));
  return { token, domain, userName: user.userName, realName: user.realName, deviceToken };
}

async function logLogin(
  db: DbOrTx,
  orgId: number,
  userName: string,
  userId: number | null,
  success: boolean,
  reason: LoginReason | null,
  meta: ClientMeta,
) {
  await db.insert(loginLogs).values({
    organizationId: orgId,
    userId,
    userName: userName.slice(0, 64),
    success,
    reason,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 255) ?? null,
  });
}

// Whether this browser has logged in as this user before. Looked up whenever a device cookie comes,
// even for an unknown user name, so the work done does not tell which names exist.
async function isTrustedDevice(
  db: Db,
  orgId: number,
  userId: number | null,
  deviceToken: string | null,
): Promise<boolean> {
  if (!deviceToken) return false;
  const rows = await db
    .select({ userId: trustedDevices.userId })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.tokenHash, sha256(deviceToken)), eq(trustedDevices.organizationId, orgId)));
  return userId !== null && rows.some((r) => r.userId === userId);
}

export async function findOrganization(db: Db, domain: string) {
  const [org] = await db.select().from(organizations).where(eq(organizations.domain, domain.toLowerCase()));
  return org ?? null;
}

export async function login(
  db: Db,
  input: { userName: string; password: string; domain: string },
  meta: ClientMeta,
  log: FastifyRequest['log'],
): Promise<NewSession> {
  const org = await findOrganization(db, input.domain);
  if (!org) throw businessError('organizationUnknown', { domain: input.domain });
  if (org.status !== OrganizationStatus.Enabled) throw sessionInvalid('organizationDisabled', { name: org.name });
  const [user] = await db
    .select()
    .from(users)
    .where(inOrg(users, org.id, [sql`lower(${users.userName}) = lower(${input.userName})`]));

  // Every attempt is counted before its password is checked (see throttle.service). A browser that
  // logged in as this user before answers only to its own device counter, so nobody else's guessing
  // pauses it; any other attempt counts on its address and then on the account name. An address
  // already paused stops before the account key, so a paused guesser cannot push the account pause.
  const keys: { key: string; rule: ThrottleRule; owned: boolean }[] =
    meta.deviceToken && (await isTrustedDevice(db, org.id, user?.id ?? null, meta.deviceToken))
      ? [{ key: deviceKey(meta.deviceToken), rule: DEVICE_RULE, owned: true }]
      : [
          { key: addressKey(meta.ip), rule: ADDRESS_RULE, owned: false },
          { key: accountKey(org.id, input.userName), rule: ACCOUNT_RULE, owned: true },
        ];
  for (const { key, rule } of keys) {
    const admission = await admit(db, key, rule);
    if (admission.allowed) continue;
    // Refused without looking at the password, so a refusal says nothing about it or the user.
    // One log row and no argon2: a refused guess stays cheap for us.
    await logLogin(db, org.id, input.userName, user?.id ?? null, false, LoginReason.Throttled, meta);
    if (admission.pauseStarted)
      log.warn({ domain: org.domain, userName: input.userName, ip: meta.ip, key }, 'login paused');
    throw businessError('throttled', { seconds: admission.waitSeconds });
  }
  // Counted attempts that turn out right stop counting: the account and device counters end, the
  // shared address counter only gets this attempt back.
  const settle = async (tx: DbOrTx) => {
    for (const { key, owned } of keys) await (owned ? clearFailures(tx, key) : releaseAttempt(tx, key));
  };

  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !ok) {
    await logLogin(
      db,
      org.id,
      input.userName,
      user?.id ?? null,
      false,
      user ? LoginReason.WrongPassword : LoginReason.UnknownUser,
      meta,
    );
    log.warn({ domain: org.domain, userName: input.userName, ip: meta.ip }, 'login failed');
    throw wrongCredentials();
  }
  if (user.status !== UserStatus.Enabled) {
    await settle(db);
    await logLogin(db, org.id, user.userName, user.id, false, LoginReason.Disabled, meta);
    throw sessionInvalid('accountDisabled');
  }
  // One transaction, so a login costs one commit (one fsync on PostgreSQL), not five.
  return db.transaction(async (tx) => {
    await settle(tx);
    await logLogin(tx, org.id, user.userName, user.id, true, null, meta);
    return openSession(tx, user, org.domain, meta);
  });
}

// Resolves the caller of an authenticated request; the single place where sessions are checked.
export async function resolveSession(db: Db, lookup: SessionLookup): Promise<RequestContext> {
  const tokenHash = sha256(lookup.token);
  const [row] = await db
    .select({
      s: sessions,
      userName: users.userName,
      realName: users.realName,
      userStatus: users.status,
      domain: organizations.domain,
      orgStatus: organizations.status,
      heldRole: userRoles.roleId,
    })
    .from(sessions)
    .innerJoin(users, sameOrg(users, sessions, [eq(users.id, sessions.userId)]))
    .innerJoin(organizations, eq(organizations.id, sessions.organizationId))
    .leftJoin(
      userRoles,
      sameOrg(userRoles, sessions, [
        eq(userRoles.userId, sessions.userId),
        eq(userRoles.roleId, sessions.activeRoleId),
      ]),
    )
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row) throw notLoggedIn();
  const s = row.s;
  const now = Date.now();
  if (s.expireTime.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    throw notLoggedIn('sessionExpired');
  }
  if (lookup.domainHint && lookup.domainHint !== row.domain) throw sessionInvalid('otherOrganizationSession');
  if (row.orgStatus !== OrganizationStatus.Enabled) throw sessionInvalid('thisOrganizationDisabled');
  if (row.userStatus !== UserStatus.Enabled) throw sessionInvalid('accountDisabled');

  let roleId = row.heldRole;
  const patch: Partial<typeof sessions.$inferInsert> = {};
  if (roleId === null) {
    // The active role was taken away from the user: fall back to another role they hold.
    roleId = await firstRoleOf(db, s.organizationId, s.userId);
    patch.activeRoleId = roleId;
  }
  if (now - s.lastSeenTime.getTime() > TOUCH_EVERY_MS) {
    patch.lastSeenTime = new Date(now);
    patch.expireTime = new Date(now + SESSION_TTL_MS);
    await db
      .update(users)
      .set({ lastActiveTime: new Date(now) })
      .where(inOrg(users, s.organizationId, [eq(users.id, s.userId)]));
  }
  if (Object.keys(patch).length) await db.update(sessions).set(patch).where(eq(sessions.tokenHash, tokenHash));
  const perms = roleId ? await effectivePermissions(db, s.organizationId, roleId) : null;
  return {
    orgId: s.organizationId,
    domain: row.domain,
    userId: s.userId,
    userName: row.userName,
    realName: row.realName,
    roleId,
    roleKind: perms?.kind ?? null,
    permissions: perms?.codes ?? new Set(),
    tokenHash,
    db,
  };
}

export async function logout(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function switchRole(ctx: RequestContext, roleId: number): Promise<void> {
  const [held] = await ctx.db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(inOrg(userRoles, ctx.orgId, [eq(userRoles.userId, ctx.userId), eq(userRoles.roleId, roleId)]));
  if (!held) throw businessError('notRoleHolder');
  await ctx.db.update(sessions).set({ activeRoleId: roleId }).where(eq(sessions.tokenHash, ctx.tokenHash));
}

// Staff handoff: a one-time secret, valid 60 s, that another tab or a trusted system exchanges for a session.
export async function createHandoff(
  db: Db,
  orgId: number,
  userId: number,
): Promise<{ secret: string; expiresIn: number }> {
  const secret = randomToken();
  await db.insert(handoffSecrets).values({
    secretHash: sha256(secret),
    organizationId: orgId,
    userId,
    expireTime: new Date(Date.now() + HANDOFF_SECRET_TTL_MS),
  });
  return { secret, expiresIn: HANDOFF_SECRET_TTL_MS / 1000 };
}

export async function handoffForCaller(ctx: RequestContext) {
  if (!ctx.roleKind || !isStaffKind(ctx.roleKind)) throw forbidden('handoffStaffOnly');
  return createHandoff(ctx.db, ctx.orgId, ctx.userId);
}

// A trusted system presents its organisation API key and names the staff user to hand over.
export async function handoffForApiKey(db: Db, apiKey: string, userName: string | undefined) {
  const [key] = await db
    .select({ organizationId: apiKeys.organizationId })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, sha256(apiKey)), isNull(apiKeys.revokedTime)));
  if (!key) throw notLoggedIn('unknownApiKey');
  if (!userName) throw refusal(ResultCode.Error, 'requiredWithApiKey', 'userName');
  const [user] = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(inOrg(users, key.organizationId, [sql`lower(${users.userName}) = lower(${userName})`]));
  if (!user) throw notFound('User');
  if (user.status !== UserStatus.Enabled) throw sessionInvalid('accountDisabled');
  const kinds = await db
    .select({ kind: roles.kind })
    .from(userRoles)
    .innerJoin(roles, sameOrg(roles, userRoles, [eq(roles.id, userRoles.roleId)]))
    .where(inOrg(userRoles, key.organizationId, [eq(userRoles.userId, user.id)]));
  if (!kinds.some((k) => isStaffKind(k.kind as RoleKind))) throw forbidden('handoffTargetStaffOnly');
  return createHandoff(db, key.organizationId, user.id);
}

export async function exchangeHandoff(db: Db, secret: string, meta: ClientMeta): Promise<NewSession> {
  const [used] = await db
    .update(handoffSecrets)
    .set({ usedTime: new Date() })
    .where(
      and(
        eq(handoffSecrets.secretHash, sha256(secret)),
        isNull(handoffSecrets.usedTime),
        gt(handoffSecrets.expireTime, new Date()),
      ),
    )
    .returning({ organizationId: handoffSecrets.organizationId, userId: handoffSecrets.userId });
  if (!used) throw notLoggedIn('handoffExpired');
  const [row] = await db
    .select({ user: users, domain: organizations.domain, orgStatus: organizations.status })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(inOrg(users, used.organizationId, [eq(users.id, used.userId)]));
  if (!row) throw notLoggedIn();
  if (row.orgStatus !== OrganizationStatus.Enabled) throw sessionInvalid('thisOrganizationDisabled');
  if (row.user.status !== UserStatus.Enabled) throw sessionInvalid('accountDisabled');
  return db.transaction(async (tx) => {
    await logLogin(tx, used.organizationId, row.user.userName, row.user.id, true, LoginReason.Handoff, meta);
    return openSession(tx, row.user, row.domain, meta);
  });
}

// Housekeeping: drop expired sessions and secrets (run at start and hourly).
export async function purgeExpired(db: Db): Promise<void> {
  const now = new Date();
  await db.delete(sessions).where(lt(sessions.expireTime, now));
  await db.delete(handoffSecrets).where(lt(handoffSecrets.expireTime, new Date(now.getTime() - 3_600_000)));
}
