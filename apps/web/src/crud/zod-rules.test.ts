import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodRule } from './zod-rules';

// The form's number rules refuse what the contract refuses, with words: a typed 2.5 in a whole-number
// field is an error ("A whole number"), never rounded to 3 on the way (issue 36).
const t = ((key: string) => key) as unknown as TFunction;
const check = (schema: z.ZodType, value: unknown) =>
  (zodRule(schema, t) as { validator: (rule: unknown, value: unknown) => Promise<void> }).validator({}, value);

describe('zodRule', () => {
  it('refuses a fraction in a whole-number field', async () => {
    await expect(check(z.number().int().min(1), 2.5)).rejects.toThrow('validation.integer');
    await expect(check(z.number().int().min(1), 3)).resolves.toBeUndefined();
  });

  it('names the bound a number passes', async () => {
    await expect(check(z.number().int().min(1), 0)).rejects.toThrow('validation.minValue');
    await expect(check(z.number().max(100), 101)).rejects.toThrow('validation.maxValue');
  });
});
