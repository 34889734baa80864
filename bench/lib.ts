import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));

// Starts bench-server.ts in its own process ('lyceum' or 'bare') and resolves with its port.
export function startServer(mode: string): Promise<{ port: number; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'bench-server.ts'), mode], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      const m = /PORT=(\d+)/.exec(chunk.toString());
      if (m) resolve({ port: Number(m[1]), child });
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

// One statement on its own connection (create and drop database cannot run in a transaction or pool).
export async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

// On PostgreSQL (DATABASE_URL) a benchmark gets a scratch database of its own, named from `prefix`:
// its address, and `drop` when done. Without DATABASE_URL, null and nothing to drop (the embedded
// database).
export async function scratchDatabase(prefix: string): Promise<{ url: string | null; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: null, drop: async () => {} };
  const scratch = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(base, `create database ${scratch}`);
  const u = new URL(base);
  u.pathname = `/${scratch}`;
  return {
    url: u.toString(),
    drop: async () => {
      await admin(base, `drop database if exists ${scratch} with (force)`);
    },
  };
}

// Resident memory of a process in bytes, from /proc (Linux).
export function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function login(origin: string, userName: string, password: string): Promise<string> {
  const r = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain: 'demo', userName, password }),
  }).then((x) => x.json() as Promise<{ code: number; response: { token: string } | null }>);
  if (r.code !== 1 || !r.response) throw new Error(`login ${userName} failed`);
  return r.response.token;
}

// Runs `total` flows with `concurrency` in flight; returns per-flow latencies in ms and the wall time.
export async function drive(total: number, concurrency: number, flow: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const s = performance.now();
        await flow(i);
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: total / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), seconds };
}
