import { defineConfig, devices } from '@playwright/test';

// An explicit E2E_BASE_URL points at a server someone already runs; otherwise the config starts one.
const external = process.env.E2E_BASE_URL;
// E2E_PORT lets several checkouts run their browser tests side by side.
const baseURL = external ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`;
// E2E_WORKERS overrides the number of browsers run side by side (decision 16).
const workers = Number(process.env.E2E_WORKERS) || 2;

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers,
  // No retries: a test that fails once in ten runs is a defect to fix at its root (decision 16).
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'en-GB',
    viewport: { width: 1440, height: 900 },
    // The app turns its transitions off for people who ask for less motion: nothing is clicked mid-slide.
    reducedMotion: 'reduce',
    // A failed test keeps its trace (actions, network, DOM snapshots: the trace viewer shows the page at each
    // step) and one screenshot. No screencast: recording one frame after another for every test doubled the
    // browser phase on the 2-core machine (decision 16).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Each built-in role logs in once; the tests start from the saved sessions (specs/fixtures.ts).
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    { name: 'chromium', dependencies: ['setup'] },
  ],
  webServer: external
    ? undefined
    : {
        // Starts the API on port 3100 (E2E_PORT) with a fresh data directory and the demo password; the web must be built.
        command: 'node ../scripts/e2e-server.mjs',
        url: `${baseURL}/api/common/organization/demo`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
