// PostgreSQL error codes the engine turns into user messages; PGlite and pg both expose `code`,
// and drizzle may wrap the driver's error in `cause`.
export function pgErrorCode(err: unknown): string | null {
  return pgErrorOf(err)?.code ?? null;
}
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

// The fields of a PostgreSQL error the platform reads (PGlite and pg both carry them).
export interface PgError {
  code: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export function pgErrorOf(err: unknown): PgError | null {
  let e: unknown = err;
  for (let depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const words = (name: string) => name.replace(/_/g, ' ');

// The columns a unique or foreign-key violation is about, from its detail
// `Key (organization_id, lower(name))=(...) ...`; the tenant column names nothing the user chose.
// The values after `=` are never read: they are the user's data (or a hash).
function keyColumns(detail: string | undefined): string[] {
  const m = detail ? /^Key \((.*?)\)=\(/.exec(detail) : null;
  if (!m) return [];
  return m[1]
    .split(',')
    .map((part) => part.replace(/^.*\(/, '').replace(/\).*$/, '').trim())
    .filter((c) => /^[a-z_][a-z0-9_]*$/.test(c) && c !== 'organization_id')
    .map(camel);
}

// A field name from a constraint named `<table>_<field>_uq` (or _key, _fkey, _check), e.g. the
// partial unique index `semesters_current_uq` whose only column is the organisation.
function constraintField(pg: PgError): string | null {
  let name = pg.constraint ?? '';
  if (pg.table && name.startsWith(`${pg.table}_`)) name = name.slice(pg.table.length + 1);
  name = name.replace(/_(uq|unique|key|pkey|fkey|fk|check|chk)$/, '');
  return /^[a-z][a-z0-9_]*$/.test(name) ? camel(name) : null;
}

// What a database error that reached the error handler tells the user: the field when it can be
// named, never the SQL or its parameters. Null for errors that stay an unhandled 500.
export function describeDbError(err: unknown): { code: 500 | 501; message: string } | null {
  const pg = pgErrorOf(err);
  if (!pg) return null;
  switch (pg.code) {
    case PG_UNIQUE_VIOLATION: {
      // Prefer the named field over the ids it is unique within (a category's name within its degree).
      const columns = keyColumns(pg.detail);
      const main = columns.find((c) => !c.endsWith('Id')) ?? columns[0] ?? constraintField(pg) ?? 'record';
      const others = columns.filter((c) => c !== main);
      return {
        code: 501,
        message: `${main}: already exists${others.length ? ` (with the same ${others.join(', ')})` : ''}`,
      };
    }
    case PG_FOREIGN_KEY_VIOLATION: {
      // A delete (or key change) of a row others point at, or a write pointing at a row gone meanwhile.
      if (pg.detail?.includes('is still referenced')) {
        return { code: 500, message: `This record is still in use${pg.table ? ` by ${words(pg.table)}` : ''}` };
      }
      const field = keyColumns(pg.detail).at(-1) ?? constraintField(pg) ?? 'record';
      return { code: 500, message: `${field}: refers to a record that no longer exists` };
    }
    case '23502':
      return { code: 501, message: `${pg.column ? camel(pg.column) : 'input'}: is required` };
    case '23514':
      return { code: 501, message: `${constraintField(pg) ?? 'input'}: is not an allowed value` };
    case '22001':
      return { code: 501, message: `${pg.column ? camel(pg.column) : 'input'}: a text is too long` };
    case '22P02':
    case '22007':
    case '22008':
      return { code: 501, message: 'input: a value is not valid for its type (a number or a date)' };
    case '22003':
      return { code: 501, message: 'input: a number is out of range' };
    case '22021':
    case '22P05':
      return { code: 501, message: 'input: contains a character the database cannot store' };
    case '54001':
      return { code: 501, message: 'input: is too complex' };
    default:
      // Class 22 is "data exception": always a value the statement was given.
      return pg.code.startsWith('22') ? { code: 501, message: 'input: a value is not valid for the database' } : null;
  }
}
