import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { purgeExpired } from './modules/auth/session.service';
import { openPrepared, seedIfEmpty } from './platform/bootstrap';

const config = loadConfig();
let database: Awaited<ReturnType<typeof openPrepared>>;
try {
  database = await openPrepared(config);
} catch (err) {
  console.error(`\nLyceum cannot start: ${(err as Error).message}\n`);
  process.exit(1);
}
const filesDir = path.join(config.dataDir, 'files');
const { seeded, generated } = await seedIfEmpty(database, config.demoPassword, filesDir);
await purgeExpired(database.db);

const app = await buildApp({
  db: database.db,
  logLevel: config.logLevel,
  webDist: config.webDist,
  filesDir,
  startJobs: true,
});
const housekeeping = setInterval(
  () => void purgeExpired(database.db).catch((err) => app.log.error({ err })),
  3_600_000,
);
housekeeping.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, shutting down`);
  clearInterval(housekeeping);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
const lines = [
  '',
  `  Lyceum is running at ${url}   (database: ${where})`,
  `  API docs: ${url}/api/docs`,
  `  Log in at ${url}/demo/login as admin, teacher or student (organisation "demo"; "north" is a second one).`,
];
if (generated) {
  lines.push(`  Demo password (generated now, shown only this once): ${generated}`);
  lines.push('  Set LYCEUM_DEMO_PASSWORD before the first start to choose it yourself.');
} else if (seeded) {
  lines.push('  Demo password: the value of LYCEUM_DEMO_PASSWORD.');
} else {
  lines.push('  Demo users keep the password set when the demo data was created.');
}
console.log(`${lines.join('\n')}\n`);
