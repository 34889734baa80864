import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import type { EnumLabel } from './labels';

// Field builders shared by every module so the same rule reads the same everywhere.
export const zId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const zIdParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const zIds = z.array(zId).min(1).max(1000);
export const zDateTime = z.string().describe('ISO 8601 date-time');

export function zText(max: number, min = 1) {
  return z.string().trim().min(min).max(max);
}

// Optional free text: '' and null both mean "no value", stored as null.
export function zOptionalText(max: number, pattern?: RegExp, patternMessage?: string) {
  let s = z.string().trim().max(max);
  if (pattern) s = s.regex(pattern, patternMessage);
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
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const zDomain = z
  .string()
  .trim()
  .toLowerCase()
  .min(2)
  .max(32)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'lower-case letters, digits and inner hyphens only');

export const zUserName = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[A-Za-z0-9_.@-]+$/, 'letters, digits and _ . @ - only');

export const zPhone = zOptionalText(20, /^\+?[0-9][0-9 -]{4,19}$/, 'not a phone number');
export const zEmail = zOptionalText(254, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'not an e-mail address');
export const zColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1677ff');
