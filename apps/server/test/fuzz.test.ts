import { ResultCode } from '@lyceum/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteInfo } from '../src/platform/route';
import { createTestApp, PASSWORD, type TestApp } from './harness';
import { changedTables, installWriteMark, snapshotOrganization } from './snapshot';

// Property-based fuzzing of every declared route with odd input, as the demo administrator (so
// permission checks do not hide the input handling) and as the demo student. Properties:
// - no reply is HTTP 5xx or the unhandled-error envelope ('Server error, please try again later');
// - every 501 message starts with the field it is about, and its coded error names the same field;
// - a call that does not succeed leaves the organisation as it was.
// Values come from each route's zod schemas: every field of a body (nested ones included) gets
// NUL characters, lone surrogates, `__proto__`, huge and negative numbers, deep nesting, bad dates.
// `npm run fuzz` runs 300 samples a route, about 65,000 calls in 5 minutes (`FUZZ_RUNS=2000 npm run fuzz`
// for a night); `FUZZ_SEED=<seed>`
// replays a run; `FUZZ_DEBUG=1` prints how the replies were spread.

const RUNS = Number(process.env.FUZZ_RUNS) || 0;
const SEED = Number(process.env.FUZZ_SEED) || Date.now() % 2 ** 31;
// The default run takes about a minute alone; on a loaded CI machine beside other test files, up to
// several. A long run gets about 10 ms a call and then some.
const FUZZ_TIMEOUT = RUNS ? 300_000 + RUNS * 192 * 15 : 300_000;
const UNHANDLED = 'Server error, please try again later';
const FIELD_MESSAGE = /^[\w.[\]-]+: /;
// An id no demo row has, for fields and paths that must look valid so the rest of the input is reached.
const UNKNOWN_ID = 987_654;

type Path = (string | number)[];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type User = 'admin' | 'student';

interface Sample {
  // The path parameter, already encoded as it goes into the URL.
  param?: string;
  // The query string without '?', already encoded.
  query?: string;
  body?: { json: unknown } | { raw: string; type: string };
  headers?: Record<string, string>;
}

// ---- values -------------------------------------------------------------------------------------

const nested = (levels: number, leaf: unknown = 'x'): unknown => {
  let v = leaf;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};
