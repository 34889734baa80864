// Logging in (issue 29: a login costs one read, the throttle's counting where it applies, the hash, and
// one statement of writes), and opening a session, which staff handoff shares.
import { LoginReason, OrganizationStatus, SESSION_TTL_MS, UserStatus } from '@lyceum/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { dummyHash, randomToken, sha256, verifyPassword } from '../../platform/crypto';
import type { Db, DbOrTx } from '../../platform/db';
import { businessError, sessionInvalid, wrongCredentials } from '../../platform/errors';
import { organizations } from '../../platform/organizations.table';
import { typedRows } from '../../platform/sql-rows';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { roles } from '../role/role.table';
import { userRoles, users } from '../user/user.table';
import { loginLogs, loginThrottle, sessions, trustedDevices } from './auth.table';
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
} from './throttle.service';

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

// The role a new session starts in: the user's first by kind (administrator first), then by id.
const firstRoleQuery = (orgId: number, userId: number) =>
  new QueryBuilder()
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, sameOrg(roles, userRoles, [eq(roles.id, userRoles.roleId)]))
    .where(inOrg(userRoles, orgId, [eq(userRoles.userId, userId)]))
    .orderBy(asc(roles.kind), asc(roles.id))
    .limit(1);

export async function firstRoleOf(db: DbOrTx, orgId: number, userId: number): Promise<number | null> {
  const [row] = await typedRows(db, firstRoleQuery(orgId, userId).getSQL(), { id: roles.id });
  return row?.id ?? null;
}

