import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { declaredResources } from '../src/platform/resource';
import { createTestApp, type TestApp } from './harness';

// Every declared reference held in a plain column is a foreign key in the database (with the
// organisation), so no delete or race can leave an id pointing at nothing. Array references
// (tag ids) are checked by the engine on write and by "used by" on delete until join tables come.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ students: 0 });
});
afterAll(() => t.close());

it('every reference column of every declared resource has a foreign key with the organisation', async () => {
  const result: unknown = await t.database.db.execute(sql`
    select c.conrelid::regclass::text as table_name,
           string_agg(a.attname, ',' order by k.n) as columns
    from pg_constraint c
    cross join lateral unnest(c.conkey) with ordinality as k(attnum, n)
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
    where c.contype = 'f'
    group by c.oid, c.conrelid`);
  // PGlite and pg both answer with { rows }.
  const rows = (result as { rows: { table_name: string; columns: string }[] }).rows;
  const keys = new Set(rows.map((r) => `${r.table_name.replace(/"/g, '')}(${r.columns})`));
  const missing: string[] = [];
  let checked = 0;
  for (const r of declaredResources()) {
    const table = getTableConfig(r.def.table).name;
    for (const field of Object.keys(r.references)) {
      const column = r.columns[field];
      if (!column || column.columnType === 'PgArray') continue;
      checked++;
      if (!keys.has(`${table}(organization_id,${column.name})`)) missing.push(`${table}.${column.name}`);
    }
  }
  expect(checked).toBeGreaterThan(10);
  expect(missing).toEqual([]);
});
