// B2 synchronised start (issue 13): N students log in (argon2id, through the real endpoint) and
// start one exam; half of them within the first 5 s, the rest spread over the following minute.
// Every student is on its own timetable (an open loop): a slow server does not slow the arrivals.
// Students sit in classrooms of 40 behind one address each (X-Forwarded-For through the trusted
// proxy); EXAM_PER_ROOM=1000 puts everyone behind a single address.
// PostgreSQL when DATABASE_URL is set, the embedded database otherwise.
//   EXAM_N=1000 EXAM_BURST_SECONDS=5 EXAM_SPREAD_SECONDS=60 EXAM_PER_ROOM=40
import {
  call,
  cpuMeter,
  failure,
  latencyHeader,
  latencyRow,
  login,
  machine,
  networkFailure,
  ok,
  openExamBench,
  openExamNow,
  roomAddress,
  type StartedAttempt,
  sleep,
  spread,
  stopServer,
} from './exam-lib';

const N = Number(process.env.EXAM_N ?? 1000);
const BURST = Number(process.env.EXAM_BURST_SECONDS ?? 5) * 1000;
const SPREAD = Number(process.env.EXAM_SPREAD_SECONDS ?? 60) * 1000;
const PER_ROOM = Number(process.env.EXAM_PER_ROOM ?? 40);

const bench = await openExamBench(N);
const { db, server } = bench;
const origin = server.origin;
// One synchronised arrival: every student (in `order`) at its offset runs `job`; latencies per half.
async function arrive(job: (student: number) => Promise<'ok' | string>) {
  const half = Math.ceil(N / 2);
  // Half arrive within BURST, the others over the minute after it; shuffled, so rooms mix.
  const offsets = Array.from({ length: N }, (_, i) =>
    i < half ? Math.random() * BURST : BURST + Math.random() * SPREAD,
  );
  const order = Array.from({ length: N }, (_, i) => i).sort(() => Math.random() - 0.5);
  const totalMs: number[][] = [[], []];
  const failures = new Map<string, number>();
  let succeeded = 0;
  const begin = performance.now() + 500;
  await Promise.all(
    order.map(async (student, k) => {
      await sleep(begin + offsets[k]! - performance.now());
      const t0 = performance.now();
      let outcome: string;
      try {
        outcome = await job(student);
      } catch (err) {
        outcome = `network: ${networkFailure(err)}`;
      }
      if (outcome !== 'ok') failures.set(outcome, (failures.get(outcome) ?? 0) + 1);
      else {
        totalMs[k < half ? 0 : 1]!.push(performance.now() - t0);
        succeeded++;
      }
    }),
  );
  return { totalMs, failures, succeeded, seconds: (performance.now() - begin) / 1000 };
}

function report(
  title: string,
  r: Awaited<ReturnType<typeof arrive>>,
  parts: [string, number[]][],
  meter: Awaited<ReturnType<Awaited<ReturnType<typeof cpuMeter>>>>,
) {
  const all = [...r.totalMs[0]!, ...r.totalMs[1]!];
  console.log(`\n${title}`);
  console.log(latencyHeader);
  for (const [name, ms] of parts) console.log(latencyRow(name, ms));
  console.log(latencyRow('  burst half', r.totalMs[0]!));
  console.log(latencyRow('  spread half', r.totalMs[1]!));
  const errorCount = N - r.succeeded;
  const per = (n: number | null) => (n === null ? 'n/a' : (n / N).toFixed(1));
  console.log(
    `succeeded: ${r.succeeded}/${N} (${((100 * r.succeeded) / N).toFixed(1)} %)` +
      `${errorCount ? ` failures ${JSON.stringify(Object.fromEntries(r.failures))}` : ''}; ` +
      `all done in ${r.seconds.toFixed(1)} s; ${meter.text}`,
  );
  console.log(
    `per student: server CPU ${((1000 * meter.serverCpu) / N).toFixed(1)} ms, ${per(meter.statements)} statements ` +
      `(round trips), ${per(meter.commits)} commits`,
  );
  const p99 = spread(all).p99;
  const pass = errorCount === 0 && p99 < 3000;
  console.log(
    `targets: 100 % succeed ${errorCount === 0 ? 'met' : 'MISSED'}; p99 < 3 s ${p99 < 3000 ? 'met' : `MISSED (${(p99 / 1000).toFixed(1)} s)`}` +
      ` -> ${pass ? 'PASS' : 'FAIL'}`,
  );
  return pass;
}

try {
  console.log(`on ${machine(db.kind)}`);
  // 1. Logins and starts in one burst: nobody checked in before the start.
  const examId = await openExamNow(bench, db.ids, { hours: 3, durationMinutes: 90 });
  const tokens: string[] = new Array(N);
  const loginMs: number[] = [];
  const startMs: number[] = [];
  let meter = await cpuMeter(server, db);
  const cold = await arrive(async (student) => {
    const l = await login(origin, db.names[student]!, roomAddress(student, PER_ROOM));
    if (l.body.code !== 1) return `login: ${failure(l.body)}`;
    loginMs.push(l.ms);
    tokens[student] = l.body.response.token;
    const s = await call<StartedAttempt>(origin, '/api/exam/attempt/start', { examId }, { token: tokens[student] });
    if (s.body.code !== 1) return `start: ${failure(s.body)}`;
    startMs.push(s.ms);
    return 'ok';
  });
  const coldPass = report(
    `B2 synchronised start, ${N} students log in and start: ${Math.ceil(N / 2)} within ${BURST / 1000} s, the rest over the next ${SPREAD / 1000} s, ${PER_ROOM} per address`,
    cold,
    [
      ['login', loginMs],
      ['start', startMs],
      ['login + start', [...cold.totalMs[0]!, ...cold.totalMs[1]!]],
    ],
    await meter(),
  );

  // 2. Checked in: the same students, signed in beforehand (the waiting room), start another exam
  // at its start, so the burst is starts only.
  const second = await openExamNow(bench, db.ids, { hours: 3, durationMinutes: 90 });
  meter = await cpuMeter(server, db);
  const warm = await arrive(async (student) => {
    const s = await call<StartedAttempt>(
      origin,
      '/api/exam/attempt/start',
      { examId: second },
      { token: tokens[student] },
    );
    return s.body.code === 1 ? 'ok' : `start: ${failure(s.body)}`;
  });
  const warmPass = report(
    `B2 with check-in: the same ${N} students, signed in beforehand, start another exam in the same burst`,
    warm,
    [['start', [...warm.totalMs[0]!, ...warm.totalMs[1]!]]],
    await meter(),
  );
  if (process.env.BENCH_TRACE) {
    console.log(ok(await call<{ traced: Record<string, number> }>(origin, '/bench/statements', {})).traced);
  }
  console.log(`\n${coldPass && warmPass ? 'PASS' : 'FAIL'}\n`);
} finally {
  await stopServer(server);
  await db.drop();
}
