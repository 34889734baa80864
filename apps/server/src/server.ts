import path from 'node:path';
import { buildApp } from './app';
import type { Config } from './config';
import { purgeExpired } from './modules/auth/session.service';
import { loadPermissionCatalogue } from './modules/role/role.service';
import { openPrepared, seedIfEmpty } from './platform/bootstrap';
import { type BusListener, startBusListener } from './platform/bus';
import { type Database, openDatabase } from './platform/db';

export interface SeedOutcome {
  seeded: boolean;
  generated: string | null;
}

// Migrates, syncs the menu catalogue, seeds an empty database and drops expired sessions: what
// happens once per start, in the single server or in the cluster's primary.
export async function prepareDatabase(config: Config): Promise<{ database: Database; seed: SeedOutcome }> {
  const database = await openPrepared(config);
  try {
    const seed = await seedIfEmpty(database, config.demoPassword, filesDirOf(config));
    await purgeExpired(database.db);
    return { database, seed };
  } catch (err) {
    await database.close();
    throw err;
  }
}

const filesDirOf = (config: Config) => path.join(config.dataDir, 'files');

export function where(config: Config): string {
  return config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
}

export function banner(url: string, database: string, seed: SeedOutcome): string {
  const lines = [
    '',
    `  Lyceum is running at ${url}   (database: ${database})`,
    `  API docs: ${url}/api/docs`,
    `  Log in at ${url}/demo/login as admin, academic, teacher or student (organisation "demo"; "north" is a second one).`,
  ];
  if (seed.generated) {
    lines.push(`  Demo password (generated now, shown only this once): ${seed.generated}`);
    lines.push('  Set LYCEUM_DEMO_PASSWORD before the first start to choose it yourself.');
  } else if (seed.seeded) {
    lines.push('  Demo password: the value of LYCEUM_DEMO_PASSWORD.');
  } else {
    lines.push('  Demo users keep the password set when the demo data was created.');
  }
  return `${lines.join('\n')}\n`;
}

// One server process: the whole server (`single`), or a cluster worker whose primary has already
// prepared the database. On PostgreSQL it listens on the change bus, so permission changes made
// by other processes reach it when they commit.
export async function runServer(config: Config, mode: 'single' | 'worker'): Promise<void> {
  let database: Database;
  let seed: SeedOutcome = { seeded: false, generated: null };
  let listener: BusListener | null = null;
  try {
    if (mode === 'single') {
      ({ database, seed } = await prepareDatabase(config));
    } else {
      database = await openDatabase({ url: config.databaseUrl, dataDir: null });
      await loadPermissionCatalogue(database.db);
    }
    if (config.databaseUrl) listener = await startBusListener(config.databaseUrl);
  } catch (err) {
    console.error(`\nLyceum cannot start: ${(err as Error).message}\n`);
    process.exit(1);
  }

  const app = await buildApp({
    db: database.db,
    logLevel: config.logLevel,
    webDist: config.webDist,
    filesDir: filesDirOf(config),
    trustProxy: config.trustProxy,
    testClock: config.testClock,
    startJobs: true,
    jobOptions: { leaseMs: config.jobLeaseMs },
  });
  const housekeeping = setInterval(
    () => void purgeExpired(database.db).catch((err) => app.log.error({ err })),
    3_600_000,
  );
  housekeeping.unref();

  let closing = false;
  async function shutdown(reason: string) {
    if (closing) return;
    closing = true;
    app.log.info(`${reason}, shutting down`);
    clearInterval(housekeeping);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await listener?.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM received'));
  if (mode === 'worker') {
    // Ctrl-C reaches every process of the group; the primary decides and sends SIGTERM to each
    // worker, so a worker never stops on its own and gets restarted halfway through a shutdown.
    process.on('SIGINT', () => {});
    process.on('disconnect', () => void shutdown('the primary process is gone'));
  } else {
    process.on('SIGINT', () => void shutdown('SIGINT received'));
  }

  // Below info level, requests are not logged one by one: a minute that served any gets one line.
  if (!['info', 'debug', 'trace'].includes(config.logLevel)) {
    let served = 0;
    let failed = 0;
    app.addHook('onResponse', async (_req, reply) => {
      served++;
      if (reply.statusCode >= 500) failed++;
    });
    const summary = setInterval(() => {
      if (!served) return;
      const time = new Date().toISOString().slice(11, 16);
      console.log(`  ${time} ${served} requests in the last minute${failed ? `, ${failed} failed (5xx)` : ''}`);
      served = 0;
      failed = 0;
    }, 60_000);
    summary.unref();
  }

  await app.listen({ port: config.port, host: config.host });
  if (mode === 'single') {
    const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
    console.log(banner(url, where(config), seed));
  }
}
