// Bundle budget: the bytes a browser moves over the wire for the login page opened cold, for logging in
// from there (the shell and the dashboard), and for the dashboard opened cold by someone already logged
// in. Builds the web app when it is stale, serves it with the real server (bench-server.ts, demo data),
// drives Debian's Chromium through playwright-core and reads every request's size from the DevTools
// protocol: `encodedDataLength` is what came over the socket (headers included), the sum of the
// `dataReceived` chunks is the decoded body. Each page is measured twice in the same run: as Chromium
// asks for it (Accept-Encoding: gzip, deflate, br, zstd) and with `Accept-Encoding: identity`, the raw
// baseline, so the saving is visible. Exits 1 when a budget is exceeded or the pages cannot be measured.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { startServer } from './lib';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const PASSWORD = 'bench-pass-2026';
const KB = 1024;
// Transferred bytes, compressed, everything the page loads (document, scripts, styles, fonts, API
// answers): the login page opened cold, and from there to a usable dashboard in all (the login page
// plus what logging in loads: the shell and the dashboard), for the administrator (work, figures and
// charts) and a teacher (their work). The dashboard opened cold with a session is held to the same sum.
const BUDGETS = { login: 250 * KB, loginToDashboard: 450 * KB };
// The exam page (apps/web/exam.html, its own entry): the scripts it loads, compressed, at most 200 KB,
// KaTeX included (the demo practice exam has formulas). Its styles, fonts and API answers are listed
// beside them but not held to it.
const EXAM_SCRIPTS = 200 * KB;

interface Transfer {
  url: string;
  type: string;
  // Bytes on the wire: response headers and the body as sent (compressed when it was).
  wire: number;
  // The decoded body.
  body: number;
  encoding: string;
}

interface Measured {
  transfers: Transfer[];
  wire: number;
  body: number;
}

// Records every request the page makes until the returned function is called.
async function recordTransfers(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const byId = new Map<string, Transfer>();
  const finished = new Set<string>();
  cdp.on('Network.responseReceived', (e) => {
    const encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
    byId.set(e.requestId, { url: e.response.url, type: e.type ?? 'Other', wire: 0, body: 0, encoding: encoding ?? '' });
  });
  cdp.on('Network.dataReceived', (e) => {
    const t = byId.get(e.requestId);
    if (t) t.body += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = byId.get(e.requestId);
    if (t) t.wire = e.encodedDataLength;
    finished.add(e.requestId);
  });
  await cdp.send('Network.enable');
  // A cold load: nothing from the HTTP cache, even within one context.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return async (): Promise<Measured> => {
    await cdp.detach();
    const transfers = [...byId.entries()].filter(([id]) => finished.has(id)).map(([, t]) => t);
    return {
      transfers,
      wire: transfers.reduce((s, t) => s + t.wire, 0),
      body: transfers.reduce((s, t) => s + t.body, 0),
    };
  };
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

