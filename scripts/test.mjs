// `npm test`: lint, type checks, unit and API tests (PGlite, and PostgreSQL when DATABASE_URL is
// set), then the browser tests when a Chromium is found. Prints one closing summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDeps, root } from './ensure-deps.mjs';

ensureDeps();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'lyceum-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) failures.push(label);
  return res.status === 0;
}

run('lint (biome)', 'npx', ['biome', 'check', '.']);
for (const ws of ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench']) {
  if (existsSync(path.join(root, ws, 'tsconfig.json'))) run(`typecheck ${ws}`, 'npx', ['tsc', '-p', ws]);
}

const vitestJson = path.join(tmp, 'vitest.json');
if (!process.env.DATABASE_URL) {
  console.log(
    '\nDATABASE_URL is not set: API tests run on the embedded PGlite only (.ci/run also runs them on PostgreSQL).',
  );
}
run('unit and API tests (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

const chromium =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (chromium) {
  run('build web app', 'node', ['scripts/build-web.mjs']);
  const pwJson = path.join(tmp, 'playwright.json');
  run(
    'browser tests (playwright + chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
      CHROMIUM_PATH: chromium,
    },
  );
  if (existsSync(pwJson)) {
    const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats;
    totals.passed += s.expected + (s.flaky ?? 0);
    if (s.flaky) console.log(`Note: ${s.flaky} browser test(s) passed only on a retry (flaky).`);
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  }
} else {
  const banner = '!'.repeat(78);
  console.log(
    `\n${banner}\n!! BROWSER TESTS SKIPPED: no Chromium found (install it: apt-get install chromium)\n${banner}`,
  );
  if (process.env.REQUIRE_BROWSER === '1')
    failures.push('browser tests required (REQUIRE_BROWSER=1) but no Chromium found');
}

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
