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
import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { randomToken, sha256 } from '../../platform/crypto';
import type { Db, DbOrTx } from '../../platform/db';
import { businessError, forbidden, notFound, notLoggedIn, refusal, sessionInvalid } from '../../platform/errors';
import { organizations } from '../../platform/organizations.table';
import type { SessionLookup } from '../../platform/route';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { apiKeys } from '../organization/organization.table';
import { effectivePermissions } from '../role/role.service';
import { roles } from '../role/role.table';
import { userRoles, users } from '../user/user.table';
import { handoffSecrets, sessions } from './auth.table';
import { type ClientMeta, firstRoleOf, type NewSession, openSession } from './login.service';
import {
  cachedSession,
  keepSession,
  lookupStarts,
  type SessionFacts,
  sessionsChanged,
  touchLater,
} from './session-cache';

// Extending the expiry on every call would write on every call; once a minute is as good.
const TOUCH_EVERY_MS = 60_000;

export async function endUserSessions(db: DbOrTx, orgId: number, userIds: number[], keepTokenHash?: string) {
  await db
    .delete(sessions)
    .where(
      inOrg(sessions, orgId, [
        inArray(sessions.userId, userIds),
        keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined,
      ]),
    );
  await sessionsChanged(db, { orgId, userIds });
}

export async function endOrganizationSessions(db: DbOrTx, orgId: number) {
  await db.delete(sessions).where(eq(sessions.organizationId, orgId));
  await sessionsChanged(db, { orgId });
}

// The session lookup, prepared once per database (the builder would render its SQL on every call).
function lookupQuery(db: Db) {
  return db
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
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_lookup');
}
const lookups = new WeakMap<Db, ReturnType<typeof lookupQuery>>();

// Reads a session from the database and checks it; what passes is cached (session-cache.ts).
async function readSession(db: Db, tokenHash: string, now: number): Promise<SessionFacts> {
  const query = lookups.get(db) ?? lookupQuery(db);
  lookups.set(db, query);
  const startedAt = lookupStarts();
  const [row] = await query.execute({ tokenHash });
  if (!row) throw notLoggedIn();
  const s = row.s;
  if (s.expireTime.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    throw notLoggedIn('sessionExpired');
  }
  if (row.orgStatus !== OrganizationStatus.Enabled) throw sessionInvalid('thisOrganizationDisabled');
  if (row.userStatus !== UserStatus.Enabled) throw sessionInvalid('accountDisabled');
  let roleId = row.heldRole;
  if (roleId === null) {
    // The active role was taken away from the user: fall back to another role they hold.
    roleId = await firstRoleOf(db, s.organizationId, s.userId);
    await db.update(sessions).set({ activeRoleId: roleId }).where(eq(sessions.tokenHash, tokenHash));
  }
  const facts: SessionFacts = {
    orgId: s.organizationId,
    domain: row.domain,
    userId: s.userId,
    userName: row.userName,
    realName: row.realName,
    roleId,
    expireTime: s.expireTime.getTime(),
    lastSeen: s.lastSeenTime.getTime(),
  };
  keepSession(tokenHash, facts, startedAt, now);
  return facts;
}

// Resolves the caller of an authenticated request; the single place where sessions are checked.
// Most requests find their session in this process's cache and write nothing; "last seen" and the
// sliding expiry go out in batches (session-cache.ts).
export async function resolveSession(db: Db, lookup: SessionLookup): Promise<RequestContext> {
  const tokenHash = sha256(lookup.token);
  const now = Date.now();
  const facts = cachedSession(tokenHash, now) ?? (await readSession(db, tokenHash, now));
  if (lookup.domainHint && lookup.domainHint !== facts.domain) throw sessionInvalid('otherOrganizationSession');
  if (now - facts.lastSeen > TOUCH_EVERY_MS) {
    facts.lastSeen = now;
    facts.expireTime = Math.max(facts.expireTime, now + SESSION_TTL_MS);
    touchLater(db, tokenHash, facts, now);
  }
  const perms = facts.roleId ? await effectivePermissions(db, facts.orgId, facts.roleId) : null;
  return {
    orgId: facts.orgId,
    domain: facts.domain,
    userId: facts.userId,
    userName: facts.userName,
    realName: facts.realName,
    roleId: facts.roleId,
    roleKind: perms?.kind ?? null,
    permissions: perms?.codes ?? new Set(),
    tokenHash,
    db,
  };
}

export async function logout(db: Db, ctx: { orgId: number; tokenHash: string }): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, ctx.tokenHash));
  await sessionsChanged(db, ctx);
}

export async function switchRole(ctx: RequestContext, roleId: number): Promise<void> {
  const [held] = await ctx.db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(inOrg(userRoles, ctx.orgId, [eq(userRoles.userId, ctx.userId), eq(userRoles.roleId, roleId)]));
  if (!held) throw businessError('notRoleHolder');
  await ctx.db.update(sessions).set({ activeRoleId: roleId }).where(eq(sessions.tokenHash, ctx.tokenHash));
  await sessionsChanged(ctx.db, ctx);
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
  return openSession(db, row.user, row.domain, meta, { clear: [], release: [], reason: LoginReason.Handoff });
}

// Housekeeping: drop expired sessions and secrets (run at start and hourly).
export async function purgeExpired(db: Db): Promise<void> {
  const now = new Date();
  await db.delete(sessions).where(lt(sessions.expireTime, now));
  await db.delete(handoffSecrets).where(lt(handoffSecrets.expireTime, new Date(now.getTime() - 3_600_000)));
}
