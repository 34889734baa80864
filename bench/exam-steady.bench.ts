// B1 steady exam (issue 13): N students each in an open attempt, every one on its own schedule (an
// open loop, not a closed one): a save every 10 s carrying 1-3 changed answers with rising
// revisions, a proctoring event every 30 s, start offsets spread over the period. Then, in the same
// run, the save path's capacity (saves in a closed loop) and the database's raw upsert capacity (a
// loop of insert ... on conflict do update into a table shaped like attempt_answers, through the
// server's own driver and pool) and the HTTP limit (the same upsert behind a bare Fastify route), so
// the save path is reported as a ratio of both (issue 29: >= 80 % of the bare route, >= 20 % of raw).
// PostgreSQL when DATABASE_URL is set, the embedded database otherwise.
//   EXAM_N=2000 EXAM_SECONDS=300 EXAM_CAPACITY_SECONDS=20 EXAM_CAPACITY_C=32
import { ExamLogType } from '@lyceum/contract';
import {
  answerFor,
  call,
  cpuMeter,
  failure,
  latencyHeader,
  latencyRow,
  loginAll,
  machine,
  networkFailure,
  ok,
  openExamBench,
  openExamNow,
  pool,
  QUESTIONS,
  questionIdsOf,
  type StartedAttempt,
  sleep,
  spread,
  stopServer,
} from './exam-lib';

const N = Number(process.env.EXAM_N ?? 2000);
const SECONDS = Number(process.env.EXAM_SECONDS ?? 300);
const CAPACITY_SECONDS = Number(process.env.EXAM_CAPACITY_SECONDS ?? 20);
const CAPACITY_C = Number(process.env.EXAM_CAPACITY_C ?? 32);
// A client gives up on a reply after this long (the page would retry with its next save).
const TIMEOUT = 30_000;
const SAVE_EVERY = 10_000;
const EVENT_EVERY = 30_000;
// The server's pool (platform/db.ts); the raw loop keeps as many statements in flight.
const POOL = 10;

const bench = await openExamBench(N);
const { db, server } = bench;
const origin = server.origin;

interface Student {
  token: string;
  attemptId: number;
  questions: number[];
  // Per question index: the client's revision and whether it is not acknowledged yet.
  revision: number[];
  dirty: Set<number>;
}

