import { defineConfig } from 'vitest/config';

// The API tests (apps/server/test) run on the embedded PGlite and, when DATABASE_URL is set (CI), on
// PostgreSQL too. With DATABASE_URL, PostgreSQL runs every API file and PGlite the set below, which
// proves the embedded path; without it (a developer's `npm test`) PGlite runs every file.
// PGLITE_ALL=1 runs every file on PGlite even with DATABASE_URL.
// Projects do not inherit the root test options, so the time limits are set on each.
const apiTests = ['apps/server/test/**/*.test.ts'];
const onPostgres = Boolean(process.env.DATABASE_URL);
const pgliteAll = !onPostgres || process.env.PGLITE_ALL === '1';

// What PGlite must prove when PostgreSQL runs the rest. Every file also starts from the templates
// global-setup.ts migrates and seeds on PGlite, so the migrations run there in any case.
const pgliteSet = [
  // One test per database feature the product relies on: pg_trgm, advisory locks, FOR UPDATE
  // SKIP LOCKED, exclusion constraints with btree_gist (loaded by openDatabase on PGlite).
  'database-features',
  // The whole demo (question bank, papers, classes, exams, homework, messages) seeded on a database
  // migrated from nothing, as a first start does, and read back through the API.
  'demo-data',
  // The resource engine's verbs (page, list, create, update, select, delete, export, import) and
  // its rules (in use, trees, one current semester) on every base-data resource.
  'resources',
  // Exam day: start, save, submit, collect under retries and races, a restarted app.
  'attempt',
  // The job queue: claim, lease, retry, resume, shutdown on one connection.
  'jobs',
  // Imports (users, base data, questions): every error of every row at once, nothing written.
  'import-errors',
  // The real server and operator commands as processes on an embedded database in a folder: first
  // start with demo data, the data-directory lock, restart keeping data (PGlite only by nature).
  'process',
].map((name) => `apps/server/test/${name}.test.ts`);

const limits = { testTimeout: 60_000, hookTimeout: 120_000 };
// API test files share worker processes (the app's modules are imported once per worker, not once
// per file); createTestApp starts each app as cold as a new process. ISOLATE=1 gives each file its own.
const isolate = process.env.ISOLATE === '1';
// Migrates and seeds the demo databases once per run; each test file starts from a copy.
const globalSetup = ['apps/server/test/global-setup.ts'];
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
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
