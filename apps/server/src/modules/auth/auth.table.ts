import { bigint, boolean, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { at, createTime, organizationId, tenantRef } from '../../platform/columns';
import { organizations, tenantTable } from '../../platform/organizations.table';
import { users } from '../user/user.table';

// Server-side sessions. Only the SHA-256 of the token is stored, so a leaked table opens no session.
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    activeRoleId: bigint('active_role_id', { mode: 'number' }),
    createTime: createTime(),
    lastSeenTime: at('last_seen_time').notNull().defaultNow(),
    expireTime: at('expire_time').notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
  },
  (t) => [
    index('sessions_user_ix').on(t.organizationId, t.userId),
    tenantRef(t.organizationId, t.userId, users).onDelete('cascade'),
  ],
);

// One-time staff handoff secrets (60 s); used_time makes a replay fail.
export const handoffSecrets = pgTable(
  'handoff_secrets',
  {
    secretHash: varchar('secret_hash', { length: 64 }).primaryKey(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createTime: createTime(),
    expireTime: at('expire_time').notNull(),
    usedTime: at('used_time'),
  },
  (t) => [tenantRef(t.organizationId, t.userId, users).onDelete('cascade')],
);

// Failed-login counters per account and per address (key 'acct:<org>:<name>' or 'ip:<address>').
export const loginThrottle = pgTable('login_throttle', {
  key: varchar('key', { length: 160 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureTime: at('last_failure_time').notNull(),
  lockedUntil: at('locked_until'),
});

// Browsers that have logged in successfully for a user; they may still log in while the account is
// paused by someone else's guessing, so an attacker cannot lock a real user out indefinitely.
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    organizationId: organizationId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.organizationId, t.userId] }),
    tenantRef(t.organizationId, t.userId, users).onDelete('cascade'),
  ],
);

export const loginLogs = tenantTable(
  'login_logs',
  {
    userId: bigint('user_id', { mode: 'number' }),
    userName: varchar('user_name', { length: 64 }).notNull(),
    success: boolean('success').notNull(),
    reason: varchar('reason', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    createTime: createTime(),
  },
  (t) => [index('login_logs_time_ix').on(t.organizationId, t.createTime)],
);
