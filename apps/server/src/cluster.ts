import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';
import { banner, prepareDatabase, type SeedOutcome, where } from './server';

// Cluster mode (WORKERS > 1): this primary process prepares the database once (migrations, menu
// catalogue, demo data), then forks the workers, which share the port (node:cluster hands out
// connections) and one PostgreSQL database; the change bus keeps their caches in step. A worker
// that dies is replaced; SIGTERM or SIGINT stops every worker gracefully, then the primary.

const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
// A worker that ran this long before dying is restarted at once; one that dies sooner waits longer each time.
const HEALTHY_AFTER_MS = 10_000;
const STOP_TIMEOUT_MS = 15_000;

export async function runPrimary(config: Config): Promise<void> {
  if (!config.databaseUrl) {
    console.error(
      `\nLyceum cannot start: WORKERS=${config.workers} needs PostgreSQL (set DATABASE_URL). The embedded ` +
        'PGlite database lives in one data directory that only one process may open; without DATABASE_URL ' +
        'run a single server (WORKERS=1).\n',
    );
    process.exit(1);
  }
  let seed: SeedOutcome;
  try {
    const prepared = await prepareDatabase(config);
    seed = prepared.seed;
    await prepared.database.close();
  } catch (err) {
    console.error(`\nLyceum cannot start: ${(err as Error).message}\n`);
    process.exit(1);
  }

  const started = new Map<Worker, number>();
  const listening = new Set<Worker>();
  let everListened = false;
  let restartDelay = FIRST_RESTART_DELAY_MS;
  let closing = false;
  let exitCode = 0;

  const fork = () => started.set(cluster.fork(), Date.now());
  for (let i = 0; i < config.workers; i++) fork();

  cluster.on('listening', (worker, address) => {
    listening.add(worker);
    if (everListened || listening.size < config.workers) return;
    everListened = true;
    const url = `http://localhost:${address.port}`;
    console.log(banner(url, `${where(config)}, ${config.workers} worker processes`, seed));
  });

  cluster.on('exit', (worker, code, signal) => {
    const since = started.get(worker) ?? Date.now();
    const served = listening.has(worker);
    started.delete(worker);
    listening.delete(worker);
    if (closing) {
      if (!started.size) process.exit(exitCode);
      return;
    }
    // Workers that cannot start at all (a port in use, a bad setting) would fail forever: stop.
    if (!served && !everListened) {
      console.error('\nLyceum cannot start: a worker process failed before serving (see above).\n');
      stopAll(1);
      return;
    }
    const ranFor = Date.now() - since;
    const delay = ranFor >= HEALTHY_AFTER_MS ? 0 : restartDelay;
    restartDelay =
      ranFor >= HEALTHY_AFTER_MS ? FIRST_RESTART_DELAY_MS : Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
    console.error(
      `Worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another${delay ? ` in ${delay / 1000} s` : ''}.`,
    );
    setTimeout(() => {
      if (!closing) fork();
    }, delay);
  });

  function stopAll(code: number) {
    if (closing) return;
    closing = true;
    exitCode = code;
    const force = setTimeout(() => process.exit(1), STOP_TIMEOUT_MS);
    force.unref();
    if (!started.size) process.exit(exitCode);
    for (const worker of started.keys()) worker.process.kill('SIGTERM');
  }
  process.on('SIGTERM', () => stopAll(0));
  process.on('SIGINT', () => stopAll(0));
}
