// What the exam-day benchmarks (B1 steady exam, B2 synchronised start, B3 deadline storm) share:
// a database with thousands of students, the server in its own process (exam-server.ts), the exam
// built through the API as an academic would, a timed HTTP client and the figures' printing.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { type Envelope, UserStatus, UserVerified } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { openPrepared } from '../apps/server/src/platform/bootstrap';
import { rows } from '../apps/server/src/platform/sql-rows';
import { seedDemo } from '../apps/server/src/seed/demo';
import '../apps/server/src/wiring';
import { admin, percentile, scratchDatabase } from './lib';

const here = path.dirname(fileURLToPath(import.meta.url));
export const PASSWORD = 'bench-pass-2026';

// ---- the database ----

export interface BenchDatabase {
  kind: 'postgres' | 'pglite';
  // The scratch database (PostgreSQL) or the embedded database's directory (PGlite).
  url: string | null;
  dataDir: string | null;
  // Where the server keeps uploaded files (none in these runs; the app wants a folder).
  filesDir: string;
  orgId: number;
  // The bench students, in order: user names x00001, x00002, ... and their ids.
  names: string[];
  ids: number[];
  drop(): Promise<void>;
}

// A fresh database: a scratch database on the PostgreSQL server of DATABASE_URL, or an embedded
// database in a new directory on disk (the product's embedded mode). The demo is seeded with one
// shared real argon2 hash, then `students` more students are added in one statement with that same
// hash, so every login still runs the full argon2 verification.
export async function prepareDatabase(students: number): Promise<BenchDatabase> {
  const scratch = await scratchDatabase('lyceum_bench_exam');
  const url = scratch.url;
  const dataDir = url ? null : mkdtempSync(path.join(os.tmpdir(), 'bench-exam-db-'));
  const database = await openPrepared({ databaseUrl: url, dataDir });
  try {
    const { demo } = await seedDemo(database.db, { password: PASSWORD, reuseHash: true, questions: false });
    const added = await rows<{ id: number; user_name: string }>(
      database.db,
      sql`with u as (
          insert into users (organization_id, user_name, real_name, password_hash, status, verified, email)
          select ${demo.orgId}, 'x' || lpad(g::text, 5, '0'), 'Bench student ' || g,
            (select password_hash from users where organization_id = ${demo.orgId} and user_name = 'student'),
            ${UserStatus.Enabled}, ${UserVerified.Verified}, 'x' || g || '@demo.example.edu'
          from generate_series(1, ${students}::int) g
          returning id, user_name),
        r as (insert into user_roles (organization_id, user_id, role_id)
          select ${demo.orgId}, id, ${demo.roleIds.student} from u)
        select id, user_name from u order by user_name`,
    );
    // Statistics for the planner after the bulk load (the CI PostgreSQL runs without autovacuum, so
    // nothing else would gather them, and plans on an unanalysed table guess row counts).
    await database.db.execute(sql`analyze`);
    const filesDir = mkdtempSync(path.join(os.tmpdir(), 'bench-exam-files-'));
    return {
      kind: database.kind,
      url,
      dataDir,
      filesDir,
      orgId: demo.orgId,
      names: added.map((r) => r.user_name),
      ids: added.map((r) => Number(r.id)),
      async drop() {
        await scratch.drop();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
        rmSync(filesDir, { recursive: true, force: true });
      },
    };
  } finally {
    await database.close();
  }
}

// ---- the server ----

export interface Server {
  origin: string;
  port: number;
  child: ChildProcess;
}

// A port nobody listens on now, so a restarted server comes back at the same address.
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function startExamServer(db: BenchDatabase, port = 0): Promise<Server> {
  // BENCH_SERVER_ARGS: more options for the server's node (a CPU profile: --cpu-prof --cpu-prof-dir=...).
  const extra = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', path.join(here, 'exam-server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      BENCH_DATABASE_URL: db.url ?? '',
      BENCH_DATA_DIR: db.dataDir ?? '',
      BENCH_FILES_DIR: db.filesDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const m = /PORT=(\d+)/.exec(chunk.toString());
      if (m) resolve({ origin: `http://127.0.0.1:${m[1]}`, port: Number(m[1]), child });
    });
    child.once('exit', (code, signal) => reject(new Error(`exam server exited (${code ?? signal})`)));
  });
}

export async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const gone = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await gone;
}