const withOwnKey = (key: string, value: unknown) => JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value)}}`);

const BAD_CHARS = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff'];
const oddText = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...BAD_CHARS), fc.string({ maxLength: 12 }))
      .map(([a, b, c]) => a + b + c),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'prototype',
      '0x3b',
      '59e0',
      '-1',
      '1.5',
      '99999999999999999999',
      'NaN',
      'Infinity',
      '2026-02-31',
      '2026-13-01',
      '0000-00-00',
      '2026-02-30T10:00:00Z',
      'not a date',
      '<script>alert(1)</script>',
      "' or 1=1 --",
      '%00',
      '../../etc/passwd',
      '😀',
      '\u202e\u0301',
      '{{blank}}',
      'true',
      'null',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
      minLength: 1,
      maxLength: 3,
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom(64, 65, 101, 201, 5001, 20_001, 100_001).map((n) => 'x'.repeat(n)) },
);
// Small positive whole numbers are left out: they may be real ids, and a fuzzed call that succeeds on
// a real row (a role's grants, the caller's own role) would hide the rest of the run behind 403s.
const oddNumber = fc
  .oneof(
    fc.constantFrom(
      0,
      -0,
      -1,
      0.5,
      1.5,
      -1.5,
      2 ** 15,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 32,
      2 ** 53,
      2 ** 53 + 2,
      1e20,
      1e308,
      -1e308,
      Number.MIN_VALUE,
    ),
    fc.integer({ min: -(2 ** 31), max: 0 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  )
  .filter((n) => !(Number.isInteger(n) && n >= 1 && n <= 100_000));
const oddKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'a\u0000',
  '\ud800',
  '',
  'odd key!',
  'hasOwnProperty',
);
const deep = fc.oneof(
  fc.integer({ min: 30, max: 1500 }).map((n) => nested(n)),
  fc.integer({ min: 30, max: 300 }).map((n) => {
    let v: unknown = 1;
    for (let i = 0; i < n; i++) v = { a: v };
    return v;
  }),
);
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: oddText },
  { weight: 3, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [null], [[]], { x: 1 }) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.array(fc.oneof(oddText, oddNumber), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.tuple(oddKey, fc.oneof(oddText, oddNumber)).map(([k, v]) => withOwnKey(k, v)) },
);

// ---- values that fit the schema, to be spoiled one field at a time ------------------------------

// Text fields with a format, by name, so a sample gets past them to the field being spoiled.
const PLAUSIBLE_TEXT: Record<string, string> = {
  startDate: '2026-09-01',
  endDate: '2027-01-15',
  createdFrom: '2026-01-01',
  createdTo: '2026-12-31T23:59:59Z',
  phone: '13800000000',
  email: 'fuzz@example.com',
  themeColor: '#123456',
  url: 'https://example.com/fuzz',
  fileUrl: 'https://example.com/fuzz.pdf',
  userName: 'fuzz_user',
  domain: 'demo',
  password: 'fuzz-pass-2026',
  oldPassword: 'fuzz-pass-2026',
  newPassword: 'fuzz-pass-2027',
  code: 'FUZZ',
};

// A value of the schema's shape, so the request gets past the fields not being fuzzed: ids point
// at no row, so nothing real is changed by a call that happens to pass.
function plausible(schema: z.ZodType, key: string, depth = 0): unknown {
  if (depth > 6) return null;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return plausible(schema.unwrap() as z.ZodType, key, depth + 1);
  if (schema instanceof z.ZodDefault) return plausible(schema.removeDefault() as z.ZodType, key, depth + 1);
  if (schema instanceof z.ZodPipe) return plausible(schema.in as z.ZodType, key, depth + 1);
  if (schema instanceof z.ZodLazy) return plausible(schema.unwrap() as z.ZodType, key, depth + 1);
  if (schema instanceof z.ZodObject) {
    const out: Record<string, unknown> = {};
    for (const [k, s] of Object.entries(schema.shape)) out[k] = plausible(s as z.ZodType, k, depth + 1);
    return out;
  }
  if (schema instanceof z.ZodArray) return [plausible(schema.element as z.ZodType, key, depth + 1)];
  if (schema instanceof z.ZodUnion) return plausible(schema.options[0] as z.ZodType, key, depth + 1);
  if (schema instanceof z.ZodLiteral) return [...schema.values][0];
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodString) return PLAUSIBLE_TEXT[key] ?? 'fuzz';
  if (schema instanceof z.ZodNumber) {
    if (/(^id|Id|Ids|^ids)$/.test(key)) return UNKNOWN_ID;
    return Math.max(1, schema.minValue ?? 1);
  }
  if (schema instanceof z.ZodBoolean) return false;
  if (schema instanceof z.ZodRecord) return { key: 'fuzz' };
  return null;
}

// Every place a value sits in `v` (the value itself, each key, each element), to put an odd value there.
function pathsOf(v: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (path.length) out.push(path);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) pathsOf(v[i], [...path, i], out);
  } else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsOf(x, [...path, k], out);
  return out;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>;
  copy[path[0]] = setAt(copy[path[0]], path.slice(1), value);
  return copy;
}

function valueAt(root: unknown, path: Path): unknown {
  let v = root;
  for (const p of path) v = (v as Record<string | number, unknown>)[p];
  return v;
}

const oddDate = fc.oneof(
  // Shaped like a date, but no such day.
  fc.constantFrom('2026-02-29', '2026-02-30', '2026-02-31', '2026-04-31', '2026-13-01', '2026-00-10', '0000-01-01'),
  fc.constantFrom(
    '2026-04-31T10:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T10:60',
    '0001-01-01',
    '9999-12-31T23:59:59-14:00',
    '10000-01-01',
    '2026-1-1',
    '1970-01-01T00:00:00+99:99',
  ),
  fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toISOString())),
);

// Mostly odd values of the field's own type, which get past the type check to the rules and the
// database behind it; sometimes anything at all.
function spoilerFor(plain: unknown, key: string | number): fc.Arbitrary<unknown> {
  if (typeof plain === 'number')
    return fc.oneof({ weight: 3, arbitrary: oddNumber }, { weight: 1, arbitrary: oddValue });
  if (typeof plain !== 'string') return oddValue;
  if (/date|time|from$|to$/i.test(String(key))) return fc.oneof(oddDate, oddText, oddValue);
  return fc.oneof({ weight: 3, arbitrary: oddText }, { weight: 1, arbitrary: oddValue });
}

// Lone surrogates cannot go through encodeURIComponent; they are sent as their (invalid) UTF-8 bytes.
function encodeText(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

const oddSegment = fc.oneof(
  fc.constantFrom(
    '0x3b',
    '59e0',
    '%2059',
    '-1',
    '1.5',
    '99999999999999999999',
    '0',
    '059',
    '%2B59',
    '1e3',
    'abc',
    '%00',
    '1%00',
    '%ED%A0%80',
    '%F0%9F%98%80',
    '9007199254740992',
    '__proto__',
    'constructor',
    '%',
    '%zz',
    '1;2',
    '1,2',
  ),
  oddText.map(encodeText),
);

const RAW_JSON = [
  '',
  '{',
  'null',
  'true',
  '1',
  '"x"',
  '[]',
  '[1,2',
  '{"a":1,}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '\ufeff{}',
  '{"a":1}{"b":2}',
];
const rawBody = fc.oneof(
  fc.constantFrom(...RAW_JSON).map((raw) => ({ raw, type: 'application/json' })),
  fc
    .integer({ min: 1000, max: 200_000 })
    .map((n) => ({ raw: '['.repeat(n) + ']'.repeat(n), type: 'application/json' })),
  fc.record({
    raw: fc.constantFrom('a=1&b=2', '<x/>', 'hello', '\u0001\u0002', 'PK\u0003\u0004garbage'),
    type: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=utf-16',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/octet-stream',
      'image/png',
      'garbage',
    ),
  }),
);

function objectKeys(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function queryArb(route: RouteInfo): fc.Arbitrary<string | undefined> {
  const keys = objectKeys(route.querystring);
  const key = keys.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: oddKey.map(encodeText) })
    : oddKey.map(encodeText);
  const value = fc.oneof(oddText.map(encodeText), fc.constantFrom('%', '%zz', '%00', '%ED%A0%80', 'true', '1', 'en'));
  const pairs = fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 3 });
  // Mostly none on routes that take no query, so the rest of the request is reached.
  return fc.oneof(
    { weight: keys.length ? 1 : 6, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: pairs.map((ps) => ps.map(([k, v]) => `${k}=${v}`).join('&')) },
  );
}

function bodyArb(route: RouteInfo): fc.Arbitrary<Sample['body']> {
  const schema = route.body;
  if (!schema)
    return fc.option(
      fc.oneof(
        oddValue.map((json) => ({ json })),
        rawBody,
      ),
      { freq: 3, nil: undefined },
    );
  const base = plausible(schema, 'body');
  const paths = pathsOf(base);
  const spoiled = paths.length
    ? fc
        .oneof(
          // Mostly one field at a time, so the other fields are valid and the odd one goes deep.
          { weight: 3, arbitrary: fc.constantFrom(...paths).map((p) => [p]) },
          { weight: 1, arbitrary: fc.subarray(paths, { minLength: 1, maxLength: Math.min(3, paths.length) }) },
        )
        .chain((at) =>
          fc
            .tuple(...at.map((p) => spoilerFor(valueAt(base, p), p[p.length - 1])))
            .map((values) => at.reduce<unknown>((b, p, i) => setAt(b, p, values[i]), base)),
        )
    : oddValue;
  const extraKey = fc
    .tuple(spoiled, oddKey, oddValue)
    .map(([b, k, v]) => (b && typeof b === 'object' && !Array.isArray(b) ? { ...b, ...withOwnKey(k, v) } : b));
  return fc.oneof(
    { weight: 8, arbitrary: spoiled.map((json) => ({ json })) },
    { weight: 1, arbitrary: extraKey.map((json) => ({ json })) },
    { weight: 1, arbitrary: oddValue.map((json) => ({ json })) },
    { weight: 1, arbitrary: rawBody },
  );
}

const oddFileName = fc.constantFrom(
  '',
  '../../etc/passwd',
  'x.html',
  'x.svg',
  '.png',
  'CON',
  'ÿ.png',
  '%00.png',
  'a'.repeat(300),
);

function sampleArb(route: RouteInfo): fc.Arbitrary<Sample> {
  const hasParam = route.url.includes(':');
  return fc.record({
    param: hasParam ? fc.oneof(oddSegment, fc.constant(String(UNKNOWN_ID))) : fc.constant(undefined),
    query: queryArb(route),
    body: route.method === 'GET' ? fc.constant(undefined) : bodyArb(route),
    headers: route.url === '/api/file/upload' ? oddFileName.map((n) => ({ 'x-file-name': n })) : fc.constant(undefined),
  });
}

// ---- calls --------------------------------------------------------------------------------------

let t: TestApp;
let orgId: number;
const tokens: Record<User, string> = { admin: '', student: '' };
const roleIds: Record<User, number> = { admin: 0, student: 0 };
let address = 0;
// Every call comes from its own address: fuzzed logins must not pause the test's own logins.
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

async function login(user: User): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { domain: 'demo', userName: user, password: PASSWORD },
    remoteAddress: nextAddress(),
  });
  const body = res.json<{ code: number; message: string; response: { token: string } }>();
  if (body.code !== ResultCode.Success) throw new Error(`login ${user}: ${body.message}`);
  tokens[user] = body.response.token;
  const me = await t.app.inject({ method: 'GET', url: '/api/user/current', headers: { token: tokens[user] } });
  roleIds[user] = me.json<{ response: { activeRoleId: number } }>().response.activeRoleId;
}

// Logs in again whoever's session a passing call ended or moved to another role (argon2 is slow,
// so only then).
async function keepSessions(): Promise<void> {
  for (const user of ['admin', 'student'] as const) {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/current', headers: { token: tokens[user] } });
    const body = res.json<{ code: number; response: { activeRoleId: number } | null }>();
    if (body.code !== ResultCode.Success || body.response?.activeRoleId !== roleIds[user]) await login(user);
  }
}

function urlOf(route: RouteInfo, s: Sample): string {
  const path = route.url.replace(/:\w+/, s.param ?? String(UNKNOWN_ID));
  return s.query ? `${path}?${s.query}` : path;
}

function send(route: RouteInfo, user: User, s: Sample): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { token: tokens[user], ...s.headers };
  let payload: string | undefined;
  if (s.body && 'raw' in s.body) {
    payload = s.body.raw;
    headers['content-type'] = s.body.type;
  } else if (s.body) {
    payload = JSON.stringify(s.body.json);
    headers['content-type'] = 'application/json';
  }
  return t.app.inject({
    method: route.method as Method,
    url: urlOf(route, s),
    headers,
    ...(payload !== undefined ? { payload } : {}),
    remoteAddress: nextAddress(),
  });
}

interface Outcome {
  // The envelope code, or 1 for a file sent back.
  code: number;
  problem: string | null;
}

function judge(res: LightMyRequestResponse): Outcome {
  if (res.statusCode >= 500) return { code: 500, problem: `HTTP ${res.statusCode}: ${res.body.slice(0, 200)}` };
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) {
    return { code: res.statusCode === 200 ? ResultCode.Success : 0, problem: null };
  }
  let env: { code?: unknown; message?: unknown; error?: { key?: unknown; field?: unknown } };
  try {
    env = res.json();
  } catch {
    return { code: 0, problem: `reply is not JSON: ${res.body.slice(0, 100)}` };
  }
  const code = typeof env.code === 'number' ? env.code : 0;
  const message = String(env.message);
  if (code === ResultCode.Error && message === UNHANDLED) return { code, problem: 'unhandled error' };
  if (code === ResultCode.InvalidParams && !FIELD_MESSAGE.test(message)) {
    return { code, problem: `501 without a field name: ${message.slice(0, 200)}` };
  }
  // The coded error says the same: its field is the one the message starts with.
  if (code !== ResultCode.Success && typeof env.error?.key !== 'string') {
    return { code, problem: `failure without an error code: ${message.slice(0, 200)}` };
  }
  if (code === ResultCode.InvalidParams && !message.startsWith(`${String(env.error?.field)}: `)) {
    return { code, problem: `501 whose error.field is not the message's field: ${message.slice(0, 200)}` };
  }
  // The error handler's wording for a value the database refused: validation should have caught it.
  if (code === ResultCode.InvalidParams && message.startsWith('input: ')) {
    return { code, problem: `reached the database: ${message}` };
  }
  return { code, problem: null };
}

