// Cross-process propagation on PostgreSQL: two real servers (`main.ts`) on one scratch database; a
// permission granted or revoked through A, timed until B enforces it (the change bus, which drops
// B's cached role permissions), and how long B takes to listen again after its bus connection is
// cut. Target: enforced by the other process within 1 s (p95). The API test
// (apps/server/test/multiprocess.test.ts) proves that it happens; this measures how fast.
// Needs DATABASE_URL (a role that may create databases).  PROPAGATION_ROUNDS=20
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { login, percentile } from './lib';

const base = process.env.DATABASE_URL;
if (!base) {
  console.error('bench:propagation needs DATABASE_URL (PostgreSQL): the embedded PGlite is one process.');
  process.exit(1);
}
const ROUNDS = Number(process.env.PROPAGATION_ROUNDS ?? 20);
const TARGET_MS = 1000;
// Longer than this and B's 30 s permission cache could have expired on its own.
const GIVE_UP_MS = 20_000;
const POLL_MS = 5;
const PASSWORD = 'bench-pass-2026';
const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src/main.ts');

function start(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve({ child, origin: `http://127.0.0.1:${m[1]}` });
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

async function post(origin: string, url: string, body: unknown, token: string): Promise<number> {
  const res = await fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { code: number }).code;
}

// Milliseconds until `check` holds (polled every few ms).
async function timeUntil(check: () => Promise<boolean>): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    if (await check()) return performance.now() - t0;
    if (performance.now() - t0 > GIVE_UP_MS) throw new Error(`not seen within ${GIVE_UP_MS} ms`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

const name = `lyceum_bench_prop_${randomBytes(4).toString('hex')}`;
const u = new URL(base);
u.pathname = `/${name}`;
const url = u.toString();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-bench-prop-'));
const adminClient = new pg.Client({ connectionString: base });
await adminClient.connect();
await adminClient.query(`create database ${name}`);
await adminClient.end();

const servers: { child: ChildProcess; origin: string }[] = [];
const db = new pg.Client({ connectionString: url });
try {
  const env = { DATABASE_URL: url, DATA_DIR: dataDir, LYCEUM_DEMO_PASSWORD: PASSWORD };
  // One after the other: the first migrates and seeds the demo, the second finds it ready.
  servers.push(await start(env));
  servers.push(await start(env));
  const [a, b] = servers;
  await db.connect();
  const role = await db.query<{ id: number }>(
    "select r.id::int as id from roles r join organizations o on o.id = r.organization_id where o.domain = 'demo' and r.code = 'teacher'",
  );
  const teacherRole = role.rows[0].id;
  const grants = (
    await db.query<{ id: number }>('select permission_id::int as id from role_permissions where role_id = $1', [
      teacherRole,
    ])
  ).rows.map((r) => r.id);
  const page = await db.query<{ id: number }>(
    "select id::int as id from permissions where permission = 'systemConfig:page'",
  );
  const settingsPage = page.rows[0].id;

  const admin = await login(a.origin, 'admin', PASSWORD);
  const teacher = await login(a.origin, 'teacher', PASSWORD);
  const grant = (ids: number[]) =>
    post(a.origin, '/api/role/grant', { roleId: teacherRole, permissionIds: ids }, admin);
  const settingsOnB = () => post(b.origin, '/api/systemConfig/get', {}, teacher);

  const granted: number[] = [];
  const revoked: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // B caches the teacher's permissions (without the settings page) before each grant.
    if ((await settingsOnB()) === 1) throw new Error('the teacher already reads the settings');
    if ((await grant([...grants, settingsPage])) !== 1) throw new Error('grant refused');
    granted.push(await timeUntil(async () => (await settingsOnB()) === 1));
    if ((await grant(grants)) !== 1) throw new Error('revocation refused');
    revoked.push(await timeUntil(async () => (await settingsOnB()) !== 1));
  }

  // B's bus connection cut: how long until it listens again (with backoff from 0.1 s).
  const listeners = async () =>
    (
      await db.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and application_name like $2',
        [name, `lyceum-bus ${b.child.pid} %`],
      )
    ).rows.map((r) => r.pid);
  const [before] = await listeners();
  await db.query('select pg_terminate_backend($1)', [before]);
  const reconnect = await timeUntil(async () => {
    const now = await listeners();
    return now.length === 1 && now[0] !== before;
  });

  const row = (what: string, ms: number[]) => {
    const s = [...ms].sort((x, y) => x - y);
    const f = (x: number) => x.toFixed(0).padStart(6);
    const p95 = percentile(s, 95);
    return `${what.padEnd(34)}${f(percentile(s, 50))}${f(p95)}${f(s[s.length - 1])}   ${p95 <= TARGET_MS ? 'ok' : 'OVER'}`;
  };
  console.log(
    `\nPropagation between two server processes on PostgreSQL, ${ROUNDS} rounds, ${os.availableParallelism()} CPU cores`,
  );
  console.log(
    `${'what'.padEnd(34)}${'p50'.padStart(6)}${'p95'.padStart(6)}${'max'.padStart(6)}   target p95 ≤ ${TARGET_MS} ms`,
  );
  console.log(row('grant through A, enforced by B', granted));
  console.log(row('revocation through A, enforced by B', revoked));
  console.log(`${'B listening again after a cut'.padEnd(34)}${reconnect.toFixed(0).padStart(6)} ms\n`);
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(
    servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)))),
  );
  await db.end().catch(() => {});
  const cleanup = new pg.Client({ connectionString: base });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${name} with (force)`);
  await cleanup.end();
  rmSync(dataDir, { recursive: true, force: true });
}
