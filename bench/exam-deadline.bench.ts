// B3 deadline storm (issue 13): N attempts whose deadline falls in the same second (the window is
// exactly the exam's length, so everyone's deadline is the window's end), clients saving right up to
// the end under faults: 5 % of replies dropped after the server committed (the client never sees
// it and sends the same request again), 5 % of requests sent twice at once, and one `kill -9` of
// the server shortly before the deadline, restarted at once on the same database (on the embedded
// database: the same data directory). Half the clients hand in when their timer reaches zero; the
// other half keep saving through the grace period until refused, and are left to the collector.
// Afterwards the database is read directly: every acknowledged answer stored with at least the
// acknowledged revision (and the answer of that revision), one final status and one final event per
// attempt, nothing saved after deadline + grace, and when the last attempt was collected.
// PostgreSQL when DATABASE_URL is set, the embedded database otherwise.
//   EXAM_N=1000 EXAM_MINUTES=2 EXAM_GRACE=20 EXAM_KILL_AT=-10 (seconds from the deadline; "none": no kill)
import { FINAL_PAPER_STATUSES, PaperStatus } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/platform/db';
import { rows } from '../apps/server/src/platform/sql-rows';
import {
  answerFor,
  call,
  failure,
  freePort,
  latencyHeader,
  latencyRow,
  loginAll,
  machine,
  makeExam,
  ok,
  openExamBench,
  pool,
  QUESTIONS,
  questionIdsOf,
  type Server,
  type StartedAttempt,
  sleep,
  startExamServer,
  stopServer,
} from './exam-lib';

const N = Number(process.env.EXAM_N ?? 1000);
const MINUTES = Number(process.env.EXAM_MINUTES ?? 2);
const GRACE = Number(process.env.EXAM_GRACE ?? 20);
const KILL_AT = process.env.EXAM_KILL_AT === 'none' ? null : Number(process.env.EXAM_KILL_AT ?? -10);
const DROP = 0.05;
const DUPLICATE = 0.05;
const REFUSALS = ['attemptClosed', 'attemptEnded'];

const port = await freePort();
const bench = await openExamBench(N, port);
const { db, academic, paperId, serverStartMs: firstStartMs } = bench;
let server: Server = bench.server;
const origin = server.origin;

interface Ack {
  questionId: number;
  revision: number;
  theirs: boolean;
}
interface Student {
  token: string;
  attemptId: number;
  questions: number[];
  revision: number[];
  // The highest revision the client saw acknowledged, per question index.
  acked: number[];
  dirty: Set<number>;
  submitter: boolean;
}

const stats = {
  requests: 0,
  droppedReplies: 0,
  duplicated: 0,
  networkErrors: 0,
  serverErrors: new Map<string, number>(),
  refusedSaves: 0,
  gaveUp: 0,
  submits: 0,
  // Acknowledgements saying another device's answer is stored: one device per student here, so any
  // is a wrong reply.
  theirs: 0,
};
const latency = { before: [] as number[], after: [] as number[] };
let killedAt: number | null = null;
let restartedAt: number | null = null;

