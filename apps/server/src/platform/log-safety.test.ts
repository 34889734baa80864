import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskSecretPath, REDACT_PATHS, safeLogArgs, serializeError } from './log-safety';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const accounts = pgTable('accounts', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  userName: text('user_name').notNull(),
  passwordHash: text('password_hash').notNull(),
});

let client: PGlite;
let duplicate: unknown;

beforeAll(async () => {
  client = new PGlite();
  await client.exec(`create table accounts (id bigint primary key, user_name text not null, password_hash text not null);
    create unique index accounts_user_name_uq on accounts (lower(user_name));`);
  const db = drizzle(client);
  await db.insert(accounts).values({ id: 1, userName: 'wang', passwordHash: HASH });
  // A real drizzle error: its message, stack, `params` and the driver's `cause` all hold the hash.
  duplicate = await db
    .insert(accounts)
    .values({ id: 2, userName: 'WANG', passwordHash: HASH })
    .then(() => null)
    .catch((e: unknown) => e);
});
afterAll(() => client.close());

describe('serializeError', () => {
  it('keeps type, code, constraint and the SQL, drops the parameters everywhere', () => {
    expect(String((duplicate as Error).message)).toContain(HASH);
    const safe = serializeError(duplicate);
    const json = JSON.stringify(safe);
    expect(json).not.toContain(HASH);
    expect(json).not.toContain('params');
    expect(json).not.toContain('WANG');
    expect(safe.type).toBe('DrizzleQueryError');
    expect(safe.message).toMatch(/^Failed query: insert into "accounts"/);
    expect(safe.stack).toMatch(/^Error: Failed query: insert into "accounts".*\n\s+at /);
    expect(safe.cause).toMatchObject({ code: '23505', constraint: 'accounts_user_name_uq', table: 'accounts' });
    expect(safe.cause?.message).toMatch(/duplicate key value violates unique constraint/);
  });

  it('serialises plain errors as they are and other values as text', () => {
    const err = new Error('boom');
    expect(serializeError(err)).toMatchObject({ type: 'Error', message: 'boom', stack: err.stack });
    expect(serializeError('Failed query: x\nparams: secret')).toMatchObject({ message: 'Failed query: x' });
  });
});

describe('the logger', () => {
  it('writes no parameters or secrets, however an error or a body is logged', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // The logger block of app.ts, writing to a buffer.
    const app = Fastify({
      logger: {
        level: 'info',
        stream,
        redact: REDACT_PATHS,
        serializers: { err: serializeError },
        hooks: {
          logMethod(args, method) {
            method.apply(this, safeLogArgs(args) as typeof args);
          },
        },
      },
    });
    app.log.error({ err: duplicate }, 'unhandled error');
    app.log.error(duplicate as Error);
    app.log.warn(`wrapped: ${(duplicate as Error).message}`);
    app.log.info({ body: { userName: 'wang', password: 'plain-secret-1' } }, 'body');
    await app.close();
    const all = lines.join('');
    expect(lines.length).toBe(4);
    expect(all).not.toContain(HASH);
    expect(all).not.toContain('plain-secret-1');
    expect(all).toContain('23505');
    expect(all).toContain('[Redacted]');
  });
});

describe('secrets in addresses', () => {
  it("masks a calendar feed's token in a logged request line, and leaves other addresses alone", () => {
    expect(maskSecretPath('/api/calendar/ics/AbCdEf0123456789?lang=zh')).toBe('/api/calendar/ics/***?lang=zh');
    expect(maskSecretPath('/api/calendar/week')).toBe('/api/calendar/week');
  });
});
