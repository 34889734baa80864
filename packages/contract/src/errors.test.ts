import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userStatusLabels } from './enums/user-status';
import { ERRORS, errorMessage, errorText, FORMAT_TEXTS, issueDetail } from './errors';
import { zDateText, zEmail, zEnum, zId, zLink, zText, zUserName } from './fields';
import { zUserCreate } from './modules/user';

const holes = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]));

describe('the error catalogue', () => {
  // Params ending in `Zh` carry the Chinese words for the Chinese text (a state's or an action's name).
  it('gives every code and format both texts, the Chinese using no placeholder the English lacks', () => {
    for (const [key, entry] of Object.entries({ ...ERRORS, ...FORMAT_TEXTS })) {
      expect(entry.en.trim(), key).not.toBe('');
      expect(entry.zh.trim(), key).not.toBe('');
      for (const hole of holes(entry.zh))
        if (!hole.endsWith('Zh')) expect(holes(entry.en).has(hole), `${key}: {{${hole}}}`).toBe(true);
    }
  });

  it('builds "field: predicate", or the sentence capitalised when there is no field', () => {
    expect(errorMessage({ key: 'tooLong', field: 'name', params: { max: 64 } })).toBe(
      'name: must be at most 64 characters',
    );
    expect(errorMessage({ key: 'ownDelete' })).toBe('You cannot delete your own account');
    expect(errorText('zh', { key: 'invalidFormat', params: { format: 'email' } })).toBe('不是有效的电子邮箱地址');
    expect(errorText('en', { key: 'noSuchCode' })).toBe('is invalid');
  });
});

describe('zod issues as coded errors', () => {
  const first = (schema: z.ZodType, value: unknown) => {
    const result = z.object({ v: schema }).safeParse({ v: value });
    if (result.success) throw new Error('expected a refusal');
    return issueDetail(result.error.issues[0]);
  };

  it('maps the built-in rules to their codes and limits', () => {
    expect(first(zText(64), 'x'.repeat(65))).toEqual({ key: 'tooLong', field: 'v', params: { max: 64 } });
    expect(first(zText(64), '  ')).toEqual({ key: 'required', field: 'v' });
    expect(first(zText(64, 3), 'ab')).toEqual({ key: 'tooShort', field: 'v', params: { min: 3 } });
    expect(first(zText(64), undefined)).toEqual({ key: 'required', field: 'v' });
    expect(first(zId, 1.5)).toEqual({ key: 'notInteger', field: 'v' });
    expect(first(z.number().max(10), 11)).toEqual({ key: 'tooBig', field: 'v', params: { max: 10 } });
    expect(first(z.array(zId).max(1), [1, 2])).toEqual({ key: 'tooMany', field: 'v', params: { max: 1 } });
    expect(first(zEnum(userStatusLabels), 9)).toMatchObject({ key: 'notOneOf' });
  });

  it('knows the contract’s formats and refinements by code, not by their words', () => {
    const format = (schema: z.ZodType, value: unknown) => first(schema, value).params;
    expect(format(zEmail, 'nope')).toEqual({ format: 'email' });
    expect(format(zUserName, 'a b')).toEqual({ format: 'userName' });
    expect(format(zDateText('date'), '2026-02-31')).toEqual({ format: 'date' });
    expect(format(zLink(200), 'javascript:alert(1)')).toEqual({ format: 'link' });
    const noRole = zUserCreate.safeParse({
      id: null,
      userName: 'ab',
      realName: 'A',
      password: 'long-enough-1',
      roleIds: [],
    });
    expect(noRole.success).toBe(false);
    expect(noRole.error?.issues.map((i) => issueDetail(i))).toContainEqual({ key: 'needsRole', field: 'roleIds' });
  });
});
