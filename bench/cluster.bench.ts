// Cluster mode on PostgreSQL: the real `main.ts` with WORKERS=1 and then WORKERS=N on one scratch
// database, login + menu flows and menu-only calls against each, and how much CPU each worker spent,
// which shows that every worker serves. Needs DATABASE_URL (a role that may create databases).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { admin, drive, login } from './lib';

const base = process.env.DATABASE_URL;
if (!base) {
  console.error('bench:cluster needs DATABASE_URL (PostgreSQL): cluster mode does not run on the embedded PGlite.');
  process.exit(1);
}
const WORKERS = Number(process.env.CLUSTER_WORKERS ?? 2);
const FLOWS = Number(process.env.LOGIN_N ?? 200);
const CALLS = Number(process.env.MENU_N ?? 3000);
const CONCURRENCY = Number(process.env.LOGIN_C ?? 16);
const PASSWORD = 'bench-pass-2026';
const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src/main.ts');

function start(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve({ child, origin: `http://127.0.0.1:${m[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

// CPU seconds a process has used (user + system), from /proc (Linux).
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const name = `lyceum_bench_cluster_${randomBytes(4).toString('hex')}`;
const u = new URL(base);
u.pathname = `/${name}`;
const url = u.toString();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-bench-cluster-'));
await admin(base, `create database ${name}`);

const users = ['admin', 'teacher', 'student', 'academic', ...Array.from({ length: 12 }, (_, i) => `s20260${10 + i}`)];
const rows: string[] = [];
try {
  for (const workers of [1, WORKERS]) {
    const server = await start({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LYCEUM_DEMO_PASSWORD: PASSWORD,
      WORKERS: String(workers),
    });
    try {
      // The processes that serve: the single server, or the workers (their change-bus connections name them).
      const { rows: listeners } = await admin(
        url,
        `select application_name from pg_stat_activity where datname = '${name}' and application_name like 'lyceum-bus %'`,
      );
      const pids = listeners.map((r: { application_name: string }) => Number(r.application_name.split(' ')[1]));
      const before = new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
      let failures = 0;
      const flow = async (i: number) => {
        const token = await login(server.origin, users[i % users.length], PASSWORD).catch(() => null);
        if (!token) return void failures++;
        const menu = await fetch(`${server.origin}/api/user/menu`, { headers: { token } });
        if (((await menu.json()) as { code: number }).code !== 1) failures++;
      };
      await drive(16, 4, flow);
      const logins = await drive(FLOWS, CONCURRENCY, flow);
      const tokens = await Promise.all(users.slice(0, 8).map((n) => login(server.origin, n, PASSWORD)));
      const menuOnly = async (i: number) => {
        const r = await fetch(`${server.origin}/api/user/menu`, { headers: { token: tokens[i % tokens.length] } });
        if (((await r.json()) as { code: number }).code !== 1) failures++;
      };
      const menus = await drive(CALLS, CONCURRENCY, menuOnly);
      const spent = pids.map((pid) => `${pid}: ${(cpuSeconds(pid) - before.get(pid)!).toFixed(1)} s`).join(', ');
      const f = (n: number) => n.toFixed(1).padStart(8);
      rows.push(
        `${String(workers).padStart(7)}  ${f(logins.perSecond)} ${f(logins.p99)}  ${f(menus.perSecond)} ${f(menus.p99)}   ${failures}   ${spent}`,
      );
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
  }
} finally {
  await admin(base, `drop database if exists ${name} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nCluster mode on PostgreSQL, ${CONCURRENCY} in flight, ${os.availableParallelism()} CPU cores`);
console.log(`${FLOWS} login+menu flows (argon2id), then ${CALLS} menu calls`);
console.log('workers  logins/s   p99 ms   menus/s   p99 ms  failures  CPU per serving process');
for (const r of rows) console.log(r);
console.log('');
