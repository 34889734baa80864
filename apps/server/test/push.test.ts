import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  type Attempt,
  type Envelope,
  ExamLogType,
  type InboxEvents,
  type MonitorEvents,
  PaperStatus,
  parseEvents,
  ResultCode,
  RoleKind,
  UserStatus,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { rolePermissions, roles } from '../src/modules/role/role.table';
import { users } from '../src/modules/user/user.table';
import { type BusListener, bus, startBusListener } from '../src/platform/bus';
import { setClock } from '../src/platform/clock';
import { type PushHub, pushHub } from '../src/platform/push';
import { ExamDays, examPeople, onePaper } from './exam-fixture';
import { createTestApp, ok, type TestApp } from './harness';

// Live updates (platform/push.ts): an exam's board and a user's bell as server-sent events, over
// real HTTP. What reaches which stream, who may open one, the limits, the heartbeat and the end of
// a stream; on PostgreSQL, a hand-in made by another server process reaches a board held here.
// How fast, and what 2,000 open streams cost, is `npm run bench:push`.

type Events = MonitorEvents & InboxEvents;
interface Heard {
  event: keyof Events & string;
  data: Record<string, unknown>;
}

// A stream as a page holds it: every event and heartbeat it has heard so far. Plain node:http on a
// socket of its own (no keep-alive pool), so a closed stream closes its connection.
class Listening {
  readonly heard: Heard[] = [];
  comments = 0;
  readonly ended: Promise<void>;
  private readonly taken = new Set<Heard>();
  private wake: (() => void) | null = null;
  private text = '';

