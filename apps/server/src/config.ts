import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  demoPassword: string | null;
  logLevel: string;
  webDist: string;
  // Server processes sharing the port (node:cluster); more than one needs PostgreSQL.
  workers: number;
  // How long a background job stays claimed without a heartbeat before another process may take
  // it over (a process that died mid-job): JOB_LEASE_MS, default 30 s.
  jobLeaseMs: number;
  // Behind a reverse proxy: take the client's address from X-Forwarded-For (TRUST_PROXY=1), so the
  // per-address login throttle and the logs see each student rather than the proxy.
  trustProxy: boolean;
  // Browser tests only (LYCEUM_TEST_CLOCK=1, set by scripts/e2e-server.mjs): POST /__test/clock moves
  // the server's clock, so no test waits for real minutes. Never set it on a real server.
  testClock: boolean;
}

// Reads the settings documented in the README. A .env file at the repository root (or the working
// directory) is loaded first; real environment variables win over it.
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  for (const file of [path.join(process.cwd(), '.env'), path.join(repoRoot, '.env')]) {
    if (env === process.env && existsSync(file)) {
      process.loadEnvFile(file);
      break;
    }
  }
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const workers = parseWorkers(env.LYCEUM_WORKERS ?? env.WORKERS);
  const jobLeaseMs = Number(env.JOB_LEASE_MS ?? 30_000);
  if (!Number.isInteger(jobLeaseMs) || jobLeaseMs < 1000 || jobLeaseMs > 3_600_000)
    throw new Error(
      `JOB_LEASE_MS must be a whole number of milliseconds from 1000 to 3600000, got "${env.JOB_LEASE_MS}"`,
    );
  const trustProxy = env.TRUST_PROXY?.trim().toLowerCase() ?? '';
  if (!['', '0', '1', 'false', 'true'].includes(trustProxy))
    throw new Error(`TRUST_PROXY must be 1 or 0 (true or false), got "${env.TRUST_PROXY}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL?.trim() || null,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    demoPassword: env.LYCEUM_DEMO_PASSWORD?.trim() || null,
    // Quiet by default: a terminal running `npm start` gets warnings and a line a minute, not a line
    // per request (LOG_LEVEL=info shows them).
    logLevel: env.LOG_LEVEL ?? 'warn',
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    workers,
    jobLeaseMs,
    trustProxy: trustProxy === '1' || trustProxy === 'true',
    testClock: env.LYCEUM_TEST_CLOCK === '1',
  };
}

const MAX_WORKERS = 64;

// A count, or "auto" for one per CPU core.
function parseWorkers(raw: string | undefined): number {
  const value = raw?.trim();
  if (!value) return 1;
  if (value === 'auto') return os.availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS)
    throw new Error(`WORKERS must be a whole number from 1 to ${MAX_WORKERS}, or "auto", got "${raw}"`);
  return n;
}