// A short, printable account of a sample for failure reports.
function describeSample(route: RouteInfo, s: Sample): string {
  const text = (v: unknown) => {
    const json = JSON.stringify(v, (_k, x) =>
      typeof x === 'string' && x.length > 60 ? `${x.slice(0, 20)}…(${x.length})` : x,
    );
    return json && json.length > 400 ? `${json.slice(0, 400)}…` : json;
  };
  const body = s.body ? ('raw' in s.body ? `${s.body.type} ${text(s.body.raw)}` : text(s.body.json)) : '';
  return `${route.method} ${urlOf(route, s)} ${body}${s.headers ? ` headers ${text(s.headers)}` : ''}`;
}

interface Call {
  user: User;
  sample: Sample;
  code: number;
}
const problems = new Map<string, string>();
let callCount = 0;
const debugStats = new Map<string, number>();

function note(route: RouteInfo, user: User, s: Sample, problem: string) {
  const key = `${route.method} ${route.url} as ${user}: ${problem.replace(/\d+/g, 'N').slice(0, 80)}`;
  if (!problems.has(key)) problems.set(key, `${problem}\n    input: ${describeSample(route, s)}`);
}

async function fuzzRoute(route: RouteInfo, user: User, numRuns: number, seed: number, calls: Call[]): Promise<void> {
  const property = fc.asyncProperty(sampleArb(route), async (sample) => {
    const res = await send(route, user, sample);
    const outcome = judge(res);
    callCount++;
    if (process.env.FUZZ_DEBUG) {
      const m = /"message":"([^"]{0,50})/.exec(res.body)?.[1]?.replace(/^[\w.]+: /, '') ?? '';
      const k = `${res.statusCode} ${outcome.code} ${m}`;
      debugStats.set(k, (debugStats.get(k) ?? 0) + 1);
    }
    calls.push({ user, sample, code: outcome.code });
    if (outcome.problem) note(route, user, sample, outcome.problem);
  });
  const run = await fc.check(property, { numRuns, seed });
  if (run.failed) note(route, user, {}, `fast-check: ${String(run.errorInstance)}`);
}

