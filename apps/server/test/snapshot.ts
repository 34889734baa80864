import { getTableColumns, getTableName, is, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema';
import type { DbOrTx } from '../src/platform/db';

// Tables that change on their own (sessions, logs, throttling) or only record activity.
const VOLATILE_TABLES = new Set([
  'sessions',
  'handoff_secrets',
  'login_logs',
  'operation_logs',
  'trusted_devices',
  'api_keys',
]);
const VOLATILE_COLUMNS = new Set(['lastActiveTime', 'updateTime']);

// Each table's rows as text (volatile columns left out), in one order whatever order the database
// keeps them in, hashed in the database: the test compares a few dozen short strings per call
// instead of fetching every row of every table.
function tableDigest(name: string, table: PgTable, where: SQL): SQL {
  const columns = Object.entries(getTableColumns(table))
    .filter(([key]) => !VOLATILE_COLUMNS.has(key))
    .map(([, column]) => sql.identifier(column.name));
  return sql`select ${name} as name, count(*)::int as n, md5(coalesce(string_agg(r, E'\\n' order by r), '')) as digest
    from (select row(${sql.join(columns, sql`, `)})::text as r from ${table} where ${where}) rows`;
}

// The tables an organisation owns (those with organization_id), with that column.
const owned: { table: PgTable; org: PgColumn }[] = [];
for (const value of Object.values(schema) as unknown[]) {
  if (!is(value, PgTable) || VOLATILE_TABLES.has(getTableName(value))) continue;
  const org = (getTableColumns(value) as Record<string, PgColumn>).organizationId;
  if (org) owned.push({ table: value, org });
}

// Everything an organisation owns that calls could change, as one digest per table ("12 rows, md5"),
// computed by one statement. Compare two with toEqual (the diff names the tables that changed) or
// with changedTables.
export async function snapshotOrganization(db: DbOrTx, orgId: number): Promise<Record<string, string>> {
  const parts = owned.map(({ table, org }) => tableDigest(getTableName(table), table, sql`${org} = ${orgId}`));
  parts.push(tableDigest('organizations', schema.organizations, sql`${schema.organizations.id} = ${orgId}`));
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { name: string; n: number; digest: string }[];
  };
  return Object.fromEntries(result.rows.map((r) => [r.name, `${r.n} rows, ${r.digest}`]));
}

// The tables whose digest differs between two snapshots.
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

// A cheap "has anything been written since": a statement trigger on every table a snapshot digests
// draws from one sequence. Sequences are not transactional and take no row locks, so the trigger
// cannot make the app's transactions wait on each other; a rolled-back write still draws a number,
// which only means a digest is taken where none was needed. Callers take a full snapshot only when the
// mark moved (the fuzz does so after each of its ~700 routes, most of which write nothing).
export async function installWriteMark(db: DbOrTx): Promise<() => Promise<string>> {
  const tables = [...owned.map(({ table }) => getTableName(table)), 'organizations'];
  await db.execute(sql.raw('create sequence if not exists test_write_mark'));
  await db.execute(
    sql.raw(`create or replace function test_write_mark() returns trigger language plpgsql as $$
      begin perform nextval('test_write_mark'); return null; end $$`),
  );
  for (const name of tables) {
    const table = `"${name.replace(/"/g, '""')}"`;
    await db.execute(sql.raw(`drop trigger if exists test_write_mark on ${table}`));
    await db.execute(
      sql.raw(
        `create trigger test_write_mark after insert or update or delete or truncate on ${table} for each statement execute function test_write_mark()`,
      ),
    );
  }
  return async () => {
    const result = (await db.execute(
      sql.raw('select last_value::text as v, is_called from test_write_mark'),
    )) as unknown as {
      rows: { v: string; is_called: boolean }[];
    };
    const row = result.rows[0];
    return `${row.v}:${row.is_called}`;
  };
}
