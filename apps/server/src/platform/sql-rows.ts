import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './db';

// Shared SQL helpers for raw statements (issue 28: they lived in the exam module and twelve files
// elsewhere reached into it for them).

type Row = Record<string, unknown>;

// The rows of a raw statement, typed by the caller (PGlite and pg both answer `{ rows }`).
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