// CPU seconds a process has used (user + system), from /proc (Linux).
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// Where the CPU goes during a part of a run: the server process, this client process and (on
// PostgreSQL) the database's backends serving the scratch database, each as % of one core.
export async function cpuMeter(server: Server, db: BenchDatabase) {
  const backends = async () => {
    if (!db.url) return new Map<number, number>();
    const r = await admin(db.url, 'select pid from pg_stat_activity where datname = current_database()');
    const cpu = new Map<number, number>();
    for (const { pid } of r.rows as { pid: number }[]) {
      try {
        cpu.set(pid, cpuSeconds(pid));
      } catch {
        // Gone between the two reads.
      }
    }
    return cpu;
  };
  // Commits on the scratch database (PostgreSQL counts them per database) and statements the server
  // sent (exam-server.ts counts them), for commits and round trips per operation.
  const commits = async () => {
    if (!db.url) return 0;
    const r = await admin(db.url, 'select xact_commit from pg_stat_database where datname = current_database()');
    return Number((r.rows[0] as { xact_commit: string }).xact_commit);
  };
  const statements = async () =>
    ok(await call<{ statements: number }>(server.origin, '/bench/statements', {})).statements;
  const t0 = performance.now();
  const server0 = cpuSeconds(server.child.pid!);
  const client0 = process.cpuUsage();
  const pg0 = await backends();
  const commits0 = await commits();
  const statements0 = await statements();
  return async () => {
    const seconds = (performance.now() - t0) / 1000;
    const statementCount = (await statements()) - statements0;
    const pg1 = await backends();
    let pg = 0;
    for (const [pid, cpu] of pg1) pg += cpu - (pg0.get(pid) ?? 0);
    const client = process.cpuUsage(client0);
    const pct = (cpu: number) => `${((100 * cpu) / seconds).toFixed(0)} %`;
    const serverCpu = cpuSeconds(server.child.pid!) - server0;
    // A backend reports its counts when it goes idle, at most once a second.
    if (db.url) await sleep(1500);
    return {
      serverCpu,
      databaseCpu: pg,
      // Less the meter's own two reads that fall inside (its commit read and the backends list).
      commits: db.url ? (await commits()) - commits0 - 2 : null,
      statements: statementCount,
      text:
        `CPU (% of one core): server ${pct(serverCpu)}, client ${pct((client.user + client.system) / 1e6)}` +
        (db.url ? `, PostgreSQL backends ${pct(pg)}` : ''),
    };
  };
}

// ---- the client ----

export interface Reply<T> {
  ms: number;
  body: Envelope<T>;
}

// One call of the API, timed; throws on a network failure (server down, connection reset) or a
// reply that is not the envelope. Plain node:http with kept-alive connections rather than fetch:
// on a 2-core machine the client shares the cores with the server, and fetch costs it about twice
// as much CPU per call. It asks for compressed answers as a browser does (and pays to inflate them).
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
export function call<T>(
  origin: string,
  route: string,
  body: unknown,
  opts: { token?: string; from?: string; timeoutMs?: number } = {},
): Promise<Reply<T>> {
  const s = performance.now();
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${route}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'accept-encoding': 'br, gzip',
          ...(opts.token ? { token: opts.token } : {}),
          ...(opts.from ? { 'x-forwarded-for': opts.from } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const text =
              encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
            resolve({ ms: performance.now() - s, body: JSON.parse(text.toString('utf8')) as Envelope<T> });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    if (opts.timeoutMs) {
      req.setTimeout(opts.timeoutMs, () => {
        const err = new Error('timeout');
        err.name = 'TimeoutError';
        req.destroy(err);
      });
    }
    req.end(payload);
  });
}

export const failure = (e: Envelope<unknown>) => e.error?.key ?? e.message;

// A failed request in a few words: fetch's own message says little ("fetch failed"), its cause
// names it (ECONNREFUSED, UND_ERR_SOCKET, ...).
export function networkFailure(err: unknown): string {
  const e = err as Error & { code?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError') return 'timeout';
  return e.code ?? e.cause?.code ?? e.cause?.message ?? e.message;
}

// Students sit in classrooms of `perRoom` behind one address each (a school's NAT per lab).
export const roomAddress = (i: number, perRoom = 40) =>
  `10.${20 + Math.floor(i / perRoom / 250)}.${Math.floor(i / perRoom) % 250}.1`;

export async function login(origin: string, userName: string, from?: string): Promise<Reply<{ token: string }>> {
  return call<{ token: string }>(origin, '/api/user/login', { domain: 'demo', userName, password: PASSWORD }, { from });
}

// Logs the given students in through the real endpoint (argon2id each), `concurrency` at a time.
export async function loginAll(origin: string, names: string[], concurrency = 4) {
  const tokens: string[] = new Array(names.length);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < names.length) {
        const i = next++;
        const r = await login(origin, names[i]!, roomAddress(i));
        if (r.body.code !== 1) throw new Error(`login ${names[i]} failed: ${failure(r.body)}`);
        tokens[i] = r.body.response.token;
      }
    }),
  );
  return { tokens, seconds: (performance.now() - t0) / 1000 };
}

// Runs fn over 0..n-1 with `concurrency` in flight.
export async function pool(n: number, concurrency: number, fn: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, concurrency) }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

// ---- the exam, built through the API ----

export const QUESTIONS = 20;
// Questions 0, 5, 10, 15 are short answers (a paragraph of text); the others single choice.
export const isText = (index: number) => index % 5 === 0;
// The answer a client gives at a revision, so a stored answer can be checked against its revision.
export const answerFor = (index: number, revision: number) =>
  isText(index) ? `Revision ${revision}: ${'the reasoning goes on, '.repeat(8)}` : 'ABCD'[revision % 4]!;

