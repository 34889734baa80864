import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema';
import type { Db } from '../src/platform/db';

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

function tableName(t: PgTable): string {
  return (t as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')];
}

// Everything an organisation owns that calls could change, as one comparable string.
export async function snapshotOrganization(db: Db, orgId: number): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const value of Object.values(schema)) {
    const table = value as PgTable;
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    if (!columns.organizationId || VOLATILE_TABLES.has(tableName(table))) continue;
    const pick = Object.fromEntries(Object.entries(columns).filter(([k]) => !VOLATILE_COLUMNS.has(k)));
    const rows = await db.select(pick).from(table).where(eq(columns.organizationId, orgId));
    out[tableName(table)] = rows.map((r) => JSON.stringify(r)).sort();
  }
  const [org] = await db.select().from(schema.organizations).where(eq(schema.organizations.id, orgId));
  out.organization = { ...org, updateTime: null };
  return JSON.stringify(out);
}
