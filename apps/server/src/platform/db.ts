import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { repoRoot } from '../config';
import * as schema from '../db/schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// Queries that may run on one transaction's connection, run one after the other: node-postgres queues
// parallel queries on a client today and will refuse them in pg 9, and PGlite runs one at a time anyway.
export async function inTurn<T extends readonly unknown[]>(
  ...steps: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  const out: unknown[] = [];
  for (const step of steps) out.push(await step());
  return out as unknown as T;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  // Runs fn while no other process runs its own (PostgreSQL: a session advisory lock), so servers
  // started together on one database migrate, sync and seed one after the other.
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  // An in-memory PGlite's whole data directory, to start other databases from (test templates).
  dump?: () => Promise<Blob>;
}

export const migrationsFolder = path.join(repoRoot, 'apps/server/src/db/migrations');

// PGlite has no lock of its own and two processes on one data directory corrupt it, so the
// server holds a lock file with its pid and refuses to start while a live process holds it.
function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'lyceum.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && isAlive(pid)) {
        throw new Error(
          `Another Lyceum server (pid ${pid}) is already using the embedded database in ${dir}. ` +
            'Stop it first, or point DATA_DIR at another folder.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// `dataDir` null means an in-memory PGlite (tests), started from `template` when given (a dump of
// another one); a URL means a PostgreSQL server.
export async function openDatabase(opts: {
  url: string | null;
  dataDir: string | null;
  template?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, application_name: `lyceum ${process.pid}` });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const db: Db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      async exclusively(fn) {
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock(7300)');
          return await fn();
        } finally {
          await holder.query('select pg_advisory_unlock(7300)').catch(() => {});
          holder.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let unlock = () => {};
  let client: PGlite;
  // The extensions the schema relies on: trigram indexes for keyword filters, and btree_gist for
  // exclusion constraints that mix equality with range overlap (a room booked twice at once).
  const extensions = { pg_trgm, btree_gist };
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(opts.dataDir);
    client = new PGlite(dir, { extensions });
  } else {
    client = new PGlite({ extensions, ...(opts.template ? { loadDataDir: opts.template } : {}) });
  }
  await client.waitReady;
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    // The data directory is locked to this process already.
    exclusively: (fn) => fn(),
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
