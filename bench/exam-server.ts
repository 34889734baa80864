// The server of the exam-day benchmarks (B1-B3), in its own process so it can be killed with -9:
// the real app with its background jobs (collection at deadline + grace, the sweep) on a database
// the benchmark prepared (exam-lib.ts): BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (the
// embedded PGlite on disk, as the product runs it). It trusts X-Forwarded-For, as behind the
// reverse proxy a school would put it behind, so simulated classrooms log in from their own
// addresses. One extra route, /bench/raw-upsert, measures the database's own upsert capacity
// through this process's driver and pool, the yardstick of the save path.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { openPrepared } from '../apps/server/src/platform/bootstrap';
import type { Db } from '../apps/server/src/platform/db';
import { percentile } from './lib';

const url = process.env.BENCH_DATABASE_URL || null;
const dataDir = process.env.BENCH_DATA_DIR || null;
if (!url && !dataDir) throw new Error('exam-server needs BENCH_DATABASE_URL or BENCH_DATA_DIR');
const database = await openPrepared({ databaseUrl: url, dataDir });
// The yardsticks' table (the bare route's and the raw loop's), shaped like attempt_answers.
await database.db.execute(sql`create table if not exists bench_raw_upserts (
    organization_id bigint not null, attempt_id bigint not null, question_id bigint not null,
    answer jsonb, revision integer not null, saved_at timestamptz not null,
    primary key (organization_id, attempt_id, question_id))`);

const app = await buildApp({
  db: database.db,
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'silent',
  filesDir: process.env.BENCH_FILES_DIR || mkdtempSync(path.join(os.tmpdir(), 'bench-exam-files-')),
  webDist: null,
  startJobs: true,
  trustProxy: true,
});

interface RawRequest {
  seconds: number;
  concurrency: number;
  attempts: number;
  questions: number;
}

// Statements sent to PostgreSQL by this process (every client, the pool's and the listener's): the
// benches print round trips per operation from it.
let statements = 0;
// BENCH_TRACE=1: also which statements, by their first words (to find what a step costs).
const traced = new Map<string, number>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: Parameters<typeof query>) {
  statements++;
  if (process.env.BENCH_TRACE) {
    const first = args[0] as unknown;
    const text = typeof first === 'string' ? first : String((first as { text?: string })?.text ?? '?');
    const key = text.replace(/\s+/g, ' ').slice(0, 90);
    traced.set(key, (traced.get(key) ?? 0) + 1);
  }
  return query.apply(this, args);
} as typeof query;
app.post('/bench/statements', async () => ({
  code: 1,
  message: 'success',
  response: { statements, traced: Object.fromEntries([...traced].sort((a, b) => b[1] - a[1]).slice(0, 40)) },
}));

// The HTTP limit of the save path: a bare route doing the same upsert the save does (1-3 answers of
// one attempt into a table shaped like attempt_answers), with no session, validation or envelope
// schema: what Fastify, the driver and the database cost together.
interface BareSave {
  attemptId: number;
  items: { questionId: number; answer: unknown; revision: number }[];
}
app.post<{ Body: BareSave }>('/bench/bare-save', async (req) => {
  const { attemptId, items } = req.body;
  const values = items.map(
    (i) => sql`(1, ${attemptId}, ${i.questionId}, ${JSON.stringify(i.answer)}::jsonb, ${i.revision}, now())`,
  );
  const out = await database.db.execute(sql`insert into bench_raw_upserts
      (organization_id, attempt_id, question_id, answer, revision, saved_at)
    values ${sql.join(values, sql`, `)}
    on conflict (organization_id, attempt_id, question_id) do update
      set answer = excluded.answer, revision = excluded.revision, saved_at = excluded.saved_at
      where bench_raw_upserts.revision < excluded.revision
    returning question_id as "questionId", revision`);
  return { code: 1, message: 'success', response: { acked: (out as unknown as { rows: unknown[] }).rows } };
});

app.post<{ Body: RawRequest }>('/bench/raw-upsert', async (req) => ({
  code: 1,
  message: 'success',
  response: await rawUpserts(database.db, req.body),
}));

// B4: a large sat exam written in bulk (the exam-analysis benchmark): `students` new students,
// each with an ended, marked attempt on the exam, holding the template attempt's paper, an answer
// and a mark per question (right about 60 % of the time, the wrong ones spread over B-D).
interface BulkRequest {
  examId: number;
  templateAttemptId: number;
  // This batch's students: y<from+1> .. y<from+count>.
  from: number;
  count: number;
}
const first = <T>(r: unknown) => (r as { rows: T[] }).rows[0];
app.post<{ Body: BulkRequest }>('/bench/bulk-attempts', async (req) => {
  const t0 = performance.now();
  const b = req.body;
  await bulkAttempts(b).catch((err: unknown) => {
    // The child's stdout only carries the port: say what went wrong where the benchmark shows it.
    console.error('bulk-attempts failed:', err);
    throw err;
  });
  return { code: 1, message: 'success', response: { seconds: (performance.now() - t0) / 1000 } };
});

// The message benchmark: `count` earlier messages to one user (their inbox's history), published
// over the past `count` minutes with receipts, every other one read, in two statements.
interface BulkMessages {
  userId: number;
  count: number;
}
app.post<{ Body: BulkMessages }>('/bench/bulk-messages', async (req) => {
  const { userId, count } = req.body;
  await database.db.transaction(async (tx) => {
    const orgId = Number(
      first<{ organization_id: number }>(await tx.execute(sql`select organization_id from users where id = ${userId}`))
        ?.organization_id,
    );
    await tx.execute(sql`insert into messages (organization_id, title, body, target_type, status, sender_id, recipient_count, publish_time)
      select ${orgId}, 'Earlier notice ' || g, '<p>Notice number ' || g || ' of the term.</p>', 4, 1,
        (select id from users where organization_id = ${orgId} and user_name = 'academic'), 1,
        now() - make_interval(mins => g)
      from generate_series(1, ${count}::int) g`);
    await tx.execute(sql`insert into message_receipts (organization_id, message_id, user_id, sent_at, read_at)
      select ${orgId}, m.id, ${userId}, m.publish_time, case when m.id % 2 = 0 then m.publish_time end
      from messages m where m.organization_id = ${orgId} and m.title like 'Earlier notice %'`);
  });
  return { code: 1, message: 'success', response: { count } };
});