  constructor(
    res: IncomingMessage,
    private readonly req: ClientRequest,
  ) {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => this.read(chunk));
    this.ended = new Promise((resolve) => res.once('close', () => resolve()));
    void this.ended.then(() => this.wake?.());
  }

  private read(chunk: string) {
    const { events, rest } = parseEvents(this.text + chunk, () => this.comments++);
    this.text = rest;
    for (const e of events) this.heard.push({ event: e.event as Heard['event'], data: JSON.parse(e.data) });
    this.wake?.();
  }

  // The first event of that name (matching `match`) not taken before; waits for it up to `ms`.
  async take<K extends keyof Events & string>(
    event: K,
    match: (data: Events[K]) => boolean = () => true,
    ms = 5_000,
  ): Promise<Events[K]> {
    const until = Date.now() + ms;
    for (;;) {
      const found = this.heard.find((h) => h.event === event && !this.taken.has(h) && match(h.data as Events[K]));
      if (found) {
        this.taken.add(found);
        return found.data as Events[K];
      }
      const left = until - Date.now();
      if (left <= 0) throw new Error(`no "${event}" within ${ms} ms; heard ${JSON.stringify(this.heard)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  // The events of that name not taken yet.
  untaken(event: keyof Events): Heard[] {
    return this.heard.filter((h) => h.event === event && !this.taken.has(h));
  }

  close() {
    this.req.destroy();
  }
}

let base = '';

// A GET on a socket of its own; resolves with the answer's head.
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ req: ClientRequest; res: IncomingMessage }>((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => resolve({ req, res }));
    req.on('error', reject);
  });
}

// Opens a stream and waits for its first event.
async function listen(url: string, token: string, origin = base): Promise<Listening> {
  const { req, res } = await get(`${origin}${url}`, { accept: 'text/event-stream', token });
  if (!String(res.headers['content-type']).startsWith('text/event-stream')) {
    req.destroy();
    throw new Error(`refused: ${res.headers['content-type']}`);
  }
  expect(res.headers['cache-control']).toContain('no-cache');
  expect(res.headers['x-accel-buffering']).toBe('no');
  const stream = new Listening(res, req);
  await stream.take('ready');
  return stream;
}

// What a refused stream answers: the envelope, as every route.
async function refusal(url: string, token?: string, accept = 'text/event-stream'): Promise<Envelope<null>> {
  const { res } = await get(`${base}${url}`, { accept, ...(token ? { token } : {}) });
  expect(res.headers['content-type']).toContain('application/json');
  let text = '';
  res.setEncoding('utf8');
  for await (const chunk of res) text += chunk;
  return JSON.parse(text) as Envelope<null>;
}

const board = (examId: number) => `/api/examLog/stream?examId=${examId}`;
const BELL = '/api/message/stream';
// Long enough for an event sent by mistake to have arrived.
const settle = () => new Promise((r) => setTimeout(r, 300));

let t: TestApp;
let hub: PushHub;
let academic: string;
let teacher: string;
let northTeacher: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let paperId: number;
const opened: Listening[] = [];
const days = new ExamDays('2031-09-08T08:00:00Z');
const STUDENTS = ['student', 's2026001', 's2026002', 's2026003'];

beforeAll(async () => {
  t = await createTestApp();
  ({ academic, teacher, northTeacher, tokens, ids } = await examPeople(t, STUDENTS));
  paperId = await onePaper(t, academic, { name: 'Live paper' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  hub = pushHub(t.app);
});
afterAll(async () => {
  for (const s of opened) s.close();
  setClock(null);
  await t.close();
});

const keep = (s: Listening) => {
  opened.push(s);
  return s;
};

const exam = (students: string[], invigilators: number[] = []) =>
  days.publish(t, academic, {
    name: 'Live exam',
    paperId,
    studentIds: students.map((s) => ids[s]),
    invigilatorIds: invigilators,
  });

describe("an exam's board", () => {
  it('hears a hand-in, a screen switch and an invigilator action on its exam only', async () => {
    const other = await exam(['s2026002']);
    // The last one published: days.at() counts from its window.
    const watched = await exam(['student', 's2026001']);
    const live = keep(await listen(board(watched.id), academic));
    const quiet = keep(await listen(board(other.id), academic));
    setClock(days.at(5));
    const attempt = ok(
      await t.call<Attempt>('POST', '/api/exam/attempt/start', {
        token: tokens.student,
        body: { examId: watched.id },
      }),
    );
    ok(
      await t.call('POST', '/api/exam/attempt/events', {
        token: tokens.student,
        body: { attemptId: attempt.id, events: [{ type: ExamLogType.ScreenSwitch, at: days.at(5), detail: 'away' }] },
      }),
    );
    expect(await live.take('candidate', (d) => d.status === PaperStatus.Answering)).toEqual({
      userIds: [ids.student],
      status: PaperStatus.Answering,
    });
    ok(
      await t.call('POST', '/api/exam/attempt/submit', {
        token: tokens.student,
        body: { attemptId: attempt.id },
      }),
    );
    expect(await live.take('candidate', (d) => d.status === PaperStatus.HandedIn)).toEqual({
      userIds: [ids.student],
      status: PaperStatus.HandedIn,
    });
    ok(
      await t.call('POST', '/api/examLog/addTime', {
        token: academic,
        body: { examId: watched.id, userIds: [ids.s2026001], minutes: 5 },
      }),
    );
    expect(await live.take('candidate', (d) => d.userIds?.includes(ids.s2026001) ?? false)).toEqual({
      userIds: [ids.s2026001],
      status: null,
    });
    await settle();
    expect(quiet.untaken('candidate')).toEqual([]);
    live.close();
    quiet.close();
  });

  it('is open only to those who may watch the exam', async () => {
    const watched = await exam(['student']);
    const url = board(watched.id);
    expect((await refusal(url)).code).toBe(ResultCode.NotLoggedIn);
    expect((await refusal(url, tokens.student)).code).toBe(ResultCode.Forbidden);
    // A teacher who neither made nor invigilates the exam, and another school's, find no such exam.
    for (const other of [teacher, northTeacher]) {
      expect(await refusal(url, other)).toMatchObject({ code: ResultCode.Error, message: 'Exam not found' });
    }
    expect(await refusal(url, academic, 'application/json')).toMatchObject({
      code: ResultCode.InvalidParams,
      error: { key: 'missingHeader', field: 'accept' },
    });
    expect(await refusal('/api/examLog/stream?examId=x1', academic)).toMatchObject({
      code: ResultCode.InvalidParams,
      error: { field: 'examId' },
    });
    // Its invigilator may.
    const invigilated = await exam(['student'], [ids.teacher]);
    keep(await listen(board(invigilated.id), teacher)).close();
  });
});

describe("a user's bell", () => {
  it('hears of their own messages only, and of reading on another device', async () => {
    const mine = keep(await listen(BELL, tokens.s2026001));
    const theirs = keep(await listen(BELL, tokens.s2026002));
    const { id } = ok(
      await t.call<{ id: number }>('POST', '/api/message/create', {
        token: academic,
        body: { title: 'Live notice', targetType: 4, userIds: [ids.s2026001] },
      }),
    );
    ok(await t.call('POST', `/api/message/publish/${id}`, { token: academic, body: {} }));
    expect(await mine.take('message')).toMatchObject({ messageId: id });
    // Read on another device (another session): this one's count changes too.
    const phone = await t.login('demo', 's2026001');
    ok(await t.call('POST', `/api/message/read/${id}`, { token: phone }));
    await mine.take('unread');
    ok(await t.call('POST', `/api/message/withdraw/${id}`, { token: academic, body: {} }));
    await mine.take('unread');
    await settle();
    expect([...theirs.untaken('message'), ...theirs.untaken('unread')]).toEqual([]);
    mine.close();
    theirs.close();
  });
});

describe('streams and sessions', () => {
  it("end when their session ends or the user's access changes; others stay", async () => {
    const token = await t.login('demo', 's2026003');
    const other = keep(await listen(BELL, tokens.s2026002));
    const bell = keep(await listen(BELL, token));
    ok(await t.call('GET', '/api/user/logout', { token }));
    expect(await bell.take('bye')).toEqual({ reason: 'session' });
    await bell.ended;
    // The page opens another: refused, the session is gone.
    expect((await refusal(BELL, token)).code).toBe(ResultCode.NotLoggedIn);
    // A student's stream ends when an administrator disables them.
    const admin = await t.login('demo', 'admin');
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, t.ids.demo.orgId), eq(users.userName, 's2026005')));
    const bell2 = keep(await listen(BELL, await t.login('demo', 's2026005')));
    ok(
      await t.call('POST', `/api/user/changeStatus/${row!.id}`, {
        token: admin,
        body: { status: UserStatus.Disabled },
      }),
    );
    expect(await bell2.take('bye')).toEqual({ reason: 'session' });
    ok(
      await t.call('POST', `/api/user/changeStatus/${row!.id}`, { token: admin, body: { status: UserStatus.Enabled } }),
    );
    await settle();
    expect(other.untaken('bye')).toEqual([]);
    // Grants changed on a role (here: given again as they are): the organisation's streams end and are
    // checked again when they reopen.
    const [teacherRole] = await t.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.organizationId, t.ids.demo.orgId), eq(roles.kind, RoleKind.Teacher)));
    const granted = await t.database.db
      .select({ id: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, teacherRole!.id));
    const permissionIds = granted.map((g) => g.id);
    ok(await t.call('POST', '/api/role/grant', { token: admin, body: { roleId: teacherRole!.id, permissionIds } }));
    expect(await other.take('bye')).toEqual({ reason: 'session' });
    other.close();
  });
});

describe('the streams one process holds', () => {
  it('are bounded per session, per user and per process, and a closed one frees its place', async () => {
    const before = { ...hub.limits };
    hub.configure({ perSession: 2, perUser: 3, perProcess: 5 });
    try {
      const first = [await listen(BELL, tokens.s2026003), await listen(BELL, tokens.s2026003)];
      expect(await refusal(BELL, tokens.s2026003)).toMatchObject({
        code: ResultCode.Error,
        error: { key: 'tooManyStreams', params: { max: 2 } },
      });
      first[0]!.close();
      await first[0]!.ended;
      await expect.poll(() => hub.size).toBe(1);
      const again = await listen(BELL, tokens.s2026003);
      const laptop = await t.login('demo', 's2026003');
      const third = await listen(BELL, laptop);
      expect(await refusal(BELL, laptop)).toMatchObject({ error: { key: 'tooManyStreams', params: { max: 3 } } });
      const more = [await listen(BELL, tokens.student), await listen(BELL, tokens.s2026002)];
      expect(hub.size).toBe(5);
      expect(await refusal(BELL, tokens.s2026001)).toMatchObject({
        error: { key: 'tooManyStreams', params: { max: 5 } },
      });
      for (const s of [first[1]!, again, third, ...more]) s.close();
      await expect.poll(() => hub.size).toBe(0);
    } finally {
      hub.configure(before);
    }
  });

  it('beat while quiet, say "resync" when the bus may have missed something, and end when old enough', async () => {
    const before = { ...hub.limits };
    hub.configure({ heartbeatMs: 40, maxAgeMs: 400 });
    try {
      const s = await listen(BELL, tokens.s2026001);
      await expect.poll(() => s.comments, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      // The server's change bus reconnected: what was announced meanwhile may be lost.
      bus.reset();
      await s.take('resync');
      expect(await s.take('bye', () => true, 5_000)).toEqual({ reason: 'maxAge' });
      await s.ended;
      await expect.poll(() => hub.size).toBe(0);
    } finally {
      hub.configure(before);
    }
  });
});

// ---- two server processes on one PostgreSQL database ----

interface Child {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

// The real server (main.ts) on the test's database, as a second process of the same school.
function startServer(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    const collect = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${m[1]}`, exited });
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    void exited.then((code) => reject(new Error(`server exited with ${code} before starting:\n${out}`)));
  });
}

