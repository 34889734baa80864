import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { findOddInput, guardInput, MAX_DEPTH } from './input-guard';

const nested = (levels: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

describe('findOddInput', () => {
  it('passes ordinary input, Unicode included, and does not walk buffers', () => {
    expect(findOddInput({ name: '王芳 😀', tags: [1, 2], nested: { a: [{ b: 'ok' }] } }, 'body')).toBeNull();
    expect(findOddInput(Buffer.from([0, 0xd8, 0]), 'body')).toBeNull();
    expect(findOddInput(undefined, 'body')).toBeNull();
  });

  it('names the field of a NUL character or a lone surrogate, with array indexes as numbers', () => {
    expect(findOddInput({ options: [{}, {}, { content: 'a\u0000b' }] }, 'body')).toEqual({
      field: 'options.2.content',
      key: 'nulCharacter',
      message: 'contains a NUL character',
    });
    expect(findOddInput({ stem: 'x\ud800y' }, 'body')?.field).toBe('stem');
    expect(findOddInput({ stem: 'x\udc00' }, 'body')?.message).toMatch(/lone UTF-16 surrogate/);
    expect(findOddInput('\u0000', 'body')?.field).toBe('body');
    expect(findOddInput({ id: '5\u0000' }, 'params')?.field).toBe('id');
    // Fastify's query and params objects: a bare prototype whose own prototype is null.
    const query = Object.assign(Object.create(Object.create(null)), { keyword: 'a\u0000' });
    expect(findOddInput(query, 'querystring')?.field).toBe('keyword');
  });

  it('reports a bad key, or a value under an unprintable key, on the nearest plain field', () => {
    expect(findOddInput({ a: { 'k\u0000': 1 } }, 'body')).toEqual({
      field: 'a',
      key: 'keyNulCharacter',
      message: 'has a key that contains a NUL character',
    });
    expect(findOddInput({ a: { 'odd key!': 'v\u0000' } }, 'body')?.field).toBe('a');
    const proto = JSON.parse('{"__proto__": {"x": 1}}');
    expect(findOddInput({ q: proto }, 'querystring')?.message).toBe('has a forbidden key "__proto__"');
  });

  it(`allows ${MAX_DEPTH} levels of nesting and refuses more`, () => {
    expect(findOddInput(nested(MAX_DEPTH), 'body')).toBeNull();
    const odd = findOddInput({ answer: nested(1000) }, 'body');
    expect(odd?.message).toMatch(/nested too deeply/);
    expect(odd?.field).toMatch(/^answer(\.0)+$/);
  });
});

describe('guardInput', () => {
  it('throws 501 naming the field, looking at params, query and body', () => {
    const err = (() => {
      try {
        guardInput({ params: {}, query: { keyword: 'a\u0000' }, body: {} });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(501);
    expect((err as AppError).message).toBe('keyword: contains a NUL character');
    expect(() => guardInput({ params: { id: '1' }, query: {}, body: { a: ['b'] } })).not.toThrow();
  });
});
