import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';

// The real server and operator commands as processes, on an embedded database in a temporary folder.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-proc-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
const main = path.join(repoRoot, 'apps/server/src/main.ts');
const cli = path.join(repoRoot, 'apps/server/src/cli/lyceum.ts');
// Each test starts server or command processes; a loaded machine (other test files beside this one)
// can take a minute over it.
const PROCESS_TIMEOUT_MS = 180_000;
// Servers still running: a test that failed half-way must not leave one holding the data directory
// for the next test, or running after the file.
const running = new Set<ChildProcess>();

function startServer(extraEnv: Record<string, string> = {}): {
  child: ChildProcess;
  output: Promise<string>;
  ready: Promise<string>;
  printed: () => string;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', main], { cwd: repoRoot, env: { ...env, ...extraEnv } });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let out = '';
  let onReady: (url: string) => void = () => {};
  const ready = new Promise<string>((resolve) => {
    onReady = resolve;
  });
  const collect = (chunk: Buffer) => {
    out += chunk.toString();
    const m = /running at (http:\/\/localhost:\d+)/.exec(out);
    if (m) onReady(m[1]);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = new Promise<string>((resolve) => child.on('exit', () => resolve(out)));
  return { child, output, ready, printed: () => out };
}

function runCli(...args: string[]) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: repoRoot, env, encoding: 'utf8' });
  return { code: res.status, out: `${res.stdout}${res.stderr}` };
}

async function stop(children: ChildProcess[]) {
  const exits = children.map((c) => new Promise((resolve) => c.once('exit', resolve)));
  for (const c of children) c.kill('SIGKILL');
  await Promise.all(exits);
}
afterEach(() => stop([...running].filter((c) => c !== severalWorkers.child)));
afterAll(async () => {
  await stop([...running]);
  rmSync(dataDir, { recursive: true, force: true });
});

// Refused before it looks at the data, so it runs beside the first test rather than after it.
let severalWorkers: ReturnType<typeof startServer>;
beforeAll(() => {
  severalWorkers = startServer({ WORKERS: '2' });
});

describe('server process', () => {
  it(
    'starts with demo data and a generated password, refuses a second server on the same data, stops cleanly',
    async () => {
      const first = startServer();
      const url = await first.ready;
      const org = (await fetch(`${url}/api/common/organization/demo`).then((r) => r.json())) as {
        response: { name: string };
      };
      expect(org.response.name).toBe('Demo Academy');
      // The demo question bank includes a figure stored through the file service.
      const post = (p: string, body: unknown, token?: string) =>
        fetch(`${url}${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<{ code: number; response: { token: string; list: { stem: string }[] } }>);
      const password = /shown only this once\): (\S+)/.exec(first.printed())?.[1];
      const token = (await post('/api/user/login', { domain: 'demo', userName: 'teacher', password })).response.token;
      const figure = await post('/api/question/page', { keyword: 'figure shows' }, token);
      const src = /src="([^"]+)"/.exec(figure.response.list[0].stem)?.[1];
      const img = await fetch(`${url}${src}`, { headers: { token } });
      expect(img.headers.get('content-type')).toBe('image/png');
      const second = startServer();
      const secondOut = await second.output;
      expect(second.child.exitCode).toBe(1);
      expect(secondOut).toMatch(/Another Lyceum server \(pid \d+\) is already using the embedded database/);
      first.child.kill('SIGTERM');
      const out = await first.output;
      expect(first.child.exitCode).toBe(0);
      expect(out).toMatch(/Demo password \(generated now, shown only this once\): \S{14}/);
      expect(existsSync(path.join(dataDir, 'lyceum.lock'))).toBe(false);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'refuses several workers on the embedded database, which one process owns',
    async () => {
      const s = severalWorkers;
      const out = await s.output;
      expect(s.child.exitCode).toBe(1);
      expect(out).toMatch(/WORKERS=2 needs PostgreSQL \(set DATABASE_URL\)/);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'operators create organisations and their first administrator without SQL',
    () => {
      const created = runCli('org:create', '--domain', 'south', '--name', 'South Institute');
      expect(created.out).toMatch(/Organisation "South Institute" created/);
      expect(created.code).toBe(0);
      const admin = runCli('user:create-admin', '--domain', 'south', '--user', 'boss', '--password', 'south-pass-1');
      expect(admin.code).toBe(0);
      const dup = runCli('org:create', '--domain', 'south', '--name', 'Again');
      expect(dup.code).toBe(1);
      expect(dup.out).toMatch(/already exists/);
      const bad = runCli('org:create', '--domain', 'Not OK!', '--name', 'X');
      expect(bad.code).toBe(1);
      expect(bad.out).toMatch(/^domain: /m);
      expect(runCli('org:list').out).toMatch(/south\s+enabled\s+South Institute/);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'a restarted server keeps the data and the new organisation can log in',
    async () => {
      const s = startServer();
      const url = await s.ready;
      const login = await fetch(`${url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain: 'south', userName: 'boss', password: 'south-pass-1' }),
      }).then((r) => r.json() as Promise<{ code: number }>);
      expect(login.code).toBe(1);
      s.child.kill('SIGINT');
      await s.output;
      expect(s.child.exitCode).toBe(0);
    },
    PROCESS_TIMEOUT_MS,
  );
});
