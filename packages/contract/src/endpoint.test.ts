import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from './api';
import { endpoint, endpointPath } from './endpoint';

describe('endpointPath', () => {
  it('fills every parameter and encodes it', () => {
    expect(endpointPath('/api/question/copy/:id', { id: 42 })).toBe('/api/question/copy/42');
    expect(endpointPath('/api/common/organization/:domain', { domain: 'a b/c?d' })).toBe(
      '/api/common/organization/a%20b%2Fc%3Fd',
    );
    expect(endpointPath('/api/x/:a/y/:b', { a: 'one', b: 0 })).toBe('/api/x/one/y/0');
    expect(endpointPath('/api/user/current')).toBe('/api/user/current');
  });

  it('throws when a parameter is missing, naming it', () => {
    expect(() => endpointPath('/api/question/copy/:id', {})).toThrow(/parameter id is missing/);
    expect(() => endpointPath('/api/question/copy/:id')).toThrow(/parameter id is missing/);
    expect(() => endpointPath('/api/x/:a/:b', { a: 1, b: null })).toThrow(/parameter b is missing/);
  });
});

describe('endpoint', () => {
  const base = { path: '/api/x', summary: 's', tags: ['x'], access: 'login' as const, response: z.null() };
  it('counts reads and calls that change nothing as idempotent, unless told otherwise', () => {
    expect(endpoint({ ...base, method: 'GET' }).idempotent).toBe(true);
    expect(endpoint({ ...base, method: 'POST' }).idempotent).toBe(true);
    expect(endpoint({ ...base, method: 'POST', mutates: true }).idempotent).toBe(false);
    expect(endpoint({ ...base, method: 'GET', idempotent: false }).idempotent).toBe(false);
  });

  it('declares every method and path of the table once, with a parameter schema for each :name', () => {
    const seen = new Set<string>();
    for (const [domain, table] of Object.entries(api)) {
      for (const [name, ep] of Object.entries(table)) {
        const key = `${ep.method} ${ep.path}`;
        expect(seen.has(key), `${domain}.${name}: ${key} declared twice`).toBe(false);
        seen.add(key);
        const names = [...ep.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
        const shape = ep.params instanceof z.ZodObject ? Object.keys(ep.params.shape) : [];
        expect(shape.sort(), `${domain}.${name}`).toEqual(names.sort());
      }
    }
    // A one-time secret must not be sent twice by a retry.
    expect(api.auth.loginWithSecret.idempotent).toBe(false);
  });
});
