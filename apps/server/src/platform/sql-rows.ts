import { type Column, type SQL, sql, type Table } from 'drizzle-orm';
import type { DbOrTx } from './db';

// Shared SQL helpers for raw statements (issue 28: they lived in the exam module and twelve files
// elsewhere reached into it for them).

type Row = Record<string, unknown>;

// The rows of a raw statement as the driver gives them (PGlite and pg both answer `{ rows }`); a
// product query types them with typedRows below, from the columns they are read from.
export async function rows<T extends Row>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// Ids as a comma-separated list of parameters, for `in (...)`.
export const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

// The few statements kept raw (the tuned exam-day statements, CTEs and JSON walks the builder cannot
// say) still take their row types from the tables: each returned key names the column it is read from, so its
// type and its value come from the column's own mapping (timestamps as Dates, as the builder gives
// them), or a decoder for a value computed in SQL.

type Decoder = Column | ((value: unknown) => unknown);
export type Shape = Record<string, Decoder>;
type Value<D> = D extends Column
  ? D['_']['notNull'] extends true
    ? D['_']['data']
    : D['_']['data'] | null
  : D extends (value: unknown) => infer R
    ? R
    : never;
export type RawRow<S extends Shape> = { [K in keyof S]: Value<S[K]> };

// A column's value is null when SQL gave null (a column read through an outer join: use orNull);
// a decoder sees every value, null included.
export async function typedRows<S extends Shape>(db: DbOrTx, query: SQL, shape: S): Promise<RawRow<S>[]> {
  return decodeRows(await rows(db, query), shape);
}

// The same for rows already fetched (a prepared statement's: platform/prepared.ts).
export function decodeRows<S extends Shape>(raw: Row[], shape: S): RawRow<S>[] {
  return raw.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [key, decode] of Object.entries(shape)) {
      const v = r[key];
      if (typeof decode === 'function') out[key] = decode(v);
      else out[key] = v == null ? null : decode.mapFromDriverValue(v);
    }
    return out as RawRow<S>;
  });
}

// A column that may come back null (an outer join, a scalar subquery that found nothing).
export const orNull =
  <C extends Column>(column: C) =>
  (v: unknown): C['_']['data'] | null =>
    v == null ? null : (column.mapFromDriverValue(v) as C['_']['data']);

// Values computed in SQL: counts and bigints (strings from the driver), flags, id arrays.
export const num = (v: unknown): number => Number(v ?? 0);
export const flag = (v: unknown): boolean => Boolean(v);
export const ids = (v: unknown): number[] | null => (Array.isArray(v) ? v.map(Number) : null);

// After a bulk write of `rows` rows the planner's statistics are stale until autovacuum comes by (and
// some servers run without it): refresh them for the tables written, so the next queries use the
// indexes. Below the threshold the old statistics are good enough.
const ANALYZE_AFTER = 1000;
export async function refreshStatistics(db: DbOrTx, rows: number, ...tables: Table[]): Promise<void> {
  if (rows < ANALYZE_AFTER) return;
  for (const table of tables) await db.execute(sql`analyze ${table}`);
}
