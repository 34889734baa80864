import { type ErrorDetail, isErrorKey } from '@lyceum/contract';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

// The contract's messages are English; the common ones get a translation, the rest show as written.
const known: Record<string, string> = {
  'letters, digits and _ . @ - only': 'validation.userName',
  'not a phone number': 'validation.phone',
  'not an e-mail address': 'validation.email',
  'a user needs at least one role': 'validation.rolesRequired',
  'a colour like #1677ff': 'validation.color',
  'a date like 2026-09-01': 'validation.date',
  'must be an http(s) address or an uploaded file': 'validation.link',
};

function describe(issue: z.core.$ZodIssue, t: TFunction): string {
  if (known[issue.message]) return t(known[issue.message]);
  if (issue.code === 'too_small' && issue.origin === 'string')
    return t('validation.min', { min: Number(issue.minimum) });
  if (issue.code === 'too_big' && issue.origin === 'string') return t('validation.max', { max: Number(issue.maximum) });
  if (issue.code === 'too_small' && issue.origin === 'number')
    return t('validation.minValue', { min: Number(issue.minimum) });
  if (issue.code === 'too_big' && issue.origin === 'number')
    return t('validation.maxValue', { max: Number(issue.maximum) });
  // A whole number expected (`.int()`): a typed 2.5 is refused, never rounded.
  if (issue.code === 'invalid_type' && issue.expected === 'int') return t('validation.integer');
  if (issue.code === 'invalid_format' || issue.code === 'invalid_value') return t('validation.invalid');
  return issue.message || t('validation.invalid');
}

// Turns a field schema of the contract into an antd form rule, so the form checks what the server checks.
export function zodRule(schema: z.ZodType, t: TFunction): Rule {
  return {
    validator: async (_, value: unknown) => {
      // Emptiness is the `required` rule's business.
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(describe(result.error.issues[0], t));
    },
  };
}

// The value a schema gives an absent field (its default), or undefined when it has none.
export function defaultOf(schema: z.ZodType): unknown {
  const result = schema.safeParse(undefined);
  return result.success ? result.data : undefined;
}

// Whether the server takes null for "no value" in this field (optional texts and references).
export function acceptsNull(schema: z.ZodType): boolean {
  return schema.safeParse(null).success;
}

// A form's checks across fields, as the contract's schema makes them (an end after its start, a
// target list its range needs), run before sending: each coded problem with the field it belongs to.
export function codedProblems(schema: z.ZodType, body: unknown): { field: string; detail: ErrorDetail }[] {
  const result = schema.safeParse(body);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => {
    const coded = (issue as { params?: { error?: { key: string; params?: Record<string, string | number> } } }).params
      ?.error;
    if (issue.code !== 'custom' || !coded || !isErrorKey(coded.key)) return [];
    const field = issue.path.join('.');
    return [{ field, detail: { key: coded.key, field, params: coded.params } as ErrorDetail }];
  });
}
