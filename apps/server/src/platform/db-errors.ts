import type { ErrorDetail, ErrorKey } from '@lyceum/contract';

// PostgreSQL error codes the engine turns into user messages; PGlite and pg both expose `code`,
// and drizzle may wrap the driver's error in `cause`.
export function pgErrorCode(err: unknown): string | null {
  return pgErrorOf(err)?.code ?? null;
}
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_EXCLUSION_VIOLATION = '23P01';

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
  name = name.replace(/_(uq|unique|key|pkey|fkey|fk|check|chk|ex|excl)$/, '');
  return /^[a-z][a-z0-9_]*$/.test(name) ? camel(name) : null;
}

// The time range of the row an exclusion constraint found in the way, from its detail
// `... conflicts with existing key (room_id, tstzrange(starts_at, ends_at))=(7, ["2035-01-10 08:00:00+00","…"))`:
// when it is taken, not whose it is (the other values are left unread).
function clashingRange(detail: string | undefined): { from: string; to: string } | null {
  const existing = detail?.split('conflicts with existing key')[1];
  const m = existing ? /[[(]"([^"]+)","([^"]+)"[\])]/.exec(existing) : null;
  return m ? { from: m[1]!, to: m[2]! } : null;
}

// What a database error that reached the error handler tells the user: the field when it can be
// named, never the SQL or its parameters. Null for errors that stay an unhandled 500.
export function describeDbError(err: unknown): { code: 500 | 501; detail: ErrorDetail } | null {
  const pg = pgErrorOf(err);
  if (!pg) return null;
  const refuse = (field: string, key: ErrorKey, params?: ErrorDetail['params']) => ({
    code: 501 as const,
    detail: { key, field, ...(params ? { params } : {}) } as ErrorDetail,
  });
  const column = pg.column ? camel(pg.column) : 'input';
  switch (pg.code) {
    case PG_UNIQUE_VIOLATION: {
      // Prefer the named field over the ids it is unique within (a category's name within its degree).
      const columns = keyColumns(pg.detail);
      const main = columns.find((c) => !c.endsWith('Id')) ?? columns[0] ?? constraintField(pg) ?? 'record';
      const others = columns.filter((c) => c !== main);
      return others.length
        ? refuse(main, 'alreadyExistsWith', { others: others.join(', ') })
        : refuse(main, 'alreadyExists');
    }
    case PG_FOREIGN_KEY_VIOLATION: {
      // A delete (or key change) of a row others point at, or a write pointing at a row gone meanwhile.
      if (pg.detail?.includes('is still referenced')) {
        return { code: 500, detail: { key: 'inUse', params: { by: pg.table ? words(pg.table) : 'other records' } } };
      }
      const field = keyColumns(pg.detail).at(-1) ?? constraintField(pg) ?? 'record';
      return { code: 500, detail: { key: 'referenceGone', field } };
    }
    case PG_EXCLUSION_VIOLATION: {
      // A time clash (a room, a teacher, a student booked twice at once): the field the constraint is
      // named for (`<table>_<field>_ex`), and when the row in the way is taken.
      const field = constraintField(pg) ?? 'time';
      const range = clashingRange(pg.detail);
      return range ? refuse(field, 'clashesWith', range) : refuse(field, 'clashes');
    }
    case '23502':
      return refuse(column, 'required');
    case '23514':
      return refuse(constraintField(pg) ?? 'input', 'notAllowedValue');
    case '22001':
      return refuse(column, 'dbTextTooLong');
    case '22P02':
    case '22007':
    case '22008':
      return refuse('input', 'dbBadValue');
    case '22003':
      return refuse('input', 'dbOutOfRange');
    case '22021':
    case '22P05':
      return refuse('input', 'dbBadCharacter');
    case '54001':
      return refuse('input', 'dbTooComplex');
    default:
      // Class 22 is "data exception": always a value the statement was given.
      return pg.code.startsWith('22') ? refuse('input', 'dbInvalid') : null;
  }
}
