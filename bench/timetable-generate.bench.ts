// Generating a term's lessons (issue 31): 100 classes × 30 periods a week (6 subjects × 5, one
// teacher per class and subject, each class in its own room) over an 18-week term, so about
// 3,000 lessons a week and 54,000 in all, each booking its teacher, room and class in the clash
// engine (three exclusion constraints on `bookings`). Timed through the office's own service
// (`generate`), then a second run (everything already there: nothing to write), then a week's
// check. The yardstick, measured in the same run on the same database: the same rows written by
// plain multi-row INSERTs into copies of the two tables without the exclusion constraints — what
// the clash engine and the generation's own work cost above bare writes.
// PostgreSQL when DATABASE_URL is set, else the embedded PGlite on disk.
//   BENCH_CLASSES=100 BENCH_WEEKS=18
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PERIODS, RoleKind, UserStatus, UserVerified } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { semesters } from '../apps/server/src/modules/calendar/calendar.table';
import { check, generate } from '../apps/server/src/modules/timetable/timetable-generation';
import { saveSettings } from '../apps/server/src/modules/timetable/timetable-settings';
import { openPrepared } from '../apps/server/src/platform/bootstrap';
import type { RequestContext } from '../apps/server/src/platform/context';
import { rows } from '../apps/server/src/platform/sql-rows';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedContext } from '../apps/server/src/seed/seed-context';
import { machine, PASSWORD } from './exam-lib';
import { scratchDatabase } from './lib';

const CLASSES = Number(process.env.BENCH_CLASSES ?? 100);
const WEEKS = Number(process.env.BENCH_WEEKS ?? 18);
const SUBJECTS = 6;
const START = '2031-02-24'; // a Monday

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await fn();
  return [out, performance.now() - t0];
}

const scratch = await scratchDatabase('lyceum_bench_timetable');
const dataDir = scratch.url ? null : mkdtempSync(path.join(os.tmpdir(), 'bench-timetable-'));
const database = await openPrepared({ databaseUrl: scratch.url, dataDir });
try {
  const db = database.db;
  const { demo } = await seedDemo(db, { password: PASSWORD, reuseHash: true, questions: false });
  const orgId = demo.orgId;
  const [sem] = await db
    .insert(semesters)
    .values({
      organizationId: orgId,
      name: 'Bench term',
      year: 2030,
      term: 2,
      startDate: START,
      endDate: addDays(START, WEEKS * 7 - 3),
    })
    .returning({ id: semesters.id });
  const semesterId = sem!.id;
  // Classes, rooms, and one teacher per class and subject, in a few statements.
  await db.execute(sql`insert into teams (organization_id, name, grade_year)
    select ${orgId}, 'Bench class ' || g, 2030 from generate_series(1, ${CLASSES}::int) g`);
  await db.execute(sql`insert into teach_venues (organization_id, name, capacity)
    select ${orgId}, 'Bench room ' || g, 50 from generate_series(1, ${CLASSES}::int) g`);
  await db.execute(sql`with u as (
      insert into users (organization_id, user_name, real_name, password_hash, status, verified, email)
      select ${orgId}, 'bt' || lpad(g::text, 5, '0'), 'Bench teacher ' || g,
        (select password_hash from users where organization_id = ${orgId} and user_name = 'teacher'),
        ${UserStatus.Enabled}, ${UserVerified.Verified}, 'bt' || g || '@demo.example.edu'
      from generate_series(1, ${CLASSES * SUBJECTS}::int) g returning id)
    insert into user_roles (organization_id, user_id, role_id) select ${orgId}, id, ${demo.roleIds.teacher} from u`);
  // Assignment (class c, subject s) teaches period p+1 of weekday d+1 where (d*6 + p) % 6 = s: 5 a week.
  await db.execute(sql`with a as (
      insert into teaching_assignments (organization_id, semester_id, subject, team_id, teacher_id, venue_id, periods_per_week)
      select ${orgId}, ${semesterId}, 'Subject ' || s, t.id,
        (select id from users where organization_id = ${orgId} and user_name = 'bt' || lpad(((t.n - 1) * ${SUBJECTS} + s + 1)::text, 5, '0')),
        v.id, 5
      from (select id, row_number() over (order by id) as n from teams where organization_id = ${orgId} and name like 'Bench class %') t
      join (select id, row_number() over (order by id) as n from teach_venues where organization_id = ${orgId} and name like 'Bench room %') v on v.n = t.n
      cross join generate_series(0, ${SUBJECTS - 1}) s
      returning id, (substring(subject from 9))::int as s)
    insert into timetable_slots (organization_id, assignment_id, weekday, period_from, period_to, parity)
    select ${orgId}, a.id, d + 1, p + 1, p + 1, 0 from a
      cross join generate_series(0, 4) d cross join generate_series(0, 5) p where (d * 6 + p) % 6 = a.s`);
  await db.execute(sql`analyze`);
  const office: RequestContext = {
    ...seedContext(db, orgId, 0, ['teaching:page', 'teaching:update', 'teaching:settings']),
    roleKind: RoleKind.AcademicStaff,
  };
  await saveSettings(office, { timeZone: 'Asia/Shanghai', periods: DEFAULT_PERIODS });

  console.log(
    `Timetable generation: ${CLASSES} classes × ${SUBJECTS * 5} periods a week × ${WEEKS} weeks; ${machine(database.kind)}`,
  );
  const [first, firstMs] = await timed(() => generate(office, { semesterId, from: START }));
  console.log(
    `  generate, first run:    ${seconds(firstMs).padStart(9)}  ${first.created} lessons written (${Math.round(first.created / (firstMs / 1000))} a second), ${first.clashCount} clashes, ${first.assignments} assignments`,
  );
  const [again, againMs] = await timed(() => generate(office, { semesterId, from: START }));
  console.log(
    `  generate, again:        ${seconds(againMs).padStart(9)}  ${again.created} written, ${again.existing} already there`,
  );
  const [checked, checkMs] = await timed(() => check(office, { semesterId, assignments: [], from: START }));
  console.log(
    `  check the whole term:   ${seconds(checkMs).padStart(9)}  ${checked.occurrences} occurrences, ${checked.clashCount} clashes`,
  );
  const [counts] = await rows<{ lessons: number; bookings: number }>(
    db,
    sql`select (select count(*)::int from lessons where organization_id = ${orgId}) as lessons,
      (select count(*)::int from bookings where organization_id = ${orgId}) as bookings`,
  );
  // The yardstick: the same rows into constraint-free copies, by plain multi-row INSERTs.
  await db.execute(sql`create table bench_lessons (like lessons including defaults)`);
  await db.execute(sql`create table bench_bookings (like bookings including defaults)`);
  const [, rawMs] = await timed(async () => {
    await db.execute(sql`insert into bench_lessons select * from lessons where organization_id = ${orgId}`);
    await db.execute(sql`insert into bench_bookings select * from bookings where organization_id = ${orgId}`);
  });
  console.log(
    `  bare INSERT of the same ${counts!.lessons} lessons and ${counts!.bookings} bookings, no constraints: ${seconds(rawMs)}` +
      ` (generation costs ${(firstMs / rawMs).toFixed(1)}× that)`,
  );
} finally {
  await database.close();
  await scratch.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
