import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/platform/db';

const dist = mkdtempSync(path.join(os.tmpdir(), 'lyceum-web-'));
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Lyceum</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  database = await openDatabase({ url: null, dataDir: null });
  app = await buildApp({ db: database.db, logLevel: 'silent', webDist: dist, filesDir: path.join(dist, 'files') });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

it('serves the web app for every non-API path, so the SPA routes them (its own 404 included)', async () => {
  for (const url of ['/', '/demo/login', '/user/index', '/no/such/page']) {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  }
  const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
  expect(asset.headers['cache-control']).toContain('immutable');
  // A rebuild while the server runs adds files; they are served, and a missing chunk is a 404, not the app.
  writeFileSync(path.join(dist, 'assets', 'later-5678.js'), 'console.log(2)');
  expect((await app.inject({ method: 'GET', url: '/assets/later-5678.js' })).body).toBe('console.log(2)');
  expect((await app.inject({ method: 'GET', url: '/assets/gone-0000.js' })).statusCode).toBe(404);
});

it('answers unknown API paths with the envelope, not the web app', async () => {
  const res = await app.inject({ method: 'POST', url: '/api/nothing/here' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({
    code: 500,
    message: 'No such API: POST /api/nothing/here',
    response: null,
    error: { key: 'noSuchApi', params: { method: 'POST', url: '/api/nothing/here' } },
  });
});

it('sends security headers on pages and API answers: no framing, no sniffing, only our scripts', async () => {
  for (const url of ['/', '/demo/login', '/api/common/organization/demo', '/api/no/such']) {
    const res = await app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    expect(csp, url).toContain("frame-ancestors 'none'");
    expect(csp, url).toContain("script-src 'self'");
    expect(csp, url).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
  }
});