// Waits until the dashboard has drawn (the work cards, and the charts for those who see them) and the
// network has gone quiet.
async function dashboardReady(page: Page, user: string): Promise<void> {
  await page.waitForURL(/\/dashboard$/);
  await page.locator('.work-card').first().waitFor({ timeout: 60_000 });
  if (user === 'admin') await page.locator('.mini-chart').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

// Two measurements as one (the login page, then logging in from it).
function sum(a: Measured, b: Measured): Measured {
  return { transfers: [...a.transfers, ...b.transfers], wire: a.wire + b.wire, body: a.body + b.body };
}

interface Run {
  login: Measured;
  afterLogin: Measured;
  dashboard: Measured;
  exam: Measured;
}

function scriptsOf(m: Measured): Measured {
  const transfers = m.transfers.filter((t) => t.type === 'Script');
  return {
    transfers,
    wire: transfers.reduce((s, t) => s + t.wire, 0),
    body: transfers.reduce((s, t) => s + t.body, 0),
  };
}

// The exam page opened cold by `student`, logged in, on the demo practice exam: until the timer runs
// and the formulas are drawn (KaTeX is fetched only for papers that have them).
async function examPage(browser: Browser, origin: string, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext(options);
  try {
    const ajax = { 'x-requested-with': 'XMLHttpRequest' };
    const login = await context.request.post(`${origin}/api/user/login`, {
      data: { domain: 'demo', userName: 'student', password: PASSWORD },
      headers: ajax,
    });
    if ((await login.json()).code !== 1) throw new Error('student could not log in');
    const my = (await (await context.request.post(`${origin}/api/exam/my`, { data: {}, headers: ajax })).json()) as {
      response: { exams: { id: number; phase: string }[] };
    };
    const open = my.response.exams.find((e) => e.phase === 'open');
    if (!open) throw new Error('the demo has no exam open for student');
    const page = await context.newPage();
    const stop = await recordTransfers(context, page);
    await page.goto(`${origin}/take/${open.id}`);
    await page.getByTestId('time-left').waitFor({ timeout: 60_000 });
    await page.locator('.katex').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    return await stop();
  } finally {
    await context.close();
  }
}

// Opens the login page cold, logs in as `user` (the shell and the dashboard load), then opens the
// dashboard cold in a fresh context that carries the session.
async function run(browser: Browser, origin: string, raw: boolean, user = 'admin'): Promise<Run> {
  const headers: Record<string, string> = raw ? { 'accept-encoding': 'identity' } : {};
  const options = { viewport: { width: 1440, height: 900 }, locale: 'en-GB', extraHTTPHeaders: headers };
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    let stop = await recordTransfers(context, page);
    await page.goto(`${origin}/demo/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('User name').waitFor();
    const login = await stop();

    stop = await recordTransfers(context, page);
    await page.getByLabel('User name').fill(user);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await dashboardReady(page, user);
    const afterLogin = await stop();

    const session = await context.storageState();
    const cold = await browser.newContext({ ...options, storageState: session });
    try {
      const again = await cold.newPage();
      stop = await recordTransfers(cold, again);
      await again.goto(`${origin}/dashboard`);
      await dashboardReady(again, user);
      const dashboard = await stop();
      const exam = await examPage(browser, origin, options);
      return { login, afterLogin, dashboard, exam };
    } finally {
      await cold.close();
    }
  } finally {
    await context.close();
  }
}

function detail(title: string, m: Measured): void {
  const compressed = m.transfers.filter((t) => t.encoding).length;
  console.log(`\n${title}: ${m.transfers.length} requests (${compressed} compressed)`);
  const types = new Map<string, { n: number; wire: number; body: number }>();
  for (const t of m.transfers) {
    const s = types.get(t.type) ?? { n: 0, wire: 0, body: 0 };
    s.n += 1;
    s.wire += t.wire;
    s.body += t.body;
    types.set(t.type, s);
  }
  for (const [type, s] of [...types].sort((a, b) => b[1].wire - a[1].wire))
    console.log(
      `  ${type.padEnd(12)} ${String(s.n).padStart(3)} × ${kb(s.wire).padStart(10)} on the wire, ${kb(s.body)} decoded`,
    );
  console.log('  largest:');
  for (const t of [...m.transfers].sort((a, b) => b.wire - a.wire).slice(0, 8))
    console.log(`  ${kb(t.wire).padStart(10)}  ${(t.encoding || 'identity').padEnd(8)} ${new URL(t.url).pathname}`);
}

function line(name: string, m: Measured, raw: Measured, budget?: number): boolean {
  const within = budget === undefined || m.wire <= budget;
  const verdict = budget === undefined ? '' : `  budget ≤ ${kb(budget)}: ${within ? 'within' : 'OVER BUDGET'}`;
  console.log(
    `${name.padEnd(34)} ${String(m.transfers.length).padStart(3)} requests  ${kb(m.wire).padStart(9)} transferred` +
      `  (raw ${kb(raw.wire)}, ${((100 * m.wire) / Math.max(raw.wire, 1)).toFixed(0)}%; ${kb(m.body)} decoded)${verdict}`,
  );
  return within;
}

async function main(): Promise<number> {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) return 1;
  const { port, child } = await startServer('web');
  const origin = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const raw = await run(browser, origin, true);
    const sent = await run(browser, origin, false);
    const rawTeacher = await run(browser, origin, true, 'teacher');
    const sentTeacher = await run(browser, origin, false, 'teacher');
    // BUNDLE_DUMP=<file>: every transfer of the compressed runs, to see which files make up a figure.
    if (process.env.BUNDLE_DUMP) {
      const pages = { login: sent.login, admin: sent.afterLogin, teacher: sentTeacher.afterLogin, exam: sent.exam };
      writeFileSync(process.env.BUNDLE_DUMP, JSON.stringify(pages, null, 1));
    }
    detail('Login page, cold (/demo/login)', sent.login);
    detail('Dashboard after logging in (admin): shell + dashboard', sent.afterLogin);
    detail('Dashboard after logging in (teacher): shell + dashboard', sentTeacher.afterLogin);
    detail('Dashboard, cold, logged in (/dashboard)', sent.dashboard);
    detail('Exam page, cold, logged in (/take/<practice exam>)', sent.exam);
    console.log('\nTransferred, compressed as Chromium asks, against the raw baseline (Accept-Encoding: identity):');
    const ok = [
      line('login page, cold', sent.login, raw.login, BUDGETS.login),
      line('admin: dashboard after logging in', sent.afterLogin, raw.afterLogin),
      line(
        'admin: login page → dashboard',
        sum(sent.login, sent.afterLogin),
        sum(raw.login, raw.afterLogin),
        BUDGETS.loginToDashboard,
      ),
      line('admin: dashboard, cold, logged in', sent.dashboard, raw.dashboard, BUDGETS.loginToDashboard),
      line('teacher: dashboard after logging in', sentTeacher.afterLogin, rawTeacher.afterLogin),
      line(
        'teacher: login page → dashboard',
        sum(sentTeacher.login, sentTeacher.afterLogin),
        sum(rawTeacher.login, rawTeacher.afterLogin),
        BUDGETS.loginToDashboard,
      ),
      line(
        'teacher: dashboard, cold, logged in',
        sentTeacher.dashboard,
        rawTeacher.dashboard,
        BUDGETS.loginToDashboard,
      ),
      line('exam page, cold, logged in', sent.exam, raw.exam),
      line('exam page: its scripts', scriptsOf(sent.exam), scriptsOf(raw.exam), EXAM_SCRIPTS),
    ].every(Boolean);
    return ok ? 0 : 1;
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`the bundle budget could not be measured: ${err instanceof Error ? err.message : String(err)}`);
}
process.exit(code);