try {
  const logins = await loginAll(origin, db.names, 4);
  console.log(`${N} logins (4 in flight) in ${logins.seconds.toFixed(1)} s`);

  const windowStart = Math.ceil((Date.now() + 3000) / 1000) * 1000;
  const windowEnd = windowStart + MINUTES * 60_000;
  const examId = await makeExam(origin, academic, {
    paperId,
    studentIds: db.ids,
    start: windowStart,
    end: windowEnd,
    durationMinutes: MINUTES,
    graceSeconds: GRACE,
  });
  await sleep(windowStart + 200 - Date.now());
  const students: Student[] = new Array(N);
  const deadlines = new Set<number>();
  await pool(N, 16, async (i) => {
    const a = ok(
      await call<StartedAttempt>(origin, '/api/exam/attempt/start', { examId }, { token: logins.tokens[i] }),
    );
    deadlines.add(a.deadline);
    students[i] = {
      token: logins.tokens[i]!,
      attemptId: a.id,
      questions: questionIdsOf(a),
      revision: new Array(QUESTIONS).fill(0),
      acked: new Array(QUESTIONS).fill(0),
      dirty: new Set(),
      submitter: i % 2 === 0,
    };
  });
  const deadline = [...deadlines][0]!;
  const closesAt = deadline + GRACE * 1000;
  console.log(
    `${N} attempts started ${((deadline - Date.now()) / 1000).toFixed(0)} s before the deadline; ` +
      `distinct deadlines: ${deadlines.size}`,
  );
  const giveUpAt = closesAt + 90_000;

  // Sends a request as a flaky network and an impatient client would: some replies are lost after
  // the server answered (sent again), some requests go twice; a failed connection is tried again.
  // Returns the replies the client actually saw.
  async function send<T>(route: string, body: unknown, token: string) {
    for (let attempt = 0; Date.now() < giveUpAt; attempt++) {
      if (attempt) await sleep(Math.min(1000, 100 * 2 ** attempt) * (0.5 + Math.random()));
      const twice = Math.random() < DUPLICATE;
      if (twice) stats.duplicated++;
      const sent = Date.now();
      const tries = await Promise.allSettled(
        Array.from({ length: twice ? 2 : 1 }, () => call<T>(origin, route, body, { token })),
      );
      stats.requests += tries.length;
      const seen = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
      if (!seen.length) {
        stats.networkErrors++;
        continue;
      }
      for (const r of seen) (killedAt !== null && sent > killedAt ? latency.after : latency.before).push(r.ms);
      const usable = seen.filter((r) => r.body.code === 1 || REFUSALS.includes(failure(r.body)));
      for (const r of seen.filter((x) => !usable.includes(x))) {
        const key = failure(r.body);
        stats.serverErrors.set(key, (stats.serverErrors.get(key) ?? 0) + 1);
      }
      if (!usable.length) continue;
      if (!twice && Math.random() < DROP) {
        stats.droppedReplies++;
        continue;
      }
      return usable.map((r) => r.body);
    }
    stats.gaveUp++;
    return [];
  }

  const take = (s: Student, acked: Ack[]) => {
    for (const a of acked) {
      if (a.theirs) stats.theirs++;
      const q = s.questions.indexOf(a.questionId);
      s.acked[q] = Math.max(s.acked[q]!, a.revision);
      if (a.revision >= s.revision[q]!) s.dirty.delete(q);
    }
  };
  const change = (s: Student) => {
    const n = 1 + Math.floor(Math.random() * 3);
    for (let k = 0; k < n; k++) {
      const q = Math.floor(Math.random() * QUESTIONS);
      s.revision[q]!++;
      s.dirty.add(q);
    }
    return [...s.dirty].map((q) => ({
      questionId: s.questions[q]!,
      answer: answerFor(q, s.revision[q]!),
      revision: s.revision[q]!,
    }));
  };

  // One student until the end: a save every 3-6 s, every second in the last 10 s and after the
  // deadline; a submitter hands in (timeUp) when its timer reaches zero, up to 2 s late.
  async function sit(s: Student) {
    const submitAt = deadline + Math.random() * 2000;
    await sleep(Math.random() * 5000);
    for (;;) {
      if (s.submitter && Date.now() >= submitAt) {
        stats.submits++;
        const replies = await send<{ acked: Ack[] }>(
          '/api/exam/attempt/submit',
          { attemptId: s.attemptId, items: change(s), reason: 'timeUp' },
          s.token,
        );
        for (const r of replies) if (r.code === 1) take(s, r.response.acked);
        return;
      }
      const replies = await send<{ acked: Ack[] }>(
        '/api/exam/attempt/save',
        { attemptId: s.attemptId, items: change(s) },
        s.token,
      );
      for (const r of replies) if (r.code === 1) take(s, r.response.acked);
      if (!replies.length) return;
      if (replies.every((r) => r.code !== 1)) {
        stats.refusedSaves++;
        return;
      }
      const left = deadline - Date.now();
      const pause = left > 10_000 ? 3000 + Math.random() * 3000 : 1000;
      await sleep(s.submitter ? Math.min(pause, submitAt - Date.now()) : pause);
    }
  }

  // The kill: the server dies without a word, and a new one starts on the same database and port.
  const killer =
    KILL_AT === null
      ? Promise.resolve()
      : sleep(deadline + KILL_AT * 1000 - Date.now()).then(async () => {
          const gone = new Promise((r) => server.child.once('exit', r));
          killedAt = Date.now();
          server.child.kill('SIGKILL');
          await gone;
          server = await startExamServer(db, port);
          restartedAt = Date.now();
        });

  // The invigilator's view, polled from the deadline on: when does nobody answer any more?
  let allCollectedAt: number | null = null;
  const watcher = (async () => {
    await sleep(deadline - Date.now());
    while (Date.now() < giveUpAt) {
      const r = await call<{ counts: { byStatus: { status: number; count: number }[] } }>(
        origin,
        '/api/examLog/page',
        { examId, pageIndex: 1, pageSize: 1 },
        { token: academic },
      ).catch(() => null);
      if (r && r.body.code !== 1) throw new Error(`monitor: ${failure(r.body)}`);
      // A status nobody is in is left out of the counts.
      const answering = r?.body.response.counts.byStatus.find((b) => b.status === PaperStatus.Answering)?.count ?? 0;
      if (r && answering === 0) {
        allCollectedAt = Date.now();
        return;
      }
      await sleep(250);
    }
  })();

  const loadBefore = machine(db.kind);
  await Promise.all([...students.map(sit), killer, watcher]);
  const loadAfter = machine(db.kind);
  await stopServer(server);

  // ---- the record, read from the database itself ----
  const check = await openDatabase({ url: db.url, dataDir: db.dataDir });
  try {
    const answers = await rows<{
      attempt_id: number;
      question_id: number;
      revision: number;
      answer: unknown;
      late: boolean;
    }>(
      check.db,
      sql`select a.attempt_id, a.question_id, a.revision, a.answer, a.saved_at > t.closes_at as late
        from attempt_answers a join exam_attempts t on t.organization_id = a.organization_id and t.id = a.attempt_id
        where t.exam_id = ${examId}`,
    );
    const attempts = await rows<{ id: number; status: number; finals: number }>(
      check.db,
      sql`select t.id, t.status, (select count(*)::int from attempt_events e
          where e.organization_id = t.organization_id and e.attempt_id = t.id and e.type in (4, 5, 6, 8)) as finals
        from exam_attempts t where t.exam_id = ${examId}`,
    );
    const jobs = await rows<{ kind: string; status: string; n: number; collected: number; last: string | null }>(
      check.db,
      sql`select kind, status, count(*)::int as n, coalesce(sum((result->>'collected')::int), 0)::int as collected,
          max(finish_time) filter (where (result->>'collected')::int > 0) as last
        from jobs where kind in ('exam.collect', 'exam.collectSweep') group by kind, status order by kind, status`,
    );
    const stored = new Map(answers.map((a) => [`${a.attempt_id}:${a.question_id}`, a]));
    let lost = 0;
    let wrongAnswer = 0;
    let acks = 0;
    for (const s of students) {
      for (let q = 0; q < QUESTIONS; q++) {
        if (!s.acked[q]) continue;
        acks++;
        const row = stored.get(`${s.attemptId}:${s.questions[q]}`);
        if (!row || row.revision < s.acked[q]!) lost++;
        else if (JSON.stringify(row.answer) !== JSON.stringify(answerFor(q, row.revision))) wrongAnswer++;
      }
    }
    const notOneFinal = attempts.filter(
      (a) => !FINAL_PAPER_STATUSES.includes(Number(a.status)) || Number(a.finals) !== 1,
    ).length;
    const late = answers.filter((a) => a.late).length;
    const byStatus = new Map<number, number>();
    for (const a of attempts) byStatus.set(Number(a.status), (byStatus.get(Number(a.status)) ?? 0) + 1);
    const lastJob = Math.max(0, ...jobs.map((j) => (j.last ? new Date(j.last).getTime() : 0)));

    const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `\nB3 deadline storm, ${N} attempts, deadline ${new Date(deadline).toISOString()}, grace ${GRACE} s, ` +
        `replies dropped ${DROP * 100} %, requests duplicated ${DUPLICATE * 100} %`,
    );
    console.log(`on ${loadBefore}`);
    console.log(`   (at the end: ${loadAfter.split('load average ')[1]})`);
    if (killedAt !== null && restartedAt !== null) {
      console.log(
        `kill -9 at deadline ${KILL_AT! >= 0 ? '+' : ''}${KILL_AT} s; the new server listened ${sec(restartedAt - killedAt)} later ` +
          `(the first start took ${sec(firstStartMs)})`,
      );
    }
    console.log(latencyHeader);
    console.log(latencyRow('save/submit, before kill', latency.before));
    console.log(latencyRow('save/submit, after kill', latency.after));
    console.log(
      `client: ${stats.requests} requests, ${stats.droppedReplies} replies dropped, ${stats.duplicated} sent twice, ` +
        `${stats.networkErrors} failed connections, ${stats.submits} submits, ${stats.refusedSaves} saves refused after ` +
        `close, gave up ${stats.gaveUp}, acks marked "theirs" ${stats.theirs}, ` +
        `server errors ${JSON.stringify(Object.fromEntries(stats.serverErrors))}`,
    );
    console.log(
      `attempts by status: ${[...byStatus].map(([k, v]) => `${k}: ${v}`).join(', ')} ` +
        `(4 handed in, 5 collected automatically)`,
    );
    console.log(
      `collection jobs: ${jobs.map((j) => `${j.kind} ${j.status} ${j.n} (collected ${j.collected})`).join('; ')}`,
    );
    console.log(
      `acknowledged answers: ${acks}; lost: ${lost}; stored with another answer than their revision's: ${wrongAnswer}`,
    );
    console.log(`attempts without exactly one final status and one final event: ${notOneFinal}`);
    console.log(`answers saved after deadline + grace: ${late}`);
    const collected = allCollectedAt === null ? null : allCollectedAt - deadline;
    console.log(
      `every attempt collected ${collected === null ? 'NEVER (within the wait)' : `${sec(collected)} after the deadline (${sec(collected - GRACE * 1000)} after deadline + grace)`}` +
        `, as the monitor saw it; last collecting job finished ${lastJob ? sec(lastJob - deadline) : '-'} after the deadline`,
    );
    const pass =
      lost === 0 && wrongAnswer === 0 && notOneFinal === 0 && late === 0 && collected !== null && collected < 60_000;
    console.log(
      `targets: lost acknowledged answers 0 ${lost === 0 ? 'met' : 'MISSED'}; not exactly one final status 0 ` +
        `${notOneFinal === 0 ? 'met' : 'MISSED'}; all collected < 60 s after the deadline ` +
        `${collected !== null && collected < 60_000 ? 'met' : 'MISSED'} -> ${pass ? 'PASS' : 'FAIL'}\n`,
    );
  } finally {
    await check.close();
  }
} finally {
  await stopServer(server);
  await db.drop();
}