try {
  const examId = await openExamNow(bench, db.ids, { hours: 4, durationMinutes: 180 });

  // Ahead of the measured part: every student logs in (argon2id) and starts the exam.
  const logins = await loginAll(origin, db.names, 4);
  console.log(`${N} logins (4 in flight) in ${logins.seconds.toFixed(1)} s: ${(N / logins.seconds).toFixed(1)}/s`);
  const students: Student[] = new Array(N);
  const startLatencies: number[] = [];
  const t0 = performance.now();
  await pool(N, 8, async (i) => {
    const r = await call<StartedAttempt>(origin, '/api/exam/attempt/start', { examId }, { token: logins.tokens[i] });
    startLatencies.push(r.ms);
    const a = ok(r);
    students[i] = {
      token: logins.tokens[i]!,
      attemptId: a.id,
      questions: questionIdsOf(a),
      revision: new Array(QUESTIONS).fill(0),
      dirty: new Set(),
    };
  });
  console.log(`${N} starts (8 in flight) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const saves: number[] = [];
  const sentAt: number[] = [];
  const events: number[] = [];
  const errors = new Map<string, number>();
  const lags: number[] = [];
  const countError = (what: string): void => {
    errors.set(what, (errors.get(what) ?? 0) + 1);
  };

  // One save of a student: 1-3 answers change, and whatever an earlier failed save did not get
  // acknowledged goes again.
  async function save(s: Student, capacity: boolean, sink: number[]) {
    const changes = 1 + Math.floor(Math.random() * 3);
    for (let k = 0; k < changes; k++) {
      const q = Math.floor(Math.random() * QUESTIONS);
      s.revision[q]!++;
      s.dirty.add(q);
    }
    const sent = [...s.dirty].map((q) => ({
      questionId: s.questions[q]!,
      answer: answerFor(q, s.revision[q]!),
      revision: s.revision[q]!,
    }));
    try {
      const r = await call<{ acked: { questionId: number; revision: number }[] }>(
        origin,
        '/api/exam/attempt/save',
        { attemptId: s.attemptId, items: sent },
        { token: s.token, timeoutMs: TIMEOUT },
      );
      if (r.body.code !== 1) return countError(`save: ${failure(r.body)}`);
      sink.push(r.ms);
      if (!capacity) sentAt.push(performance.now() - r.ms);
      for (const a of r.body.response.acked) {
        const q = s.questions.indexOf(a.questionId);
        if (a.revision >= s.revision[q]!) s.dirty.delete(q);
      }
      if (!capacity && s.dirty.size) countError('save: not all acknowledged');
    } catch (err) {
      countError(`save: ${networkFailure(err)}`);
    }
  }

  async function event(s: Student) {
    try {
      const r = await call(
        origin,
        '/api/exam/attempt/events',
        { attemptId: s.attemptId, events: [{ type: ExamLogType.Answering, at: Date.now(), detail: 'bench' }] },
        { token: s.token, timeoutMs: TIMEOUT },
      );
      if (r.body.code !== 1) return countError(`event: ${failure(r.body)}`);
      events.push(r.ms);
    } catch (err) {
      countError(`event: ${networkFailure(err)}`);
    }
  }

  // The steady exam: each student's own timetable, fixed in advance, so a slow reply delays nothing.
  const steadyMeter = await cpuMeter(server, db);
  const begin = performance.now() + 1000;
  const end = begin + SECONDS * 1000;
  const inFlight = new Set<Promise<void>>();
  const fire = (planned: number, job: () => Promise<void>) => {
    lags.push(performance.now() - planned);
    const p = job().finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  function every(period: number, offset: number, job: () => Promise<void>) {
    let k = 0;
    const next = () => {
      const planned = begin + offset + k++ * period;
      if (planned >= end) return;
      setTimeout(() => {
        fire(planned, job);
        next();
      }, planned - performance.now());
    };
    next();
  }
  for (const s of students) {
    every(SAVE_EVERY, Math.random() * SAVE_EVERY, () => save(s, false, saves));
    every(EVENT_EVERY, Math.random() * EVENT_EVERY, () => event(s));
  }
  const loadBefore = machine(db.kind);
  await sleep(end - performance.now());
  await Promise.all(inFlight);
  const steadyCpu = await steadyMeter();
  const loadAfter = machine(db.kind);

  // Capacity of the save path: saves back to back, CAPACITY_C in flight, from random students.
  const capacity: number[] = [];
  const capMeter = await cpuMeter(server, db);
  const capEnd = performance.now() + CAPACITY_SECONDS * 1000;
  const c0 = performance.now();
  await Promise.all(
    Array.from({ length: CAPACITY_C }, async () => {
      while (performance.now() < capEnd) await save(students[Math.floor(Math.random() * N)]!, true, capacity);
    }),
  );
  const capacityPerSecond = capacity.length / ((performance.now() - c0) / 1000);
  const capCpu = await capMeter();

  // The HTTP limit: the same upsert behind a bare route (no session, validation or schemas), from
  // the same client with as many in flight.
  const bare: number[] = [];
  const bareMeter = await cpuMeter(server, db);
  const bareEnd = performance.now() + CAPACITY_SECONDS * 1000;
  const b0 = performance.now();
  await Promise.all(
    Array.from({ length: CAPACITY_C }, async () => {
      while (performance.now() < bareEnd) {
        const attemptId = 1 + Math.floor(Math.random() * N);
        const n = 1 + Math.floor(Math.random() * 3);
        const picked = new Set<number>();
        while (picked.size < n) picked.add(1 + Math.floor(Math.random() * QUESTIONS));
        const items = [...picked]
          .sort((x, y) => x - y)
          .map((q) => ({ questionId: q, answer: answerFor(q, bare.length), revision: bare.length + 1 }));
        try {
          const r = await call(origin, '/bench/bare-save', { attemptId, items }, { timeoutMs: TIMEOUT });
          if (r.body.code === 1) bare.push(r.ms);
          else countError('bare: refused');
        } catch (err) {
          countError(`bare: ${networkFailure(err)}`);
        }
      }
    }),
  );
  const barePerSecond = bare.length / ((performance.now() - b0) / 1000);
  const bareCpu = await bareMeter();

  // The yardstick: the database's own upserts through the same driver and pool.
  const rawMeter = await cpuMeter(server, db);
  const raw = ok(
    await call<{ statements: number; perSecond: number; p50: number; p99: number }>(origin, '/bench/raw-upsert', {
      seconds: CAPACITY_SECONDS,
      concurrency: POOL,
      attempts: N,
      questions: QUESTIONS,
    }),
  );
  const rawCpu = await rawMeter();

  const perOp = (cpu: number, n: number) => `${((1000 * cpu) / n).toFixed(2)} ms CPU`;
  const achieved = saves.length / SECONDS;
  const slices: string[] = [];
  for (let from = 0; from < SECONDS; from += 60) {
    const part = saves.filter((_, i) => {
      const second = (sentAt[i]! - begin) / 1000;
      return second >= from && second < from + 60;
    });
    slices.push(spread(part).p99.toFixed(0));
  }
  const s = spread(saves);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const lag = spread(lags);
  console.log(`\nB1 steady exam, ${N} students, ${SECONDS} s, a save every 10 s (1-3 answers), an event every 30 s`);
  console.log(`on ${loadBefore}`);
  console.log(`   (at the end: ${loadAfter.split('load average ')[1]})`);
  console.log(latencyHeader);
  console.log(latencyRow('save (paced)', saves));
  console.log(latencyRow('event (paced)', events));
  console.log(latencyRow('start (before)', startLatencies));
  console.log(latencyRow('save (capacity loop)', capacity));
  console.log(
    `saves achieved: ${achieved.toFixed(1)}/s (planned ${(N / 10).toFixed(1)}/s), events ${(events.length / SECONDS).toFixed(1)}/s; ` +
      `client timer lag p99 ${lag.p99.toFixed(1)} ms, max ${lag.max.toFixed(0)} ms`,
  );
  console.log(`steady part: ${steadyCpu.text}; save p99 by minute: ${slices.join(', ')} ms`);
  console.log(`errors: ${errorCount}${errorCount ? ` ${JSON.stringify(Object.fromEntries(errors))}` : ''}`);
  console.log(
    `save capacity (${CAPACITY_C} in flight): ${capacityPerSecond.toFixed(1)} saves/s; raw upserts (${POOL} in flight): ` +
      `${raw.perSecond.toFixed(1)}/s (p50 ${raw.p50.toFixed(1)} ms, p99 ${raw.p99.toFixed(1)} ms)`,
  );
  console.log(
    `ratio save capacity / raw upserts: ${((100 * capacityPerSecond) / raw.perSecond).toFixed(1)} %; ` +
      `paced saves use ${((100 * achieved) / raw.perSecond).toFixed(1)} % of the raw rate`,
  );
  console.log(
    `capacity loop: ${capCpu.text}; per save: server ${perOp(capCpu.serverCpu, capacity.length)}` +
      (db.url ? `, PostgreSQL ${perOp(capCpu.databaseCpu, capacity.length)}` : ''),
  );
  console.log(
    `raw upsert loop: ${rawCpu.text}; per upsert: server ${perOp(rawCpu.serverCpu, raw.statements)}` +
      (db.url ? `, PostgreSQL ${perOp(rawCpu.databaseCpu, raw.statements)}` : ''),
  );
  console.log(
    `bare route (${CAPACITY_C} in flight): ${barePerSecond.toFixed(1)}/s; ${bareCpu.text}; per upsert: server ` +
      `${perOp(bareCpu.serverCpu, bare.length)}` +
      (db.url ? `, PostgreSQL ${perOp(bareCpu.databaseCpu, bare.length)}` : ''),
  );
  console.log(latencyRow('bare route', bare));
  const perSave = (n: number | null, count: number) => (n === null ? 'n/a' : (n / count).toFixed(2));
  console.log(
    `per save (capacity loop): ${perSave(capCpu.commits, capacity.length)} commits, ` +
      `${perSave(capCpu.statements, capacity.length)} statements; bare route: ` +
      `${perSave(bareCpu.commits, bare.length)} commits, ${perSave(bareCpu.statements, bare.length)} statements`,
  );
  // A student saves every 10 s: what the save path could carry at full use (a ceiling; the paced p99
  // above says whether N students fit with room to spare).
  console.log(
    `${db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ceiling: ${capacityPerSecond.toFixed(0)} saves/s at full use ` +
      `= about ${Math.floor((capacityPerSecond * SAVE_EVERY) / 1000)} students saving every ${SAVE_EVERY / 1000} s; ` +
      `this run: ${N} students, paced save p99 ${s.p99.toFixed(0)} ms (PGlite target < 200 ms)`,
  );
  const ofBare = capacityPerSecond / barePerSecond;
  const ofRaw = capacityPerSecond / raw.perSecond;
  console.log(
    `save capacity: ${(100 * ofBare).toFixed(1)} % of the bare route, ${(100 * ofRaw).toFixed(1)} % of raw upserts`,
  );
  const onPg = db.kind === 'postgres';
  const verdict = (met: boolean) => (met ? 'met' : onPg ? 'MISSED' : 'missed (PostgreSQL target only)');
  const pass = s.p99 < 100 && errorCount === 0 && (!onPg || (ofBare >= 0.8 && ofRaw >= 0.2));
  console.log(
    `targets: save p99 < 100 ms ${s.p99 < 100 ? 'met' : 'MISSED'}; 0 errors ${errorCount === 0 ? 'met' : 'MISSED'}; ` +
      `>= 80 % of the bare route ${verdict(ofBare >= 0.8)}; >= 20 % of raw upserts ${verdict(ofRaw >= 0.2)}` +
      ` -> ${pass ? 'PASS' : 'FAIL'}\n`,
  );
} finally {
  await stopServer(server);
  await db.drop();
}