async function bulkAttempts(b: BulkRequest) {
  await database.db.transaction(async (tx) => {
    const orgId = Number(
      first<{ organization_id: number }>(
        await tx.execute(sql`select organization_id from exams where id = ${b.examId}`),
      )?.organization_id,
    );
    const before = Number(
      first<{ id: number }>(await tx.execute(sql`select coalesce(max(id), 0) as id from exam_attempts`))?.id,
    );
    await tx.execute(sql`insert into users (organization_id, user_name, real_name, password_hash, status, verified)
      select ${orgId}, 'y' || lpad(g::text, 6, '0'), 'Bulk student ' || g, 'x', 1, 1
      from generate_series(${b.from + 1}::int, ${b.from + b.count}::int) g`);
    const mine = sql`u.organization_id = ${orgId} and u.user_name between ${`y${String(b.from + 1).padStart(6, '0')}`}
      and ${`y${String(b.from + b.count).padStart(6, '0')}`}`;
    await tx.execute(sql`insert into exam_candidates (organization_id, exam_id, user_id, source, status)
      select ${orgId}, ${b.examId}, u.id, 1, 2 from users u where ${mine}`);
    await tx.execute(sql`insert into exam_attempts (organization_id, exam_id, user_id, status, paper, view,
        question_ids, total_score, started_at, deadline, closes_at, ended_at, end_status, answer_status, marked_at)
      select ${orgId}, ${b.examId}, u.id, 7, t.paper, '{}'::jsonb, t.question_ids, t.total_score,
        now() - interval '3 hours', now() - interval '2 hours', now() - interval '2 hours',
        now() - interval '2 hours', 4, 1, now()
      from users u, exam_attempts t where ${mine} and t.id = ${b.templateAttemptId}`);
    const fresh = sql`a.exam_id = ${b.examId} and a.id > ${before}`;
    await tx.execute(sql`insert into attempt_answers (organization_id, attempt_id, question_id, answer, revision, saved_at)
      select a.organization_id, a.id, q.qid,
        to_jsonb(case when (a.id * 7 + q.n * 13) % 10 < 6 then 'A' else chr(66 + ((a.id + q.n) % 3)::int) end),
        1, now() - interval '2 hours'
      from exam_attempts a cross join lateral unnest(a.question_ids) with ordinality as q(qid, n) where ${fresh}`);
    await tx.execute(sql`insert into attempt_marks (organization_id, attempt_id, question_id, exam_id, max, auto_score,
        score, manual, marking_flag)
      select aa.organization_id, aa.attempt_id, aa.question_id, ${b.examId}, 5,
        case when aa.answer = '"A"'::jsonb then 5 else 0 end, case when aa.answer = '"A"'::jsonb then 5 else 0 end,
        false, 3
      from attempt_answers aa join exam_attempts a on a.organization_id = aa.organization_id and a.id = aa.attempt_id
      where ${fresh}`);
    await tx.execute(sql`update exam_attempts a set score = m.s, score_max = m.mx
      from (select m.attempt_id, sum(m.score) as s, sum(m.max) as mx from attempt_marks m join exam_attempts a
        on a.organization_id = m.organization_id and a.id = m.attempt_id where ${fresh} group by m.attempt_id) m
      where a.id = m.attempt_id`);
  });
}

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
console.log(`PORT=${(app.server.address() as { port: number }).port}`);

// `insert ... on conflict do update` of 1-3 rows per statement (what one save carries) into a
// scratch table shaped like attempt_answers, with rising revisions, `concurrency` statements in
// flight, for `seconds`. No session lookup, no validation, no attempt row: the database and the
// driver alone.
async function rawUpserts(db: Db, r: RawRequest) {
  const revisions = new Map<number, number>();
  const latencies: number[] = [];
  const t0 = performance.now();
  const end = t0 + r.seconds * 1000;
  await Promise.all(
    Array.from({ length: r.concurrency }, async () => {
      while (performance.now() < end) {
        const attempt = 1 + Math.floor(Math.random() * r.attempts);
        const picked = new Set<number>();
        const n = 1 + Math.floor(Math.random() * 3);
        while (picked.size < n) picked.add(1 + Math.floor(Math.random() * r.questions));
        const values = [...picked].map((q) => {
          const key = attempt * 1000 + q;
          const revision = (revisions.get(key) ?? 0) + 1;
          revisions.set(key, revision);
          const answer = JSON.stringify(q % 4 === 0 ? `answer text ${revision} `.repeat(12) : 'ABCD'[revision % 4]);
          return sql`(1, ${attempt}, ${q}, ${answer}::jsonb, ${revision}, now())`;
        });
        const s = performance.now();
        await db.execute(sql`insert into bench_raw_upserts
            (organization_id, attempt_id, question_id, answer, revision, saved_at)
          values ${sql.join(values, sql`, `)}
          on conflict (organization_id, attempt_id, question_id) do update
            set answer = excluded.answer, revision = excluded.revision, saved_at = excluded.saved_at
            where bench_raw_upserts.revision < excluded.revision`);
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    statements: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
