import { defineConfig } from 'vitest/config';

// API tests run on PGlite always, and again on PostgreSQL when DATABASE_URL is set (CI sets it).
// Projects do not inherit the root test options, so the time limits are set on each.
const apiTests = ['apps/server/test/**/*.test.ts'];
const limits = { testTimeout: 60_000, hookTimeout: 120_000 };
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
      { test: { name: 'api-pglite', include: apiTests, env: { TEST_DB: 'pglite' }, globalSetup, ...limits } },
      ...(process.env.DATABASE_URL
        ? [
            {
              // The process tests start real servers on the embedded database; once is enough.
              test: {
                name: 'api-postgres',
                include: apiTests,
                exclude: ['**/process.test.ts'],
                env: { TEST_DB: 'postgres' },
                globalSetup,
                ...limits,
              },
            },
          ]
        : []),
    ],
  },
});
