import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { api } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repoRoot } from '../src/config';
import { createTestApp, type TestApp } from './harness';

// The contract's endpoint table and the server's routes agree: every endpoint is served with its
// method, path and access, and what modules still declare by hand is known (file answers).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ students: 0 });
});
afterAll(() => t.close());

const endpoints = Object.entries(api).flatMap(([domain, table]) =>
  Object.entries(table).map(([name, ep]) => ({ name: `${domain}.${name}`, ep })),
);
// What a schema accepts, as JSON Schema: the same object, or one declared alike (a route the lead's
// question.routes.ts still declares by hand).
const shape = (schema: z.ZodType | undefined) =>
  schema ? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) : undefined;
const key = (method: string, url: string) => `${method} ${url}`;

// `defineRoute(app, {` / `defineFileRoute(app, {` in the modules' sources, with their method and url.
function handRoutes(): { kind: 'route' | 'file'; route: string; file: string }[] {
  const modules = path.join(repoRoot, 'apps/server/src/modules');
  const found: { kind: 'route' | 'file'; route: string; file: string }[] = [];
  for (const file of readdirSync(modules, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = readFileSync(path.join(modules, file), 'utf8');
    for (const m of text.matchAll(/define(File)?Route\(app, \{\s*method: '(\w+)',\s*url: '([^']+)'/g)) {
      found.push({ kind: m[1] ? 'file' : 'route', route: key(m[2]!, m[3]!), file: file.replaceAll('\\', '/') });
    }
    // A call the pattern above cannot read (a url built at run time) must not slip through.
    const calls = text.match(/define(File)?Route\(app,/g)?.length ?? 0;
    expect(found.filter((f) => f.file === file.replaceAll('\\', '/')).length, file).toBe(calls);
  }
  return found;
}

describe('the endpoint table', () => {
  it('has every endpoint served with the same method, path, access and mutates flag', () => {
    expect(endpoints.length).toBeGreaterThan(40);
    for (const { name, ep } of endpoints) {
      const routes = t.app.routeCatalog.filter((r) => r.method === ep.method && r.url === ep.path);
      expect(routes, `${name}: ${key(ep.method, ep.path)}`).toHaveLength(1);
      const route = routes[0]!;
      expect(route.access, name).toEqual(ep.access);
      expect(route.mutates, name).toBe(ep.mutates ?? false);
      expect(shape(route.body), `${name} body`).toEqual(shape(ep.body));
      expect(shape(route.params), `${name} params`).toEqual(shape(ep.params));
      expect(shape(route.querystring), `${name} query`).toEqual(shape(ep.query));
    }
  });

  it('leaves no hand route: every route is declared in the contract', () => {
    const declared = new Set(endpoints.map(({ ep }) => key(ep.method, ep.path)));
    const hand = handRoutes().filter((h) => !declared.has(h.route));
    expect(hand.map((h) => `${h.kind} ${h.route}`)).toEqual([]);
  });
});
