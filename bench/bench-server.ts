// A server for the benchmarks, in its own process: `lyceum` is the real app on a fresh embedded
// database (or DATABASE_URL) with demo data; `web` is the same serving the built web app
// (apps/web/dist) too; `bare` is Fastify with one trivial route, the yardstick.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { openPrepared } from '../apps/server/src/platform/bootstrap';
import { seedDemo } from '../apps/server/src/seed/demo';
import { scratchDatabase } from './lib';

const mode = process.argv[2];
if (mode === 'bare') {
  const app = Fastify({ logger: false });
  app.post('/bare', async () => ({ code: 1, message: 'success', response: { ok: true } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`PORT=${(app.server.address() as { port: number }).port}`);
} else {
  // On PostgreSQL the benchmark gets a scratch database of its own, dropped when it is stopped.
  const scratch = await scratchDatabase('lyceum_bench');
  const database = await openPrepared({ databaseUrl: scratch.url, dataDir: null });
  // The bundle budget (`web`) opens the exam page on the demo practice exam, which needs the question
  // bank and its papers; the load benchmarks leave them out.
  await seedDemo(database.db, { password: 'bench-pass-2026', students: 40, questions: mode === 'web' });
  const app = await buildApp({
    db: database.db,
    logLevel: 'silent',
    filesDir: mkdtempSync(path.join(os.tmpdir(), 'lyceum-bench-files-')),
    webDist: mode === 'web' ? fileURLToPath(new URL('../apps/web/dist', import.meta.url)) : null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    await scratch.drop();
    process.exit(0);
  });
  console.log(`PORT=${(app.server.address() as { port: number }).port}`);
}
