import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AJAX_HEADER, AJAX_HEADER_VALUE, type Envelope } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp } from '../src/app';
import { openSession } from '../src/modules/auth/login.service';
import { syncPermissionCatalogue } from '../src/modules/role/role.service';
import { users } from '../src/modules/user/user.table';
import { bus } from '../src/platform/bus';
import { setClock } from '../src/platform/clock';
import { type Database, openDatabase } from '../src/platform/db';
import { organizations } from '../src/platform/organizations.table';
import { type DemoIds, databaseUrl, PASSWORD, pgliteTemplate, seed, templateKey } from './templates';

export { PASSWORD };

// A database for one test file: a copy of the run's template for this kind of demo (see
// templates.ts), or, for a kind without one, a fresh database migrated and seeded here. In-memory
// PGlite, or a new database on the PostgreSQL server named by DATABASE_URL when TEST_DB=postgres.
// Never a mock.
async function freshDatabase(opts: { students: number; questions: boolean }) {
  const template = opts.questions ? undefined : inject('templates')?.[templateKey(opts.students)];
  const migrated = inject('migrated');
  if (process.env.TEST_DB !== 'postgres') {
    const file = template?.pglite ?? migrated?.pglite;
    const database = await openDatabase({
      url: null,
      dataDir: null,
      ...(file ? { template: pgliteTemplate(file) } : {}),
    });
    const ids = template ? template.ids : await seed(database, opts.students, opts.questions);
    if (template) await syncPermissionCatalogue(database.db);
    return { database, ids, url: null, drop: async () => {} };
  }
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `lyceum_test_${randomBytes(6).toString('hex')}`;
  const from = template?.postgres ?? migrated?.postgres;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(from ? `create database ${name} template ${from}` : `create database ${name}`);
  await admin.end();
  const database = await openDatabase({ url: databaseUrl(baseUrl, name), dataDir: null });
  const ids = template ? template.ids : await seed(database, opts.students, opts.questions);
  if (template) await syncPermissionCatalogue(database.db);
  return {
    database,
    ids,
    url: databaseUrl(baseUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  // The PostgreSQL database's address (tests that open a second pool, as another process would); null on PGlite.
  databaseUrl: string | null;
  // Where this app's storage keeps files.
  filesDir: string;
  ids: DemoIds;
  call<T = unknown>(method: 'GET' | 'POST', url: string, opts?: CallOptions): Promise<Envelope<T>>;
  login(domain: string, userName: string, password?: string): Promise<string>;
  // A session for a user as a successful login opens it, without checking a password (argon2 costs
  // ~40 ms a login): for fixtures that need many users signed in. Tests of logging in use login().
  sessionFor(userId: number): Promise<string>;
  // The same by the user's name in an organisation (its domain).
  signIn(domain: string, userName: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(
  opts: { students?: number; questions?: boolean; webDist?: string } = {},
): Promise<TestApp> {
  // Test files share worker processes (vitest.config.ts, isolate: false) and every file's database
  // reuses the template's ids: an app starts as a new process would, with nothing cached (roles'
  // permissions, question versions, draw plans, class figures) and the real clock.
  bus.reset();
  setClock(null);
  const { database, ids, url, drop } = await freshDatabase({
    students: opts.students ?? 12,
    questions: opts.questions ?? false,
  });
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-files-'));
  const app = await buildApp({
    db: database.db,
    logLevel: process.env.TEST_LOG ?? 'silent',
    filesDir,
    ...(opts.webDist ? { webDist: opts.webDist } : {}),
  });
  await app.ready();
  const call: TestApp['call'] = async (method, url, o = {}) => {
    const res = await app.inject({
      method,
      url,
      query: o.query,
      headers: { ...(o.token ? { token: o.token } : {}), ...o.headers },
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    // Spreadsheets come back as their cells, so tests can read (and search) them like JSON.
    if (String(res.headers['content-type']).includes('spreadsheetml')) {
      return { code: 1, message: 'file', response: await sheetRows(res.rawPayload) } as never;
    }
    // Other files (a GIFT or Moodle XML export, a package) come back as their text.
    if (!String(res.headers['content-type']).includes('application/json') && res.statusCode === 200)
      return { code: 1, message: 'file', response: res.payload } as never;
    return res.json();
  };
  async function sessionFor(userId: number): Promise<string> {
    const [user] = await database.db
      .select({
        organizationId: users.organizationId,
        id: users.id,
        userName: users.userName,
        realName: users.realName,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new Error(`no user ${userId}`);
    const session = await openSession(
      database.db,
      user,
      '',
      { ip: '127.0.0.1', userAgent: 'test', deviceToken: null },
      { clear: [], release: [], reason: null },
    );
    return session.token;
  }
  return {
    app,
    database,
    databaseUrl: url,
    sessionFor,
    filesDir,
    ids,
    call,
    async login(domain, userName, password = PASSWORD) {
      const res = await call<{ token: string }>('POST', '/api/user/login', { body: { domain, userName, password } });
      if (res.code !== 1) throw new Error(`login ${domain}/${userName} failed: ${res.code} ${res.message}`);
      return res.response.token;
    },
    async signIn(domain, userName) {
      const [user] = await database.db
        .select({ id: users.id })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(and(eq(organizations.domain, domain), eq(users.userName, userName)));
      if (!user) throw new Error(`no user ${domain}/${userName}`);
      return sessionFor(user.id);
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

// On PostgreSQL, a pool of its own on the test's database, as another server process would have;
// null on PGlite, which is one process by construction.
export function anotherProcess(t: TestApp): Promise<Database | null> {
  return t.databaseUrl ? openDatabase({ url: t.databaseUrl, dataDir: null }) : Promise.resolve(null);
}

export const ajax = { [AJAX_HEADER]: AJAX_HEADER_VALUE };

export interface Reply<T> {
  code: number;
  message: string;
  response: T;
  error?: { key: string; field?: string };
}

// The reply's payload, after checking it succeeded (a failure shows its message).
export function ok<T>(res: Reply<T>): T {
  expect(res.message, res.message).toBe('success');
  return res.response;
}

// A refusal with the error catalogue's `key` (and, when given, about `field`).
export function refused(res: Reply<unknown>, key: string, field?: string): void {
  expect(res.code, res.message).not.toBe(1);
  expect(res.error?.key, res.message).toBe(key);
  if (field !== undefined) expect(res.error?.field, res.message).toBe(field);
}

export async function sheetRows(file: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

export async function makeSheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
