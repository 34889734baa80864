import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { syncPermissionCatalogue } from '../src/modules/role/role.service';
import { type Database, openDatabase } from '../src/platform/db';
import { seedDemo } from '../src/seed/demo';

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

// Builds the templates of one project (PGlite or PostgreSQL) and returns how to drop them.
export async function buildTemplates(
  kind: 'pglite' | 'postgres',
): Promise<{ templates: Templates; drop(): Promise<void> }> {
  const templates: Templates = {};
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-templates-'));
  const made: string[] = [];
  const base = process.env.DATABASE_URL;
  for (const students of TEMPLATE_STUDENTS) {
    if (kind === 'pglite') {
      const database = await openDatabase({ url: null, dataDir: null });
      const ids = await seed(database, students, false);
      const file = path.join(dir, `${templateKey(students)}.tar`);
      writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
      await database.close();
      templates[templateKey(students)] = { pglite: file, ids };
    } else {
      if (!base) throw new Error('the PostgreSQL tests need DATABASE_URL');
      const name = `lyceum_tpl_${students}_${randomBytes(4).toString('hex')}`;
      await adminQuery(base, `create database ${name}`);
      made.push(name);
      const database = await openDatabase({ url: databaseUrl(base, name), dataDir: null });
      const ids = await seed(database, students, false);
      await database.close();
      templates[templateKey(students)] = { postgres: name, ids };
    }
  }
  return {
    templates,
    async drop() {
      rmSync(dir, { recursive: true, force: true });
      for (const name of made) await adminQuery(base!, `drop database if exists ${name} with (force)`);
    },
  };
}