// A published paper of 20 questions (16 single choice, 4 short answers), made by the academic.
export async function makePaper(origin: string, academic: string): Promise<number> {
  const ids: number[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    const body = isText(i)
      ? {
          type: 5,
          stem: `<p>Explain step ${i + 1}.</p>`,
          answer: { reference: '<p>Because.</p>', keywords: [{ word: 'because', points: 3 }] },
          score: 5,
        }
      : {
          type: 1,
          stem: `<p>Question ${i + 1}: pick one.</p>`,
          options: ['one', 'two', 'three', 'four'].map((content, k) => ({ label: 'ABCD'[k], content })),
          answer: 'B',
          score: 5,
        };
    ids.push(ok(await call<{ id: number }>(origin, '/api/question/create', body, { token: academic })).id);
  }
  const paper = ok(
    await call<{ id: number }>(
      origin,
      '/api/examPaper/create',
      {
        name: 'Bench paper',
        sections: [{ title: 'Part I', items: ids.map((questionId) => ({ questionId, score: 5 })) }],
      },
      { token: academic },
    ),
  );
  ok(await call(origin, `/api/examPaper/publish/${paper.id}`, {}, { token: academic }));
  return paper.id;
}

// A published exam of the paper for the students, in the window given (ms), `durationMinutes` long.
export async function makeExam(
  origin: string,
  academic: string,
  o: {
    paperId: number;
    studentIds: number[];
    start: number;
    end: number;
    durationMinutes: number;
    graceSeconds: number;
  },
): Promise<number> {
  const exam = ok(
    await call<{ id: number }>(
      origin,
      '/api/exam/create',
      {
        name: `Bench exam ${new Date(o.start).toISOString()}`,
        paperId: o.paperId,
        windowStart: new Date(o.start).toISOString(),
        windowEnd: new Date(o.end).toISOString(),
        durationMinutes: o.durationMinutes,
        graceSeconds: o.graceSeconds,
        studentIds: o.studentIds,
      },
      { token: academic },
    ),
  );
  ok(await call(origin, `/api/exam/publish/${exam.id}`, { acceptWarnings: true }, { token: academic }));
  return exam.id;
}

// ---- the start every exam-day bench shares ----

export interface ExamBench {
  db: BenchDatabase;
  server: Server;
  // How long the server took to come up (the deadline storm compares its restart with it).
  serverStartMs: number;
  academic: string;
  paperId: number;
}

// `students` bench students in a fresh database, the server in its own process (on `port` when
// given), the academic's session and the published paper. What was started is stopped and dropped
// again when a step on the way fails; after that, the bench does it.
export async function openExamBench(students: number, port = 0): Promise<ExamBench> {
  const t0 = performance.now();
  const db = await prepareDatabase(students);
  console.log(
    `prepared ${db.kind} with ${students} bench students in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const s0 = Date.now();
  const server = await startExamServer(db, port);
  const serverStartMs = Date.now() - s0;
  try {
    const academic = ok(await login(server.origin, 'academic')).token;
    const paperId = await makePaper(server.origin, academic);
    return { db, server, serverStartMs, academic, paperId };
  } catch (err) {
    await stopServer(server);
    await db.drop();
    throw err;
  }
}

// A published exam of the bench's paper for the students, open from a minute ago for `hours`,
// `durationMinutes` long with a minute's grace.
export function openExamNow(
  bench: ExamBench,
  studentIds: number[],
  o: { hours: number; durationMinutes: number },
): Promise<number> {
  const now = Date.now();
  return makeExam(bench.server.origin, bench.academic, {
    paperId: bench.paperId,
    studentIds,
    start: now - 60_000,
    end: now + o.hours * 3600_000,
    durationMinutes: o.durationMinutes,
    graceSeconds: 60,
  });
}

export function ok<T>(r: Reply<T>): T {
  if (r.body.code !== 1) throw new Error(`${failure(r.body)}: ${r.body.message}`);
  return r.body.response;
}

// The attempt's question ids in paper order, from a start reply.
export interface StartedAttempt {
  id: number;
  deadline: number;
  closesAt: number;
  serverNow: number;
  sections: { questions: { questionId: number }[] }[];
}
export const questionIdsOf = (a: StartedAttempt) => a.sections.flatMap((s) => s.questions.map((q) => q.questionId));

// ---- figures ----

export function spread(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50) ?? 0,
    p95: percentile(sorted, 95) ?? 0,
    p99: percentile(sorted, 99) ?? 0,
    p999: percentile(sorted, 99.9) ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
  };
}

const f = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1)).padStart(8);
export const latencyHeader = `${'what'.padEnd(22)}${'count'.padStart(8)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'p99.9'.padStart(8)}${'max'.padStart(8)}   (ms)`;
export function latencyRow(name: string, latencies: number[]) {
  const s = spread(latencies);
  return `${name.padEnd(22)}${String(s.n).padStart(8)}${f(s.p50)}${f(s.p95)}${f(s.p99)}${f(s.p999)}${f(s.max)}`;
}

export function machine(kind: string) {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `${kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite on disk'}, ${os.availableParallelism()} CPU cores, load average ${load}`;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
