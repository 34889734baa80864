import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db';
import { decodeRows, type RawRow, type Shape } from './sql-rows';

// The exam day's hottest raw statements, prepared (issue 29). Drizzle renders a `sql` template into
// text on every call, and PostgreSQL parses and plans unnamed text on every call; for a statement
// run a thousand times a second both are waste. A prepared statement renders its text once, with
// placeholders for what changes, and runs as a named statement: node-postgres parses it once per
// pooled connection (PGlite, in process, takes the text each time, which costs it nothing).
//
//   const save = preparedStatement('attempt_save', shape, (p) => sql`... where id = ${p('attemptId')}`);
//   const [row] = await save.run(db, { attemptId: 7 });
//
// Values that never change (a status code) may stay ordinary parameters of the template.

const dialect = new PgDialect();

export interface PreparedStatement<S extends Shape, K extends string> {
  run(db: DbOrTx, values: Record<K, unknown>): Promise<RawRow<S>[]>;
}

export function preparedStatement<S extends Shape, K extends string>(
  name: string,
  shape: S,
  build: (p: (key: K) => Placeholder<K>) => SQL,
): PreparedStatement<S, K> {
  let query: Query | null = null;
  return {
    async run(db, values) {
      query ??= dialect.sqlToQuery(build((key) => sql.placeholder(key)));
      const result = (await db._.session.prepareQuery(query, undefined, name, false).execute(values)) as {
        rows: Record<string, unknown>[];
      };
      return decodeRows(result.rows, shape);
    },
  };
}