// How many samples each route gets: routes that take input more than those that take none, and the
// student fewer on staff routes, which refuse before looking at the input.
function runsFor(route: RouteInfo, user: User): number {
  const takesInput = Boolean(route.body || route.params || route.querystring || route.method === 'POST');
  const base = RUNS || (takesInput ? 10 : 3);
  if (user === 'admin') return base;
  return Array.isArray(route.access) ? Math.max(1, Math.round(base / 10)) : Math.max(1, Math.round(base / 3));
}

// ---- the tests ----------------------------------------------------------------------------------

beforeAll(async () => {
  t = await createTestApp();
  orgId = t.ids.demo.orgId;
  await login('admin');
  await login('student');
});
afterAll(() => t.close());

describe('odd input on every route', () => {
  it(
    'never reaches the database or the stack: no 5xx, 501 names the field, failed calls change nothing',
    async () => {
      const started = Date.now();
      const routes = t.app.routeCatalog;
      // A digest of the organisation is taken only when the write mark moved (most routes write nothing).
      const writeMark = await installWriteMark(t.database.db);
      let mark = await writeMark();
      let digests = 0;
      let baseline = await snapshotOrganization(t.database.db, orgId);
      for (const [index, route] of routes.entries()) {
        const calls: Call[] = [];
        // Each route its own stream of samples, all following from the one logged seed.
        const seed = (SEED + index * 7919) | 0;
        await fuzzRoute(route, 'admin', runsFor(route, 'admin'), seed, calls);
        await fuzzRoute(route, 'student', runsFor(route, 'student'), seed + 1, calls);
        const markNow = await writeMark();
        if (markNow !== mark) digests++;
        const after = markNow === mark ? baseline : await snapshotOrganization(t.database.db, orgId);
        mark = markNow;
        const changed = changedTables(baseline, after);
        const succeeded = calls.some((c) => c.code === ResultCode.Success);
        if (changed.length && !(succeeded && route.mutates)) {
          note(
            route,
            'admin',
            {},
            `the organisation changed (${changed.join(', ')}) though no call changed data (${calls.length} calls)`,
          );
          baseline = after;
        } else if (changed.length) {
          // Some calls succeeded and changed data: each failed one is replayed on its own to prove it
          // changes nothing (one snapshot per replay: each is the next one's "before").
          let before = after;
          for (const c of calls.filter((x) => x.code !== ResultCode.Success)) {
            const outcome = judge(await send(route, c.user, c.sample));
            const now = await snapshotOrganization(t.database.db, orgId);
            const touched = changedTables(before, now);
            if (outcome.code !== ResultCode.Success && touched.length) {
              note(
                route,
                c.user,
                c.sample,
                `a failed call (code ${outcome.code}) changed the organisation (${touched.join(', ')})`,
              );
            }
            before = now;
          }
          baseline = before;
          // The replays wrote after the mark was read: the next route takes a digest whatever the mark.
          mark = '';
        }
        // A call that passed may have switched the caller's role or ended the session (logout).
        if (succeeded && route.mutates) await keepSessions();
      }
      if (process.env.FUZZ_DEBUG)
        console.log(
          [...debugStats]
            .sort((a, b) => b[1] - a[1])
            .map(([k, n]) => `${n} ${k}`)
            .join('\n'),
        );
      const report = [...problems.values()].map((p, i) => `${i + 1}. ${p}`).join('\n');
      console.log(
        `fuzz: ${routes.length} routes, ${callCount} calls in ${((Date.now() - started) / 1000).toFixed(1)} s (${digests} digests after writes), seed ${SEED}`,
      );
      expect(problems.size, `FUZZ_SEED=${SEED}\n${report}`).toBe(0);
    },
    FUZZ_TIMEOUT,
  );
});

