import { defineConfig } from 'vitest/config';

// API tests run on PGlite always, and again on PostgreSQL when DATABASE_URL is set (CI sets it).
const apiTests = ['apps/server/test/**/*.test.ts'];
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
        },
      },
      { test: { name: 'api-pglite', include: apiTests, env: { TEST_DB: 'pglite' } } },
      ...(process.env.DATABASE_URL
        ? [
            {
              // The process tests start real servers on the embedded database; once is enough.
              test: {
                name: 'api-postgres',
                include: apiTests,
                exclude: ['**/process.test.ts'],
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
