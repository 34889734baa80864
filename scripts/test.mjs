// `npm test`: lint, type checks, unit tests, API tests (on PostgreSQL when DATABASE_URL is set, and on
// the embedded PGlite), then the browser tests when a Chromium is found. Prints how long each phase
// took, so the change that slows the suite is seen the day it lands (docs/architecture.md, "Tests"),
// and one closing line of counts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDeps, root } from './ensure-deps.mjs';

const started = performance.now();
ensureDeps();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'lyceum-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const phases = [];

function exec(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code === 0));
  });
}

// One phase: its commands run side by side (the type checks), or one after the other.
async function phase(label, commands, { parallel = false } = {}) {
  console.log(`\n=== ${label} ===`);
  const t0 = performance.now();
  let ok = true;
  if (parallel) ok = (await Promise.all(commands.map((c) => exec(...c)))).every(Boolean);
  else for (const c of commands) ok = (await exec(...c)) && ok;
  const seconds = (performance.now() - t0) / 1000;
  phases.push({ label, seconds, ok });
  console.log(`--- ${label}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s`);
  if (!ok) failures.push(label);
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

function vitest(label, project) {
  const json = path.join(tmp, `${project}.json`);
  return phase(label, [
    [
      'npx',
      ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    ],
  ]).then((ok) => {
    countVitest(json);
    return ok;
  });
}

await phase('lint (biome)', [['npx', ['biome', 'check', '.']]]);
// Three programs instead of one per workspace: the node side (contract, server, benchmarks) in one
// pass, the web app (DOM, JSX) and the browser tests (DOM in page scripts) in their own.
await phase(
  'types (tsc)',
  [
    ['npx', ['tsc', '-p', 'tsconfig.json']],
    ['npx', ['tsc', '-p', 'apps/web']],
    ['npx', ['tsc', '-p', 'e2e']],
  ],
  { parallel: true },
);
await vitest('unit tests', 'unit');
if (process.env.DATABASE_URL) await vitest('API tests on PostgreSQL', 'api-postgres');
else
  console.log(
    '\nDATABASE_URL is not set: every API test runs on the embedded PGlite (.ci/run runs them on PostgreSQL too).',
  );
await vitest(
  process.env.DATABASE_URL && process.env.PGLITE_ALL !== '1'
    ? 'API tests on PGlite (the embedded set)'
    : 'API tests on PGlite',
  'api-pglite',
);

const chromium =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (chromium) {
  await phase('build web app', [['node', ['scripts/build-web.mjs']]]);
  const pwJson = path.join(tmp, 'playwright.json');
  await phase('browser tests (playwright + chromium)', [
    [
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson, CHROMIUM_PATH: chromium },
    ],
  ]);
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

console.log('\nPhase times:');
for (const p of phases)
  console.log(`  ${p.label.padEnd(44)} ${p.seconds.toFixed(0).padStart(5)} s${p.ok ? '' : '  FAILED'}`);
console.log(`  ${'npm test in all'.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`);
console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
