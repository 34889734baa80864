// B4 isolation (issue 14): while a steady exam runs (B1's load: N students, a save every 10 s,
// 1-3 answers each), the score analysis report is computed over a sat exam holding 1,000,000
// stored answers (50,000 students x 20 questions, written in bulk). The figures: save latency
// before, during and after the analyses, and each analysis's time. The target: save p99 < 200 ms.
// PostgreSQL when DATABASE_URL is set, the embedded database otherwise.
//   EXAM_N=1000 ANALYSIS_STUDENTS=50000 ANALYSIS_RUNS=3 EXAM_SECONDS=150
import {
  answerFor,
  call,
  failure,
  latencyHeader,
  latencyRow,
  login,
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
  stopServer,
} from './exam-lib';

const N = Number(process.env.EXAM_N ?? 1000);
const BULK = Number(process.env.ANALYSIS_STUDENTS ?? 50_000);
const RUNS = Number(process.env.ANALYSIS_RUNS ?? 3);
const SECONDS = Number(process.env.EXAM_SECONDS ?? 150);
const SAVE_EVERY = 10_000;
const TIMEOUT = 30_000;

// One more student than the steady exam's: the template sitter of the big exam.
const bench = await openExamBench(N + 1);
const { db, server, academic } = bench;
const origin = server.origin;

try {
  const window = { hours: 4, durationMinutes: 180 };
  const steadyExam = await openExamNow(bench, db.ids.slice(0, N), window);
  const bigExam = await openExamNow(bench, db.ids.slice(N), window);

  // The big exam: the template student sits and hands in; then BULK more attempts like theirs.
  const template = ok(await login(origin, db.names[N]!)).token;
  const ta = ok(
    await call<StartedAttempt>(origin, '/api/exam/attempt/start', { examId: bigExam }, { token: template }),
  );
  const tq = questionIdsOf(ta);
  ok(
    await call(
      origin,
      '/api/exam/attempt/submit',
      { attemptId: ta.id, items: tq.map((questionId, q) => ({ questionId, answer: answerFor(q, 1), revision: 1 })) },
      { token: template },
    ),
  );
  // In batches, so no one request runs for minutes.
  const BATCH = 5000;
  const b0 = performance.now();
  for (let from = 0; from < BULK; from += BATCH) {
    ok(
      await call(origin, '/bench/bulk-attempts', {
        examId: bigExam,
        templateAttemptId: ta.id,
        from,
        count: Math.min(BATCH, BULK - from),
      }),
    );
  }
  const bulk = { answers: (BULK + 1) * tq.length, seconds: (performance.now() - b0) / 1000 };
  console.log(`big exam: ${bulk.answers.toLocaleString('en')} stored answers written in ${bulk.seconds.toFixed(1)} s`);

  // A first analysis with nothing else running: the report's own cost.
  const quiet = await call<{ summary: { count: number; mean: number } }>(
    origin,
    '/api/examScore/analysis',
    { examId: bigExam },
    { token: academic, timeoutMs: 600_000 },
  );
  if (quiet.body.code !== 1) throw new Error(`analysis failed: ${failure(quiet.body)}`);
  console.log(
    `analysis alone: ${(quiet.ms / 1000).toFixed(2)} s over ${quiet.body.response.summary.count} attempts (mean ${quiet.body.response.summary.mean})`,
  );

  const logins = await loginAll(origin, db.names.slice(0, N), 4);
  const students: { token: string; attemptId: number; questions: number[]; revision: number[] }[] = new Array(N);
  await pool(N, 8, async (i) => {
    const a = ok(
      await call<StartedAttempt>(
        origin,
        '/api/exam/attempt/start',
        { examId: steadyExam },
        { token: logins.tokens[i] },
      ),
    );
    students[i] = {
      token: logins.tokens[i]!,
      attemptId: a.id,
      questions: questionIdsOf(a),
      revision: new Array(QUESTIONS).fill(0),
    };
  });
  console.log(`${N} students in the steady exam`);

  const saves: { at: number; ms: number }[] = [];
  const errors = new Map<string, number>();
  const countError = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
  async function save(s: (typeof students)[number]) {
    const items = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => {
      const q = Math.floor(Math.random() * QUESTIONS);
      s.revision[q]!++;
      return { questionId: s.questions[q]!, answer: answerFor(q, s.revision[q]!), revision: s.revision[q]! };
    });
    const at = performance.now();
    try {
      const r = await call(
        origin,
        '/api/exam/attempt/save',
        { attemptId: s.attemptId, items },
        { token: s.token, timeoutMs: TIMEOUT },
      );
      if (r.body.code !== 1) countError(`save: ${failure(r.body)}`);
      else saves.push({ at, ms: r.ms });
    } catch (err) {
      countError(`save: ${networkFailure(err)}`);
    }
  }

  const begin = performance.now() + 1000;
  const end = begin + SECONDS * 1000;
  const inFlight = new Set<Promise<void>>();
  for (const s of students) {
    let k = 0;
    const offset = Math.random() * SAVE_EVERY;
    const next = () => {
      const planned = begin + offset + k++ * SAVE_EVERY;
      if (planned >= end) return;
      setTimeout(() => {
        const p = save(s).finally(() => inFlight.delete(p));
        inFlight.add(p);
        next();
      }, planned - performance.now());
    };
    next();
  }
  // A third of the way in, the analyses run one after another.
  await sleep(begin + (SECONDS * 1000) / 3 - performance.now());
  const windows: { from: number; to: number; ms: number }[] = [];
  for (let r = 0; r < RUNS && performance.now() < end - 5000; r++) {
    const from = performance.now();
    const res = await call(
      origin,
      '/api/examScore/analysis',
      { examId: bigExam },
      { token: academic, timeoutMs: 600_000 },
    );
    if (res.body.code !== 1) countError(`analysis: ${failure(res.body)}`);
    windows.push({ from, to: performance.now(), ms: res.ms });
  }
  await sleep(end - performance.now());
  await Promise.all(inFlight);

  const during = (s: { at: number; ms: number }) => windows.some((w) => s.at + s.ms >= w.from && s.at <= w.to);
  console.log(
    `\nB4 on ${db.kind}: ${N} students saving every 10 s for ${SECONDS} s; analysis over ${bulk.answers.toLocaleString('en')} answers`,
  );
  console.log(machine(db.kind));
  console.log(
    `analyses under load: ${windows.map((w) => `${(w.ms / 1000).toFixed(2)} s`).join(', ')} (alone: ${(quiet.ms / 1000).toFixed(2)} s)`,
  );
  console.log(latencyHeader);
  console.log(
    latencyRow(
      'save, all',
      saves.map((s) => s.ms),
    ),
  );
  console.log(
    latencyRow(
      'save, during analysis',
      saves.filter(during).map((s) => s.ms),
    ),
  );
  console.log(
    latencyRow(
      'save, otherwise',
      saves.filter((s) => !during(s)).map((s) => s.ms),
    ),
  );
  console.log(`errors: ${errors.size ? [...errors].map(([k, v]) => `${k} x${v}`).join(', ') : 'none'}`);
} finally {
  await stopServer(server);
  await db.drop();
}
