import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

const dist = mkdtempSync(path.join(os.tmpdir(), 'lyceum-web-'));
const INDEX = '<!doctype html><title>Lyceum</title><div id="root"></div>';
const EXAM = '<!doctype html><title>Exam</title><div id="root" data-page="exam"></div>';
const CHUNK = `export const words = ${JSON.stringify('lorem ipsum '.repeat(200))};`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
let t: TestApp;
let app: TestApp['app'];

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'exam.html'), EXAM);
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  // As the web build leaves them (apps/web/precompress.ts): each variant beside its file.
  for (const [file, text] of [
    ['index.html', INDEX],
    ['assets/chunk-abcd.js', CHUNK],
  ]) {
    writeFileSync(path.join(dist, file), text);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
  }
  t = await createTestApp({ students: 0, webDist: dist });
  app = t.app;
});
afterAll(async () => {
  await t.close();
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
  expect(asset.headers['cache-control']).toBe(IMMUTABLE);
  // A rebuild while the server runs adds files; they are served, and a missing chunk is a 404, not the app.
  writeFileSync(path.join(dist, 'assets', 'later-5678.js'), 'console.log(2)');
  expect((await app.inject({ method: 'GET', url: '/assets/later-5678.js' })).body).toBe('console.log(2)');
  expect((await app.inject({ method: 'GET', url: '/assets/gone-0000.js' })).statusCode).toBe(404);
});

it('serves the exam page, its own entry, for addresses under /take/', async () => {
  for (const url of ['/take/12', '/take/12?x=1']) {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.body, url).toBe(EXAM);
    expect(res.headers['cache-control']).toBe('no-cache');
  }
  // Only that folder: an address merely starting with the word is the main app's.
  expect((await app.inject({ method: 'GET', url: '/takeover' })).body).toBe(INDEX);
});

it('sends the precompressed variant the browser accepts, brotli first, and says the answer varies by it', async () => {
  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  const br = await get('/assets/chunk-abcd.js', 'gzip, deflate, br, zstd');
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  // The type of the file asked for, not of the .br file.
  expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
  expect(br.headers['cache-control']).toBe(IMMUTABLE);
  expect(br.headers.vary).toBe('Accept-Encoding');
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(CHUNK);
  expect(Number(br.headers['content-length'])).toBeLessThan(CHUNK.length / 4);

  const gz = await get('/assets/chunk-abcd.js', 'gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gz.headers['cache-control']).toBe(IMMUTABLE);
  expect(gz.headers.vary).toBe('Accept-Encoding');
  expect(gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);

  for (const encoding of [undefined, 'identity', 'deflate']) {
    const plain = await get('/assets/chunk-abcd.js', encoding);
    expect(plain.headers['content-encoding'], encoding).toBeUndefined();
    expect(plain.headers['cache-control'], encoding).toBe(IMMUTABLE);
    expect(plain.headers.vary, encoding).toBe('Accept-Encoding');
    expect(plain.body, encoding).toBe(CHUNK);
  }
  // A file the build left without variants (too small to gain) is sent as it is.
  const small = await get('/assets/app-1234.js', 'br, gzip');
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.body).toBe('console.log(1)');
});

it('sends index.html compressed and never cached for good, on / and on every deep link', async () => {
  for (const url of ['/', '/system/user', '/demo/login', '/index.html']) {
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode, url).toBe(200);
    expect(br.headers['content-encoding'], url).toBe('br');
    expect(br.headers['content-type'], url).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control'], url).toBe('no-cache');
    expect(br.headers.vary, url).toBe('Accept-Encoding');
    expect(String(br.headers['content-security-policy']), url).toContain("script-src 'self'");
    expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(INDEX);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding'], url).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString(), url).toBe(INDEX);

    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding'], url).toBeUndefined();
    expect(plain.headers['cache-control'], url).toBe('no-cache');
    expect(plain.body, url).toBe(INDEX);
  }
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
