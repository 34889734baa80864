import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { syncPermissionCatalogue } from '../src/modules/role/role.service';
import { type Database, openDatabase } from '../src/platform/db';
import { seedDemo } from '../src/seed/demo';
import '../src/wiring';

// Migrating and seeding a fresh database costs seconds; the API tests do it once per run and per
// kind of demo, then start each test file from a copy: a dump of an in-memory PGlite, or a
// PostgreSQL database made with CREATE DATABASE ... TEMPLATE. Test time then grows with tests,
// not with files.

export const PASSWORD = 'demo-pass-2026';

// The kinds of demo the test files ask for (createTestApp options); others are built per file.
export const TEMPLATE_STUDENTS = [0, 12] as const;

export type DemoIds = Awaited<ReturnType<typeof seedDemo>>;
export interface Template {
  // A PGlite dump on disk, or a PostgreSQL template database.
  pglite?: string;
  postgres?: string;
  ids: DemoIds;
}
export type Templates = Record<string, Template>;
// The migrated, empty database of a project (a PGlite dump, or a PostgreSQL template database).
export interface Migrated {
  pglite?: string;
  postgres?: string;
}

export const templateKey = (students: number) => `students-${students}`;

export async function seed(database: Database, students: number, questions: boolean) {
  await database.migrate();
  await syncPermissionCatalogue(database.db);
  return seedDemo(database.db, { password: PASSWORD, students, reuseHash: true, questions });
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

// Builds the templates of one project and returns how to drop them. A migrated, empty database is
// made first (kept too: files asking for a demo without a template start from it), then each demo
// is seeded on a copy of it, so the migrations run once per project.
export async function buildTemplates(
  kind: 'pglite' | 'postgres',
): Promise<{ templates: Templates; migrated: Migrated; drop(): Promise<void> }> {
  const templates: Templates = {};
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-templates-'));
  const made: string[] = [];
  const base = process.env.DATABASE_URL;
  if (kind === 'pglite') {
    const empty = await openDatabase({ url: null, dataDir: null });
    await empty.migrate();
    await syncPermissionCatalogue(empty.db);
    const migrated = path.join(dir, 'migrated.tar');
    writeFileSync(migrated, Buffer.from(await (await empty.dump!()).arrayBuffer()));
    await empty.close();
    for (const students of TEMPLATE_STUDENTS) {
      const database = await openDatabase({ url: null, dataDir: null, template: pgliteTemplate(migrated) });
      const ids = await seed(database, students, false);
      const file = path.join(dir, `${templateKey(students)}.tar`);
      writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
      await database.close();
      templates[templateKey(students)] = { pglite: file, ids };
    }
    return {
      templates,
      migrated: { pglite: migrated },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!base) throw new Error('the PostgreSQL tests need DATABASE_URL');
  const suffix = randomBytes(4).toString('hex');
  const migrated = `lyceum_tpl_migrated_${suffix}`;
  await adminQuery(base, `create database ${migrated}`);
  made.push(migrated);
  const empty = await openDatabase({ url: databaseUrl(base, migrated), dataDir: null });
  await empty.migrate();
  await syncPermissionCatalogue(empty.db);
  await empty.close();
  for (const students of TEMPLATE_STUDENTS) {
    const name = `lyceum_tpl_${students}_${suffix}`;
    await adminQuery(base, `create database ${name} template ${migrated}`);
    made.push(name);
    const database = await openDatabase({ url: databaseUrl(base, name), dataDir: null });
    const ids = await seed(database, students, false);
    await database.close();
    templates[templateKey(students)] = { postgres: name, ids };
  }
  return {
    templates,
    migrated: { postgres: migrated },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
      for (const name of made.reverse()) await adminQuery(base, `drop database if exists ${name} with (force)`);
    },
  };
}

// A PGlite data directory dump, to start an in-memory database from.
export function pgliteTemplate(file: string): Blob {
  return new Blob([readFileSync(file)]);
}
