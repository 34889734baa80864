import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The API tests (apps/server/test) run on the embedded PGlite and, when DATABASE_URL is set (CI), on
// PostgreSQL too. With DATABASE_URL, PostgreSQL runs every API file and PGlite the set below, which
// proves the embedded path; without it (a developer's `npm test`) PGlite runs every file.
// PGLITE_ALL=1 runs every file on PGlite even with DATABASE_URL.
// Projects do not inherit the root test options, so the time limits are set on each.
const apiTests = ['apps/server/test/**/*.test.ts'];
const onPostgres = Boolean(process.env.DATABASE_URL);
// `npm run fuzz` (FUZZ_RUNS) asks for the fuzz file on PGlite whatever else is set.
const pgliteAll = !onPostgres || process.env.PGLITE_ALL === '1' || Boolean(process.env.FUZZ_RUNS);

// What PGlite must prove when PostgreSQL runs the rest. The migrations run on PGlite from an empty
// database in any case: global-setup.ts migrates one before seeding the templates every file copies.
const pgliteSet = [
  // One test per database feature the product relies on: pg_trgm, advisory locks, FOR UPDATE
  // SKIP LOCKED, exclusion constraints with btree_gist (loaded by openDatabase on PGlite).
  'database-features',
  // (The whole demo seeded on the embedded database is proven by process.test's first start and by
  // the browser tests' server, which runs on PGlite with the demo; demo-data.test reads it back on
  // PostgreSQL only, which saved its half minute here.)
  // The resource engine's verbs (page, list, create, update, select, delete, export, import) and
  // its rules (in use, trees, one current semester) on every base-data resource.
  'resources',
  // Exam day: start, save, submit, collect under retries and races, a restarted app.
  'attempt',
  // The job queue: claim, lease, retry, resume, shutdown on one connection.
  'jobs',
  // Engine pieces on the database: a ledger under parallel debits, an idempotency key under retries.
  'engine-pieces',
  // Imports (users, base data, questions): every error of every row at once, nothing written.
  'import-errors',
  // Live updates: on the embedded database no change-bus listener runs (one process), so what a
  // stream hears is delivered in process, from inside the writing transaction.
  'push',
  // Course heartbeats: parallel reports with one nonce, exactly one counted (the conditional
  // UPDATE that spends it, one connection on the embedded database).
  'course-heartbeat',
  // The timetable's clash engine: twenty parallel bookings of one room, exactly one accepted (the
  // exclusion constraints on btree_gist, refused and named in a savepoint, on one connection).
  'timetable-race',
  // Attendance under races: one roll call per lesson opened at once (the unique key and ON CONFLICT),
  // two takes of one session (the session row held), ten approvals of one leave (one decides).
  'attendance-races',
  // Live classes' provider callbacks: twenty copies of one report at once, processed once (the
  // unique dedupe key and ON CONFLICT DO NOTHING inside the processing transaction, one connection).
  'live-callback',
  // The points shop under races: parallel redemptions from one balance and of the last stock (the
  // conditional updates and the balance row held per member), a repeated request key (the unique
  // index), parallel cancels of one order (the row held by the action, the status compare-and-set).
  'shop-races',
  // Points under races (issue 33): twenty deductions from one balance at once, exactly those it
  // affords go through (the ledger's conditional update); one award key posted at once, one entry
  // (the unique key refused inside a savepoint, on one connection).
  'points-races',
  // Payments under races (issue 33): twenty copies of one provider notification at once, one paid
  // payment and one onPaid (the conditional update from awaiting); parallel desk records take
  // consecutive receipt numbers (the per-year sequence row's upsert), a repeated key records once.
  'payment-races',
  // Tuition under races (issue 33): parallel desk payments of one invoice, exactly those it owes go
  // through (the invoice held FOR UPDATE while each is allocated); receipt numbers consecutive under
  // parallel payments (the per-year sequence's upsert); one generation per student (the partial
  // unique index); parallel reminders, each instalment once (the conditional update).
  'tuition-races',
  // Course orders under races (issue 33, second part): one provider notification posted twenty times
  // at once, one payment paid and one enrolment (the payment's conditional update from awaiting,
  // the purpose's handler in its transaction, on one connection).
  'course-order-races',
  // Training places under races (issue 34): twenty parallel bookings for the last three places, three
  // booked and seventeen waitlisted in order (the session row held while places are counted), a
  // repeated request key answers the first registration (the partial unique index).
  'training-races',
  // The real server and operator commands as processes on an embedded database in a folder: first
  // start with demo data, the data-directory lock, restart keeping data (PGlite only by nature).
  'process',
].map((name) => `apps/server/test/${name}.test.ts`);

const limits = { testTimeout: 60_000, hookTimeout: 120_000 };
// Test files share worker processes: the app's modules are imported once per worker, not once per
// file (an API file's imports took about as long as its tests); createTestApp starts each app as
// cold as a new process would. ISOLATE=1 gives each file a process of its own again.
const isolate = process.env.ISOLATE === '1';
// Files run side by side, each on a database of its own: two at least, since a file spends much of
// its time waiting on the database (on 2 cores, 2 workers ran the CI set in 136-183 s where 1 took
// 182-241 s); at most 4, to stay well inside PostgreSQL's 100 connections (an app's pool holds up
// to 10, multiprocess.test's servers several times that).
const maxWorkers = Math.min(4, Math.max(2, os.availableParallelism()));
// The longest files start first, so none is left running alone at the end while the other workers
// idle (a clean clone has no timings cached, and vitest would then start the largest files first:
// process.test, short but about 90 s of server processes, started last and ran alone for a minute).
const LONG_FIRST = ['process', 'fuzz', 'multiprocess', 'access-matrix', 'exam', 'attempt', 'push'].map(
  (name) => `/test/${name}.test.ts`,
);
class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.findIndex((end) => f.moduleId.endsWith(end));
      return i < 0 ? LONG_FIRST.length : i;
    };
    // Stable: within a project, the named files in this order, then the rest as vitest sorted them.
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => (a.f.project.name === b.f.project.name ? rank(a.f) - rank(b.f) || a.i - b.i : a.i - b.i))
      .map(({ f }) => f);
  }
}
// Migrates and seeds the demo databases once per run; each test file starts from a copy.
const globalSetup = ['apps/server/test/global-setup.ts'];
export default defineConfig({
  test: {
    maxWorkers,
    sequence: { sequencer: LongFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          isolate,
          ...limits,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: pgliteAll ? apiTests : pgliteSet,
          env: { TEST_DB: 'pglite' },
          globalSetup,
          isolate,
          ...limits,
        },
      },
      ...(onPostgres
        ? [
            {
              // process.test.ts starts servers on an embedded database of its own, whatever the
              // project: it runs with PGlite only.
              test: {
                name: 'api-postgres',
                include: apiTests,
                exclude: ['**/process.test.ts'],
                env: { TEST_DB: 'postgres' },
                globalSetup,
                isolate,
                ...limits,
              },
            },
          ]
        : []),
    ],
  },
});
