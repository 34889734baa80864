import { getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ChildCollection, declaredResources } from '../src/platform/resource';
import { createTestApp, type TestApp } from './harness';

// Every declared reference is a foreign key in the database (with the organisation), so no delete
// or race can leave an id pointing at nothing: plain reference columns, both sides of every link
// set's join table (a question's tags, a user's roles), and the parent and reference columns of
// every owned child collection (a paper's sections and items). No reference is kept in an array.

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
  const expectKey = (table: PgTable, column: PgColumn) => {
    const name = getTableConfig(table).name;
    checked++;
    if (!keys.has(`${name}(organization_id,${column.name})`)) missing.push(`${name}.${column.name}`);
  };
  const arrays: string[] = [];
  const walk = (spec: ChildCollection) => {
    expectKey(spec.table, spec.parent);
    const columns = getTableColumns(spec.table) as Record<string, PgColumn>;
    for (const field of Object.keys(spec.references ?? {})) expectKey(spec.table, columns[field]);
    for (const link of Object.values(spec.links ?? {})) {
      expectKey(link.table, link.owner);
      expectKey(link.table, link.target);
    }
    for (const sub of Object.values(spec.children ?? {})) walk(sub);
  };
  for (const r of declaredResources()) {
    for (const field of Object.keys(r.references)) {
      const column = r.columns[field];
      if (!column) continue;
      if (column.columnType === 'PgArray') arrays.push(`${r.def.name}.${field}`);
      else expectKey(r.def.table, column);
    }
    for (const link of Object.values(r.def.links ?? {})) {
      expectKey(link.table, link.owner);
      expectKey(link.table, link.target);
    }
    for (const spec of Object.values(r.def.children ?? {})) walk(spec);
  }
  expect(arrays).toEqual([]);
  expect(checked).toBeGreaterThan(20);
  expect(missing).toEqual([]);
});
