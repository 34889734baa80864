// B2 synchronised start (issue 13): N students log in (argon2id, through the real endpoint) and
// start one exam; half of them within the first 5 s, the rest spread over the following minute.
// Every student is on its own timetable (an open loop): a slow server does not slow the arrivals.
// Students sit in classrooms of 40 behind one address each (X-Forwarded-For through the trusted
// proxy); EXAM_PER_ROOM=1000 puts everyone behind a single address.
// PostgreSQL when DATABASE_URL is set, the embedded database otherwise.
//   EXAM_N=1000 EXAM_BURST_SECONDS=5 EXAM_SPREAD_SECONDS=60 EXAM_PER_ROOM=40
import {
  call,
  cpuSeconds,
  failure,
  latencyHeader,
  latencyRow,
  login,
  machine,
  networkFailure,
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
try {
  const examId = await openExamNow(bench, db.ids, { hours: 3, durationMinutes: 90 });

  // Half arrive within BURST, the others over the minute after it; shuffled, so rooms mix.
  const half = Math.ceil(N / 2);
  const offsets = Array.from({ length: N }, (_, i) =>
    i < half ? Math.random() * BURST : BURST + Math.random() * SPREAD,
  );
  const order = Array.from({ length: N }, (_, i) => i).sort(() => Math.random() - 0.5);
  const loginMs: number[][] = [[], []];
  const startMs: number[][] = [[], []];
  const totalMs: number[][] = [[], []];
  const failures = new Map<string, number>();
  const fail = (what: string): void => {
    failures.set(what, (failures.get(what) ?? 0) + 1);
  };
  let succeeded = 0;
  const cpu0 = cpuSeconds(server.child.pid!);
  const loadBefore = machine(db.kind);
  const begin = performance.now() + 500;
  await Promise.all(
    order.map(async (student, k) => {
      const group = k < half ? 0 : 1;
      await sleep(begin + offsets[k]! - performance.now());
      const t0 = performance.now();
      try {
        const l = await login(origin, db.names[student]!, roomAddress(student, PER_ROOM));
        if (l.body.code !== 1) return fail(`login: ${failure(l.body)}`);
        loginMs[group]!.push(l.ms);
        const s = await call<StartedAttempt>(
          origin,
          '/api/exam/attempt/start',
          { examId },
          { token: l.body.response.token },
        );
        if (s.body.code !== 1) return fail(`start: ${failure(s.body)}`);
        startMs[group]!.push(s.ms);
        totalMs[group]!.push(performance.now() - t0);
        succeeded++;
      } catch (err) {
        fail(`network: ${networkFailure(err)}`);
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  const cpu = cpuSeconds(server.child.pid!) - cpu0;
  const all = (m: number[][]) => [...m[0]!, ...m[1]!];
  console.log(
    `\nB2 synchronised start, ${N} students: ${half} within ${BURST / 1000} s, ${N - half} over the next ${SPREAD / 1000} s, ` +
      `${PER_ROOM} per address`,
  );
  console.log(`on ${loadBefore}`);
  console.log(`   (at the end: ${machine(db.kind).split('load average ')[1]})`);
  console.log(latencyHeader);
  console.log(latencyRow('login', all(loginMs)));
  console.log(latencyRow('start', all(startMs)));
  console.log(latencyRow('login + start', all(totalMs)));
  console.log(latencyRow('  burst half', totalMs[0]!));
  console.log(latencyRow('  spread half', totalMs[1]!));
  const errorCount = N - succeeded;
  console.log(
    `succeeded: ${succeeded}/${N} (${((100 * succeeded) / N).toFixed(1)} %)` +
      `${errorCount ? ` failures ${JSON.stringify(Object.fromEntries(failures))}` : ''}; ` +
      `all done in ${seconds.toFixed(1)} s; server process CPU ${cpu.toFixed(1)} s`,
  );
  const p99 = spread(all(totalMs)).p99;
  console.log(
    `targets: 100 % succeed ${errorCount === 0 ? 'met' : 'MISSED'}; login + start p99 < 3 s ${p99 < 3000 ? 'met' : `MISSED (${(p99 / 1000).toFixed(1)} s)`}` +
      ` -> ${errorCount === 0 && p99 < 3000 ? 'PASS' : 'FAIL'}\n`,
  );
} finally {
  await stopServer(server);
  await db.drop();
}
