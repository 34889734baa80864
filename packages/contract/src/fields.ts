import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { codedIssue, type FormatKey, formatRegex } from './errors';
import type { EnumLabel } from './labels';
import { appPathSegments } from './menu-areas';

// Field builders shared by every module so the same rule reads the same everywhere.
export const zId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
// Path ids are decimal digits only: `0x3b`, `59e0`, ` 59`, `059` or `1.0` are refused, not read as 59.
export const zIdParam = z.object({ id: zDecimalId() });
export const zIds = z.array(zId).min(1).max(1000);
export const zDateTime = z.string().describe('ISO 8601 date-time');

export function zText(max: number, min = 1) {
  return z.string().trim().min(min).max(max);
}

// Optional free text: '' and null both mean "no value", stored as null.
export function zOptionalText(max: number, pattern?: RegExp, format?: FormatKey) {
  let s = z.string().trim().max(max);
  if (pattern) s = s.regex(...formatRegex(pattern, format ?? 'pattern'));
  return z
    .union([s, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));
}

export function zEnum<V extends number>(labels: Record<V, EnumLabel>) {
  const values = Object.keys(labels).map(Number) as [V, ...V[]];
  return z.literal(values, { error: `must be one of ${values.join(', ')}` });
}

export const zPassword = z
  .string()
  .min(PASSWORD_MIN, codedIssue('tooShort', { min: PASSWORD_MIN }))
  .max(PASSWORD_MAX, codedIssue('tooLong', { max: PASSWORD_MAX }));

export const zDomain = z
  .string()
  .trim()
  .toLowerCase()
  .min(2)
  .max(32)
  .regex(...formatRegex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'domain'))
  .refine((d) => !appPathSegments.has(d), codedIssue('reservedDomain'));

export const zUserName = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(...formatRegex(/^[A-Za-z0-9_.@-]+$/, 'userName'));

export const zPhone = zOptionalText(20, /^\+?[0-9][0-9 -]{4,19}$/, 'phone');
export const zEmail = zOptionalText(254, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'email');
export const zColor = z.string().regex(...formatRegex(/^#[0-9a-fA-F]{6}$/, 'colour'));

// An id sent as text (a path segment): no sign, exponent, hex, spaces or leading zeros; a number
// (from JSON) must be a positive whole number too. The OpenAPI type stays the number it becomes.
export function zDecimalId() {
  const error = codedIssue('invalidFormat', { format: 'positiveId' });
  return z.preprocess(
    (v) => (typeof v === 'string' && /^[1-9][0-9]{0,15}$/.test(v) ? Number(v) : v),
    z.number(error).int(error).positive(error).max(Number.MAX_SAFE_INTEGER, error),
  );
}

// A whole number sent as query-string text: decimal digits with an optional minus sign only, then
// checked by `schema` (z.coerce.number would take `0x1`, `1e0`, ` 1` and '' as numbers).
export function zQueryInt<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && /^-?(0|[1-9][0-9]{0,15})$/.test(v) ? Number(v) : v), schema);
}

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

// A calendar date that exists (no 2026-02-31, no year 0), with an optional ISO 8601 time.
export function isRealDateText(text: string, accept: 'date' | 'date-time' | 'any' = 'any'): boolean {
  const m = DATE_TEXT.exec(text);
  if (!m) return false;
  const hasTime = m[4] !== undefined;
  if ((accept === 'date' && hasTime) || (accept === 'date-time' && !hasTime)) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (years 1-99 map to 1901-1999: same leap years).
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  if (hasTime) {
    if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return false;
    if (m[8] !== undefined && (Number(m[8]) > 14 || Number(m[9]) > 59)) return false;
  }
  // The instant itself must stay within years 1-9999 too (9999-12-31T23:59-14:00 is in year 10000).
  const instant = Date.parse(text);
  if (Number.isNaN(instant)) return false;
  const instantYear = new Date(instant).getUTCFullYear();
  return instantYear >= 1 && instantYear <= 9999;
}

// A date (`2026-09-01`) or date-time (`2026-09-01T08:00:00Z`) that comes in as text: a filter bound
// or a field the database stores as a date. The text is kept; it always parses with `new Date()`.
export function zDateText(accept: 'date' | 'date-time' | 'any' = 'any') {
  const format = accept === 'date' ? 'date' : accept === 'date-time' ? 'dateTime' : 'dateOrDateTime';
  return z
    .string()
    .max(40)
    .refine((s) => isRealDateText(s, accept), codedIssue('invalidFormat', { format }))
    .describe(accept === 'date' ? 'ISO 8601 date' : 'ISO 8601 date or date-time');
}

// Links (document and resource URLs, avatars, logos) end up in href and src attributes, so only
// http(s) addresses and the file service's own paths are taken: never javascript:, data: or the like.
const FILE_PATH = /^\/api\/file\/(?:public\/)?[1-9][0-9]*$/;
const LINK_ISSUE = codedIssue('invalidFormat', { format: 'link' });

function isLink(value: string): boolean {
  if (FILE_PATH.test(value)) return true;
  // Browsers drop tabs and newlines inside a URL (java\tscript:); no real link has control characters.
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return false;
  try {
    // new URL rather than URL.canParse, which older browsers running the same check lack.
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function zLink(max: number) {
  return zText(max).refine(isLink, LINK_ISSUE);
}

// Optional link: '' and null both mean "no link", stored as null (shaped as zOptionalText, so the
// OpenAPI document is unchanged).
export function zOptionalLink(max: number) {
  return z
    .union([z.string().trim().max(max).refine(isLink, LINK_ISSUE), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));
}
