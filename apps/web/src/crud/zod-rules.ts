import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

// The contract's messages are English; the common ones get a translation, the rest show as written.
const known: Record<string, string> = {
  'letters, digits and _ . @ - only': 'validation.userName',
  'not a phone number': 'validation.phone',
  'not an e-mail address': 'validation.email',
  'a user needs at least one role': 'validation.rolesRequired',
};

function describe(issue: z.core.$ZodIssue, t: TFunction): string {
  if (known[issue.message]) return t(known[issue.message]);
  if (issue.code === 'too_small' && issue.origin === 'string')
    return t('validation.min', { min: Number(issue.minimum) });
  if (issue.code === 'too_big' && issue.origin === 'string') return t('validation.max', { max: Number(issue.maximum) });
  return issue.message || t('validation.invalid');
}

// Turns a field schema of the contract into an antd form rule, so the form checks what the server checks.
export function zodRule(schema: z.ZodType, t: TFunction): Rule {
  return {
    validator: async (_, value: unknown) => {
      if (value === undefined || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(describe(result.error.issues[0], t));
    },
  };
}
