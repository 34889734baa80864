// Messages (issue 16): the time and the server's memory to publish one notice to the whole school
// of 10,000+ students (one INSERT … SELECT writes every receipt), and to list one student's inbox
// holding 5,000 messages (a page, the unread view, a deep page, the top bar's unread summary).
// Targets on PostgreSQL: publish < 1 s, inbox page < 50 ms. The times are the HTTP round trip
// (authentication, validation and the envelope included), so they bound the database's share.
// PostgreSQL when DATABASE_URL is set, the embedded database otherwise.
//   MESSAGE_STUDENTS=10000 INBOX_MESSAGES=5000 PUBLISHES=3 INBOX_CALLS=200
import { call, login, machine, ok, prepareDatabase, startExamServer, stopServer } from './exam-lib';
import { percentile, rssOf } from './lib';

const STUDENTS = Number(process.env.MESSAGE_STUDENTS ?? 10_000);
const INBOX = Number(process.env.INBOX_MESSAGES ?? 5000);
const PUBLISHES = Number(process.env.PUBLISHES ?? 3);
const CALLS = Number(process.env.INBOX_CALLS ?? 200);
const MB = 1024 * 1024;

const t = performance.now();
const db = await prepareDatabase(STUDENTS);
console.log(`prepared ${db.kind} with ${STUDENTS} bench students in ${((performance.now() - t) / 1000).toFixed(1)} s`);
console.log(machine(db.kind));
const server = await startExamServer(db);
const origin = server.origin;
const pid = server.child.pid!;

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const f = (x: number) => x.toFixed(1).padStart(7);
  return `p50 ${f(percentile(s, 50))} ms  p95 ${f(percentile(s, 95))} ms  p99 ${f(percentile(s, 99))} ms  max ${f(s[s.length - 1]!)} ms`;
};

try {
  const academic = ok(await login(origin, 'academic')).token;

  // ---- publish to the whole school ----
  console.log(`\npublish one notice to every student (whole school, students), ${PUBLISHES} times:`);
  console.log('  run  recipients   publish ms   server RSS before → after (MB)');
  const publishMs: number[] = [];
  for (let i = 1; i <= PUBLISHES; i++) {
    const m = ok(
      await call<{ id: number }>(
        origin,
        '/api/message/create',
        {
          title: `Timetable ${i}`,
          body: '<p>The exam timetable is out.</p>',
          targetType: 1,
          audience: 1,
          needRead: true,
        },
        { token: academic },
      ),
    );
    const before = rssOf(pid);
    const r = await call<unknown>(origin, `/api/message/publish/${m.id}`, {}, { token: academic });
    ok(r);
    const after = rssOf(pid);
    const row = ok(
      await call<{ recipientCount: number }>(origin, `/api/message/select/${m.id}`, {}, { token: academic }),
    );
    publishMs.push(r.ms);
    console.log(
      `  ${String(i).padStart(3)}  ${String(row.recipientCount).padStart(10)}   ${r.ms.toFixed(0).padStart(10)}   ${(before / MB).toFixed(0)} → ${(after / MB).toFixed(0)}`,
    );
  }
  const worst = Math.max(...publishMs);
  console.log(
    `  slowest publish ${worst.toFixed(0)} ms (target < 1000 ms on PostgreSQL): ${worst < 1000 ? 'met' : 'MISSED'}`,
  );

  // ---- one student's inbox of 5,000 ----
  const student = db.names[0]!;
  const studentId = db.ids[0]!;
  ok(await call(origin, '/bench/bulk-messages', { userId: studentId, count: INBOX - PUBLISHES }));
  const token = ok(await login(origin, student)).token;
  const first = ok(await call<{ total: number; unread: number }>(origin, '/api/message/inbox', {}, { token }));
  console.log(
    `\n${student}'s inbox: ${first.total} messages, ${first.unread} unread; ${CALLS} calls each, one at a time:`,
  );
  const measure = async (label: string, run: () => Promise<number>) => {
    for (let i = 0; i < 5; i++) await run();
    const ms: number[] = [];
    for (let i = 0; i < CALLS; i++) ms.push(await run());
    console.log(`  ${label.padEnd(34)} ${stats(ms)}`);
    return percentile(
      [...ms].sort((a, b) => a - b),
      95,
    );
  };
  const inboxCall = (body: object) => async () => {
    const r = await call(origin, '/api/message/inbox', body, { token });
    ok(r);
    return r.ms;
  };
  const rssBefore = rssOf(pid);
  const p95 = await measure('inbox, first page of 20', inboxCall({ pageIndex: 1, pageSize: 20 }));
  await measure('inbox, unread only', inboxCall({ pageIndex: 1, pageSize: 20, view: 'unread' }));
  await measure('inbox, page 100 of 20', inboxCall({ pageIndex: 100, pageSize: 20 }));
  await measure('inbox, keyword "notice 4"', inboxCall({ pageIndex: 1, pageSize: 20, keyword: 'notice 4' }));
  await measure('unread summary (top bar)', async () => {
    const s = performance.now();
    const res = await fetch(`${origin}/api/message/unread`, { headers: { token } });
    const body = (await res.json()) as { code: number };
    if (body.code !== 1) throw new Error('unread failed');
    return performance.now() - s;
  });
  console.log(`  server RSS ${(rssBefore / MB).toFixed(0)} → ${(rssOf(pid) / MB).toFixed(0)} MB over the inbox calls`);
  console.log(
    `  inbox first page p95 ${p95.toFixed(1)} ms (target < 50 ms on PostgreSQL): ${p95 < 50 ? 'met' : 'MISSED'}`,
  );
} finally {
  await stopServer(server);
  // KEEP_DB=1 keeps the scratch database for EXPLAIN (its address is printed).
  if (process.env.KEEP_DB) console.log(`kept ${db.url ?? db.dataDir}`);
  else await db.drop();
}