// A successful login's writes, as one statement (one round trip, one commit): the throttle keys it
// settles (`clear`: counting ends; `release`: a shared address gets this attempt back), the login
// log row, the session in the user's first role, the browser remembered as their device, and the
// user's last activity. Kept raw: data-modifying CTEs the builder cannot chain.
export async function openSession(
  db: DbOrTx,
  user: { organizationId: number; id: number; userName: string; realName: string },
  domain: string,
  meta: ClientMeta,
  settle: { clear: string[]; release: string[]; reason: LoginReason | null },
): Promise<NewSession> {
  const token = randomToken();
  const deviceToken = meta.deviceToken ?? randomToken();
  const now = Date.now();
  const org = user.organizationId;
  const ua = meta.userAgent?.slice(0, 255) ?? null;
  const keys = (list: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`;
  const t = loginThrottle;
  await db.execute(sql`with
      cleared as (delete from ${t} where ${t.key} in ${keys(settle.clear)}),
      released as (update ${t} set failures = greatest(${t.failures} - 1, 0) where ${t.key} in ${keys(settle.release)}),
      logged as (insert into ${loginLogs} (organization_id, user_id, user_name, success, reason, ip, user_agent)
        values (${org}, ${user.id}, ${user.userName.slice(0, 64)}, true, ${settle.reason}, ${meta.ip}, ${ua})),
      opened as (insert into ${sessions} (token_hash, organization_id, user_id, active_role_id, expire_time, ip, user_agent)
        values (${sha256(token)}, ${org}, ${user.id}, (${firstRoleQuery(org, user.id)}),
          ${new Date(now + SESSION_TTL_MS).toISOString()}::timestamptz, ${meta.ip}, ${ua})),
      remembered as (insert into ${trustedDevices} (token_hash, organization_id, user_id)
        values (${sha256(deviceToken)}, ${org}, ${user.id}) on conflict do nothing)
    update ${users} set last_active_time = ${new Date(now).toISOString()}::timestamptz
    where ${users.organizationId} = ${org} and ${users.id} = ${user.id}`);
  return { token, domain, userName: user.userName, realName: user.realName, deviceToken };
}

export async function logLogin(
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

export async function findOrganization(db: Db, domain: string) {
  const [org] = await db.select().from(organizations).where(eq(organizations.domain, domain.toLowerCase()));
  return org ?? null;
}

// Device keys this process saw paused (a stolen device cookie's burst of guesses, queued for a
// hash slot, stops here without hashing; the count itself is shared in the database).
const pausedDevices = new Map<string, number>();
const MAX_PAUSED_DEVICES = 10_000;

// The organisation, the user (if the name exists) and, when a device cookie came, whether it is a
// known device of theirs and its throttle row: one read. The device is looked up whatever the
// name, so the work done does not tell which names exist.
async function loginLookup(db: Db, domain: string, userName: string, deviceToken: string | null) {
  const device = deviceToken ? deviceKey(deviceToken) : '';
  const [row] = await db
    .select({
      org: organizations,
      user: users,
      trusted: sql<boolean>`exists (select 1 from ${trustedDevices} d where d.token_hash = ${
        deviceToken ? sha256(deviceToken) : ''
      } and d.organization_id = ${organizations.id} and d.user_id = ${users.id})`,
      deviceFailures: loginThrottle.failures,
      devicePausedUntil: loginThrottle.lockedUntil,
    })
    .from(organizations)
    .leftJoin(
      users,
      and(eq(users.organizationId, organizations.id), sql`lower(${users.userName}) = lower(${userName})`),
    )
    .leftJoin(loginThrottle, eq(loginThrottle.key, device))
    .where(eq(organizations.domain, domain.toLowerCase()));
  return row ?? null;
}

export async function login(
  db: Db,
  input: { userName: string; password: string; domain: string },
  meta: ClientMeta,
  log: FastifyRequest['log'],
): Promise<NewSession> {
  const found = await loginLookup(db, input.domain, input.userName, meta.deviceToken);
  if (!found) throw businessError('organizationUnknown', { domain: input.domain });
  const { org, user } = found;
  if (org.status !== OrganizationStatus.Enabled) throw sessionInvalid('organizationDisabled', { name: org.name });
  const refuse = async (admission: { waitSeconds: number; pauseStarted: boolean }, key: string) => {
    // Refused without looking at the password, so a refusal says nothing about it or the user.
    // One log row and no argon2: a refused guess stays cheap for us.
    await logLogin(db, org.id, input.userName, user?.id ?? null, false, LoginReason.Throttled, meta);
    if (admission.pauseStarted)
      log.warn({ domain: org.domain, userName: input.userName, ip: meta.ip, key }, 'login paused');
    throw businessError('throttled', { seconds: admission.waitSeconds });
  };

  // A browser that logged in as this user before answers only to its own device counter, so nobody
  // else's guessing pauses it. A successful login from it writes nothing to the throttle: a pause is
  // read with the lookup, and only a failure is counted (after the hash; a burst waiting for hash
  // slots stops once this process has seen the key paused). Any other attempt is counted before its
  // password is checked (see throttle.service): on its address, then on the account name; an
  // address already paused stops before the account key, so a paused guesser cannot push the
  // account pause.
  const now = Date.now();
  const device = found.trusted && meta.deviceToken ? deviceKey(meta.deviceToken) : null;
  const settle = { clear: [] as string[], release: [] as string[] };
  if (device) {
    const until = found.devicePausedUntil?.getTime() ?? 0;
    if (until > now) {
      await refuse({ waitSeconds: Math.ceil((until - now) / 1000), pauseStarted: false }, device);
    }
    if (found.deviceFailures) settle.clear.push(device);
  } else {
    const keys = [
      { key: addressKey(meta.ip), rule: ADDRESS_RULE, owned: false },
      { key: accountKey(org.id, input.userName), rule: ACCOUNT_RULE, owned: true },
    ];
    for (const { key, rule, owned } of keys) {
      const admission = await admit(db, key, rule);
      if (!admission.allowed) await refuse(admission, key);
      // Counted attempts that turn out right stop counting: the account counter ends, the shared
      // address counter only gets this attempt back.
      (owned ? settle.clear : settle.release).push(key);
    }
  }

  const stillWanted = async () => !device || (pausedDevices.get(device) ?? 0) <= Date.now();
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password, stillWanted);
  if (!user || !ok) {
    if (device) {
      const admission = await admit(db, device, DEVICE_RULE);
      if (!admission.allowed) {
        if (pausedDevices.size >= MAX_PAUSED_DEVICES) pausedDevices.clear();
        pausedDevices.set(device, Date.now() + admission.waitSeconds * 1000);
        await refuse(admission, device);
      }
    }
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
    for (const key of settle.clear) await clearFailures(db, key);
    for (const key of settle.release) await releaseAttempt(db, key);
    await logLogin(db, org.id, user.userName, user.id, false, LoginReason.Disabled, meta);
    throw sessionInvalid('accountDisabled');
  }
  return openSession(db, user, org.domain, meta, { ...settle, reason: null });
}
