import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { api as declared } from './api';
import { api as routes } from './routes.generated';
import { routesText } from './routes-text';

it('routes.generated.ts is up to date (run `npm run openapi` after changing endpoints)', () => {
  expect(readFileSync(new URL('./routes.generated.ts', import.meta.url), 'utf8')).toBe(routesText());
});

it('every endpoint has its schema-free reference, with the same method and path', () => {
  for (const [group, endpoints] of Object.entries(declared)) {
    for (const [name, e] of Object.entries(endpoints)) {
      const ref = (routes as Record<string, Record<string, { method: string; path: string; idempotent: boolean }>>)[
        group
      ]?.[name];
      expect(ref, `${group}.${name}`).toEqual({ method: e.method, path: e.path, idempotent: e.idempotent === true });
    }
  }
});
