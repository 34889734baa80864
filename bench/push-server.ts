// The server of the live-updates benchmark (push.bench.ts): the real app with its background jobs
// and, on PostgreSQL, a change-bus listener, as server.ts runs it, on a database the benchmark
// prepared (BENCH_DATABASE_URL, or BENCH_DATA_DIR for the embedded PGlite). Started with
// --expose-gc: one extra route, /bench/memory, collects garbage and answers process.memoryUsage(),
// so the memory a stream holds is read without the garbage lying around.
import { buildApp } from '../apps/server/src/app';
import { openPrepared } from '../apps/server/src/platform/bootstrap';
import { startBusListener } from '../apps/server/src/platform/bus';

const url = process.env.BENCH_DATABASE_URL || null;
const dataDir = process.env.BENCH_DATA_DIR || null;
const filesDir = process.env.BENCH_FILES_DIR;
if ((!url && !dataDir) || !filesDir) throw new Error('push-server needs BENCH_FILES_DIR and a database');
const database = await openPrepared({ databaseUrl: url, dataDir });
const listener = url ? await startBusListener(url) : null;
const app = await buildApp({ db: database.db, logLevel: 'warn', filesDir, webDist: null, startJobs: true });

const gc = (globalThis as { gc?: () => void }).gc;
app.get('/bench/memory', async () => {
  gc?.();
  gc?.();
  return process.memoryUsage();
});

process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await listener?.close();
    await database.close();
    process.exit(0);
  })();
});

await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`PORT=${(app.server.address() as { port: number }).port}`);
