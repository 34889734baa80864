// PostgreSQL error codes the engine turns into user messages; PGlite and pg both expose `code`,
// and drizzle may wrap the driver's error in `cause`.
export function pgErrorCode(err: unknown): string | null {
  let e: unknown = err;
  for (let depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
