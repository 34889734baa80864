// The server the browser tests run against: a fresh embedded database in a temporary folder,
// demo data with a known password, on port 3100 (E2E_PORT). The web app must already be built.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './ensure-deps.mjs';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LYCEUM_DEMO_PASSWORD: 'demo-pass-2026',
    LOG_LEVEL: 'warn',
    // The tests move the server's clock instead of waiting (POST /__test/clock).
    LYCEUM_TEST_CLOCK: '1',
  },
});
const stop = (signal) => child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