// The probe's findings, each pinned as a plain example.
describe('the odd inputs the security probe found', () => {
  const call = (method: Method, url: string, body?: unknown, user: User = 'admin') =>
    t.app
      .inject({
        method,
        url,
        headers: { token: tokens[user] },
        ...(body !== undefined
          ? { payload: JSON.stringify(body), headers: { token: tokens[user], 'content-type': 'application/json' } }
          : {}),
      })
      .then((res) => ({ status: res.statusCode, ...res.json<{ code: number; message: string }>() }));

  it('path ids are decimal digits only, on every route with an id', async () => {
    const bad = [
      '0x3b',
      '59e0',
      '%2059',
      '%2B59',
      '-1',
      '1.5',
      '1.0',
      '059',
      '1e3',
      '0',
      '99999999999999999999',
      '9007199254740992',
    ];
    const routes = t.app.routeCatalog.filter((r) => r.url.includes(':id'));
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      for (const id of bad) {
        // Students' own routes are closed to the administrator before the id is read.
        const res = await call(
          r.method as Method,
          r.url.replace(':id', id),
          undefined,
          r.access === 'student' ? 'student' : 'admin',
        );
        expect(res, `${r.method} ${r.url} id=${id}`).toMatchObject({
          code: 501,
          message: 'id: must be a positive whole number',
        });
      }
    }
  });

  it('a NUL character or a lone surrogate anywhere is 501 naming the field, login and paths included', async () => {
    expect(
      await call('POST', '/api/user/login', { domain: 'demo', userName: 'ad\u0000min', password: PASSWORD }),
    ).toMatchObject({
      code: 501,
      message: 'userName: contains a NUL character',
    });
    const question = {
      type: 1,
      stem: '<p>Which?</p>',
      options: ['A', 'B', 'C'].map((label) => ({ label, content: label === 'C' ? 'x\u0000' : label })),
      answer: 'B',
      score: 2,
    };
    expect(await call('POST', '/api/question/create', question)).toMatchObject({
      code: 501,
      message: 'options.2.content: contains a NUL character',
    });
    const stem = await call('POST', '/api/question/create', {
      ...question,
      options: question.options.slice(0, 2),
      stem: 'a\ud800',
    });
    expect(stem).toMatchObject({ code: 501, message: 'stem: contains an invalid character (a lone UTF-16 surrogate)' });
    expect(await call('GET', '/api/common/organization/de%00mo')).toMatchObject({
      code: 501,
      message: 'domain: contains a NUL character',
    });
    expect(await call('GET', '/api/common/tag/tree?keyword=%00')).toMatchObject({
      code: 501,
      message: 'keyword: contains a NUL character',
    });
  });

  it('sort fields are looked up as own properties only', async () => {
    const pages = t.app.routeCatalog.filter((r) => objectKeys(r.body).includes('sortField'));
    expect(pages.length).toBeGreaterThan(10);
    for (const r of pages) {
      for (const sortField of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
        const res = await call('POST', r.url, { pageIndex: 1, pageSize: 10, sortField });
        expect(res.status, `${r.url} ${sortField}`).toBe(200);
        expect(res, `${r.url} ${sortField}`).toMatchObject({
          code: 501,
          message: `sortField: cannot sort by "${sortField}"`,
        });
      }
    }
    expect(await call('POST', '/api/question/page', { sortField: 'score', sortOrder: 'ascend' })).toMatchObject({
      code: 1,
    });
  });

  it('date filters take real dates only', async () => {
    for (const url of ['/api/question/page', '/api/question/list']) {
      for (const [field, value] of [
        ['createdFrom', 'yesterday'],
        ['createdTo', '2026-02-31'],
        ['createdFrom', '2026-02-30T10:00:00Z'],
        ['createdTo', '0000-01-01'],
        // A real date-time whose instant is in year 10000: the database refuses it.
        ['createdTo', '9999-12-31T23:59:59-14:00'],
      ]) {
        const res = await call('POST', url, { [field]: value });
        expect(res, `${url} ${field}=${value}`).toMatchObject({ code: 501 });
        expect(res.message).toMatch(new RegExp(`^${field}: a date like`));
      }
      expect(
        await call('POST', url, { createdFrom: '2024-02-29', createdTo: '2026-09-01T08:00:00+08:00' }),
      ).toMatchObject({ code: 1 });
    }
  });

  it('a deeply nested or oversized answer is refused before scoring', async () => {
    const question = {
      type: 2,
      stem: '<p>Which?</p>',
      options: [
        { label: 'A', content: 'a' },
        { label: 'B', content: 'b' },
      ],
      answer: ['A'],
      score: 2,
    };
    const deepAnswer = await call('POST', '/api/question/tryAnswer', { question, answer: nested(1000) });
    expect(deepAnswer.code).toBe(501);
    expect(deepAnswer.message).toMatch(/^answer(\.0)+: is nested too deeply/);
    const wide = await call('POST', '/api/question/tryAnswer', { question, answer: Array(51).fill('A') });
    expect(wide).toMatchObject({ code: 501 });
    expect(wide.message).toMatch(/^answer: /);
    expect(await call('POST', '/api/question/tryAnswer', { question, answer: nested(3) })).toMatchObject({ code: 501 });
    expect(await call('POST', '/api/question/tryAnswer', { question, answer: ['A'] })).toMatchObject({ code: 1 });
    // A raw body nested far beyond the limit never reaches a recursion either.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/question/tryAnswer',
      headers: { token: tokens.admin, 'content-type': 'application/json' },
      payload: `{"question":{},"answer":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.json().code).toBe(501);
  });

  it('a role deleted while being assigned gives a clear message, never an unhandled error', async () => {
    const users = await call('POST', '/api/user/list', { userName: 'teacher' });
    expect(users.code).toBe(1);
    const teacherId = (users as unknown as { response: { id: number }[] }).response[0].id;
    // The delete starts a few event-loop turns after the assignment, so across the runs it lands
    // before, inside and after the assignment's check-then-write.
    const seen = new Set<string>();
    for (let delay = 0; delay < 16; delay++) {
      const created = (await call('POST', '/api/role/create', { name: `Race ${delay}`, kind: 3 })) as unknown as {
        code: number;
        response: { id: number };
      };
      expect(created.code).toBe(1);
      const roleId = created.response.id;
      const assign = call('POST', '/api/role/assign', { roleId, userIds: [teacherId], mode: 'add' });
      for (let i = 0; i < delay; i++) await new Promise((resolve) => setImmediate(resolve));
      const replies = await Promise.all([assign, call('POST', `/api/role/delete/${roleId}`)]);
      for (const r of replies) {
        seen.add(`${r.code} ${r.message}`);
        expect(r.status, r.message).toBeLessThan(500);
        expect(r.message).not.toBe(UNHANDLED);
      }
    }
    if (process.env.FUZZ_DEBUG) console.log([...seen].join('\n'));
  });
});
