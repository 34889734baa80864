import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { openApiText } from '../src/platform/openapi';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ students: 0 });
});
afterAll(() => t.close());

it('the committed OpenAPI document is up to date (run `npm run openapi` after changing routes)', () => {
  const committed = readFileSync(path.join(repoRoot, 'apps/server/openapi.json'), 'utf8');
  expect(openApiText(t.app)).toBe(committed);
  // A tracked file stays under 1 MiB (house rule).
  expect(Buffer.byteLength(committed)).toBeLessThan(1024 * 1024);
});

it('documents every declared route with its access rule and is served at /api/docs', async () => {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { description?: string }>> };
  for (const r of t.app.routeCatalog) {
    const p = r.url.replace(/:(\w+)/g, '{$1}');
    const op = doc.paths[p]?.[r.method.toLowerCase()];
    expect(op, `${r.method} ${r.url}`).toBeTruthy();
    expect(op.description).toMatch(
      /No login needed|Any logged-in user|Any logged-in staff member|student role|Needs one of the permissions/,
    );
  }
  const ui = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(ui.statusCode).toBe(200);
});
