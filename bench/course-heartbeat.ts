// Course heartbeats (issue 30): N students each watching a video lesson, every one reporting on its
// own schedule (an open loop): a heartbeat every 15 s for BENCH_SECONDS, start offsets spread over
// the period, each spending the nonce the last one returned. Then, in the same run, the heartbeat
// path's capacity (heartbeats back to back) and the database's raw capacity for the row a
// heartbeat appends (INSERT of the same progress_log row through `pg`, the yardstick), so the
// heartbeat is reported as a ratio of it. PostgreSQL when DATABASE_URL is set (the figures that
// count); the embedded database otherwise, without the raw yardstick.
//   BENCH_N=2000 BENCH_SECONDS=300 BENCH_CAPACITY_SECONDS=20 BENCH_CAPACITY_C=32
import { randomBytes } from 'node:crypto';
import { CompletionRule, CourseStatus, EnrolmentSource, LessonType, ProgressEvent } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { courses, courseVersions } from '../apps/server/src/modules/course/course.table';
import type { Outline } from '../apps/server/src/modules/course/course-outline';
import { openPrepared } from '../apps/server/src/platform/bootstrap';
import {
  type BenchDatabase,
  call,
  cpuMeter,
  failure,
  latencyHeader,
  latencyRow,
  loginAll,
  machine,
  networkFailure,
  ok,
  pool,
  prepareDatabase,
  type Server,
  sleep,
  spread,
  startExamServer,
  stopServer,
} from './exam-lib';

const N = Number(process.env.BENCH_N ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const CAPACITY_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 20);
const CAPACITY_C = Number(process.env.BENCH_CAPACITY_C ?? 32);
const EVERY = 15_000;
const TIMEOUT = 30_000;
// The server's pool (platform/db.ts); the raw loop keeps as many statements in flight.
const POOL = 10;
const LESSON_ID = 900_000_001;
const VIDEO_SECONDS = 7200;

// The course: one chapter, one two-hour video lesson (90 % watched completes it), published as
// version 1, every bench student enrolled (as an assignment would), written directly.
async function seedCourse(db: BenchDatabase): Promise<number> {
  const database = await openPrepared({ databaseUrl: db.url, dataDir: db.dataDir });
  try {
    const outline: Outline = {
      chapters: [
        {
          id: LESSON_ID + 1,
          key: 'bench-chapter',
          title: 'Bench chapter',
          requires: [],
          lessons: [
            {
              id: LESSON_ID,
              key: 'bench-video',
              title: 'Bench video',
              lessonType: LessonType.Video,
              fileUrl: null,
              durationSeconds: VIDEO_SECONDS,
              body: '',
              paperId: null,
              completionRule: CompletionRule.Watched,
              threshold: 90,
              requires: [],
            },
          ],
        },
      ],
    };
    const [course] = await database.db
      .insert(courses)
      .values({
        organizationId: db.orgId,
        code: 'BENCH-HB',
        title: 'Heartbeat bench',
        status: CourseStatus.Published,
        version: 1,
      })
      .returning({ id: courses.id });
    const courseId = course!.id;
    await database.db
      .insert(courseVersions)
      .values({ organizationId: db.orgId, courseId, version: 1, content: outline, lessonCount: 1 });
    await database.db.execute(sql`insert into course_enrolments (organization_id, course_id, user_id, source, required, lessons)
      select ${db.orgId}, ${courseId}, unnest(${`{${db.ids.join(',')}}`}::bigint[]), ${EnrolmentSource.Assignment}, true, 1`);
    await database.db.execute(sql`analyze`);
    return courseId;
  } finally {
    await database.close();
  }
}

interface Student {
  token: string;
  nonce: string;
  position: number;
  // When the nonce came (a player reports what it played since, 15 s at most).
  since: number;
}