function post<T>(origin: string, url: string, token: string, body: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${url}`,
      { method: 'POST', headers: { 'content-type': 'application/json', token }, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          const answer = JSON.parse(text) as Envelope<T>;
          if (answer.code === ResultCode.Success) resolve(answer.response);
          else reject(new Error(`${url}: ${answer.message}`));
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe.skipIf(!process.env.DATABASE_URL || process.env.TEST_DB !== 'postgres')(
  'another server process (PostgreSQL)',
  () => {
    let other: Child;
    let listener: BusListener;
    let dataDir: string;

    beforeAll(async () => {
      const url = t.databaseUrl!;
      // This process listens on the change bus as a server does; the other is the real server.
      listener = await startBusListener(url, { log: () => {} });
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-push-'));
      other = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir });
    }, 180_000);
    afterAll(async () => {
      if (other && other.child.exitCode === null) other.child.kill('SIGTERM');
      await other?.exited;
      await listener?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('a hand-in there reaches a board held here; a message published there reaches a bell here', async () => {
      // The other process keeps the real time: an exam open now.
      setClock(null);
      const now = Date.now();
      const created = ok(
        await t.call<{ id: number }>('POST', '/api/exam/create', {
          token: academic,
          body: {
            name: 'Across processes',
            paperId,
            windowStart: new Date(now - 60_000).toISOString(),
            windowEnd: new Date(now + 3_600_000).toISOString(),
            durationMinutes: 30,
            graceSeconds: 30,
            studentIds: [ids.s2026002],
          },
        }),
      );
      ok(await t.call('POST', `/api/exam/publish/${created.id}`, { token: academic, body: { acceptWarnings: true } }));
      const live = keep(await listen(board(created.id), academic));
      const bell = keep(await listen(BELL, tokens.s2026002));

      const attempt = await post<Attempt>(other.url, '/api/exam/attempt/start', tokens.s2026002, {
        examId: created.id,
      });
      const sent = performance.now();
      await post(other.url, '/api/exam/attempt/submit', tokens.s2026002, { attemptId: attempt.id });
      expect(await live.take('candidate', (d) => d.status === PaperStatus.HandedIn)).toEqual({
        userIds: [ids.s2026002],
        status: PaperStatus.HandedIn,
      });
      console.log(
        `a hand-in through the other process reached this board in ${Math.round(performance.now() - sent)} ms`,
      );

      const { id } = await post<{ id: number }>(other.url, '/api/message/create', academic, {
        title: 'From the other process',
        targetType: 4,
        userIds: [ids.s2026002],
      });
      await post(other.url, `/api/message/publish/${id}`, academic, {});
      expect(await bell.take('message')).toMatchObject({ messageId: id });
      live.close();
      bell.close();
    });

    it('a server that stops says so on its streams and still exits cleanly', async () => {
      const held = await listen(BELL, tokens.s2026001, other.url);
      other.child.kill('SIGTERM');
      expect(await held.take('bye')).toEqual({ reason: 'shutdown' });
      await held.ended;
      expect(await other.exited).toBe(0);
    });
  },
);