const t0 = performance.now();
const db = await prepareDatabase(N);
console.log(`prepared ${db.kind} with ${N} bench students in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
let server: Server | null = null;
try {
  const courseId = await seedCourse(db);
  server = await startExamServer(db);
  const origin = server.origin;
  const logins = await loginAll(origin, db.names, 4);
  console.log(`${N} logins (4 in flight) in ${logins.seconds.toFixed(1)} s`);
  const students: Student[] = new Array(N);
  const opens: number[] = [];
  await pool(N, 8, async (i) => {
    const token = logins.tokens[i]!;
    const r = await call<{ nonce: string }>(origin, '/api/course/lesson/open', { lessonId: LESSON_ID }, { token });
    opens.push(r.ms);
    students[i] = { token, nonce: ok(r).nonce, position: 0, since: performance.now() };
  });

  const beats: number[] = [];
  const lags: number[] = [];
  const errors = new Map<string, number>();
  const countError = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
  // One report of a student: the `seconds` played since the last one, the nonce it answered.
  async function beat(s: Student, seconds: number, sink: number[]) {
    const body = { lessonId: LESSON_ID, nonce: s.nonce, from: s.position, to: s.position + seconds };
    try {
      const r = await call<{ nonce: string }>(origin, '/api/course/heartbeat', body, {
        token: s.token,
        timeoutMs: TIMEOUT,
      });
      if (r.body.code !== 1) return countError(`heartbeat: ${failure(r.body)}`);
      sink.push(r.ms);
      s.nonce = r.body.response.nonce;
      s.since = performance.now();
      s.position = (s.position + seconds) % (VIDEO_SECONDS - 60);
    } catch (err) {
      countError(`heartbeat: ${networkFailure(err)}`);
    }
  }

  // The paced part: each student's own timetable, one report after the other (a player waits for
  // its answer, which carries the next nonce).
  const steadyMeter = await cpuMeter(server, db);
  const begin = performance.now() + 1000;
  const end = begin + SECONDS * 1000;
  const loadBefore = machine(db.kind);
  await Promise.all(
    students.map(async (s) => {
      const offset = Math.random() * EVERY;
      for (let k = 0; ; k++) {
        const planned = begin + offset + k * EVERY;
        if (planned >= end) return;
        await sleep(planned - performance.now());
        lags.push(performance.now() - planned);
        await beat(s, Math.min(15, Math.floor((performance.now() - s.since) / 1000)), beats);
      }
    }),
  );
  const steadyCpu = await steadyMeter();

  // Capacity: heartbeats back to back, each claiming what the time since that student's last report
  // allows at 1× (at most a second), so the rate check passes; one report in flight per student.
  const capacity: number[] = [];
  const capMeter = await cpuMeter(server, db);
  const capEnd = performance.now() + CAPACITY_SECONDS * 1000;
  const c0 = performance.now();
  let turn = 0;
  await Promise.all(
    Array.from({ length: CAPACITY_C }, async (_, lane) => {
      // Lanes take disjoint students (lane, lane + C, ...), so no nonce is used twice at once.
      while (performance.now() < capEnd) {
        const i = lane + CAPACITY_C * (turn++ % Math.floor(N / CAPACITY_C));
        const s = students[i % N]!;
        await beat(s, Math.min(1, Math.floor((performance.now() - s.since) / 100) / 10), capacity);
      }
    }),
  );
  const capacityPerSecond = capacity.length / ((performance.now() - c0) / 1000);
  const capCpu = await capMeter();

  // The yardstick: the same progress_log row inserted through `pg`, POOL in flight.
  let raw: { perSecond: number; latencies: number[] } | null = null;
  if (db.url) {
    const client = new pg.Pool({ connectionString: db.url, max: POOL });
    const latencies: number[] = [];
    const rawEnd = performance.now() + CAPACITY_SECONDS * 1000;
    const r0 = performance.now();
    await Promise.all(
      Array.from({ length: POOL }, async () => {
        while (performance.now() < rawEnd) {
          const s = performance.now();
          await client.query(
            `insert into progress_log (organization_id, user_id, course_id, lesson_id, event, from_sec, to_sec,
               counted, rate, hidden, nonce) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [
              db.orgId,
              db.ids[latencies.length % N],
              courseId,
              LESSON_ID,
              ProgressEvent.Watched,
              0,
              15,
              15,
              1,
              false,
              randomBytes(24).toString('base64url'),
            ],
          );
          latencies.push(performance.now() - s);
        }
      }),
    );
    raw = { perSecond: latencies.length / ((performance.now() - r0) / 1000), latencies };
    await client.end();
  }

  // BENCH_TRACE=1: which statements the server sent, by their first words.
  if (process.env.BENCH_TRACE) {
    console.log(ok(await call<{ traced: Record<string, number> }>(origin, '/bench/statements', {})).traced);
  }
  const s = spread(beats);
  const lag = spread(lags);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const per = (n: number | null, count: number) => (n === null ? 'n/a' : (n / count).toFixed(2));
  console.log(`\nCourse heartbeats, ${N} students, ${SECONDS} s, a heartbeat every 15 s`);
  console.log(`on ${loadBefore}`);
  console.log(latencyHeader);
  console.log(latencyRow('heartbeat (paced)', beats));
  console.log(latencyRow('open (before)', opens));
  console.log(latencyRow('heartbeat (capacity)', capacity));
  if (raw) console.log(latencyRow('raw insert (pg)', raw.latencies));
  console.log(
    `heartbeats achieved: ${(beats.length / SECONDS).toFixed(1)}/s (planned ${(N / 15).toFixed(1)}/s); ` +
      `client timer lag p99 ${lag.p99.toFixed(1)} ms`,
  );
  console.log(`paced part: ${steadyCpu.text}`);
  console.log(
    `per heartbeat (capacity loop): ${per(capCpu.commits, capacity.length)} commits, ` +
      `${per(capCpu.statements, capacity.length)} statements; ${capCpu.text}`,
  );
  console.log(`errors: ${errorCount}${errorCount ? ` ${JSON.stringify(Object.fromEntries(errors))}` : ''}`);
  console.log(`heartbeat capacity (${CAPACITY_C} in flight): ${capacityPerSecond.toFixed(1)}/s`);
  if (raw) {
    const r = spread(raw.latencies);
    console.log(
      `raw inserts (${POOL} in flight): ${raw.perSecond.toFixed(1)}/s; ratio heartbeat capacity / raw inserts: ` +
        `${((100 * capacityPerSecond) / raw.perSecond).toFixed(1)} %; paced heartbeat p50 / raw insert p50: ` +
        `${(s.p50 / r.p50).toFixed(1)}×, p99 / p99: ${(s.p99 / r.p99).toFixed(1)}×`,
    );
  } else console.log('raw inserts: PostgreSQL only (set DATABASE_URL)');
  console.log(
    `summary: paced p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(0)} ms, ${errorCount} errors\n`,
  );
} finally {
  if (server) await stopServer(server);
  await db.drop();
}
