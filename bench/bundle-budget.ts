// Bundle budget: the gzipped JavaScript a browser downloads for the login page, and then for the shell
// and the dashboard after logging in as admin. Runs against the built web app (apps/web/dist) served
// by the real server on port 3198; prints the figures against the targets and always exits 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const PORT = 3198;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'demo-pass-2026';
const KB = 1024;
const TARGETS = { login: 250 * KB, shell: 450 * KB };

interface Asset {
  url: string;
  raw: number;
  gzip: number;
}

async function waitForServer(child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${BASE}/api/common/organization/demo`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not answer on ${BASE} within ${timeoutMs / 1000} s`);
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// Records every JavaScript response of the page until `stop()` is called.
function recordScripts(page: Page) {
  const pending: Promise<Asset | null>[] = [];
  const seen = new Set<string>();
  const onResponse = (res: Response) => {
    const type = res.headers()['content-type'] ?? '';
    if (!type.includes('javascript') || seen.has(res.url())) return;
    seen.add(res.url());
    pending.push(
      res.body().then(
        (body) => ({ url: res.url(), raw: body.length, gzip: gzipSync(body).length }),
        () => null,
      ),
    );
  };
  page.on('response', onResponse);
  return async (): Promise<Asset[]> => {
    page.off('response', onResponse);
    const assets = await Promise.all(pending);
    return assets.filter((a): a is Asset => a !== null);
  };
}

function report(title: string, assets: Asset[], target: number): void {
  const total = assets.reduce((sum, a) => sum + a.gzip, 0);
  const raw = assets.reduce((sum, a) => sum + a.raw, 0);
  const verdict = total <= target ? 'within budget' : 'OVER BUDGET';
  console.log(`\n${title}: ${assets.length} scripts, ${(raw / KB).toFixed(1)} KB raw`);
  for (const a of [...assets].sort((x, y) => y.gzip - x.gzip))
    console.log(`  ${(a.gzip / KB).toFixed(1).padStart(7)} KB  ${new URL(a.url).pathname}`);
  console.log(`  total ${(total / KB).toFixed(1)} KB gzip, target ≤ ${target / KB} KB: ${verdict}`);
}

async function measure(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    const stopLogin = recordScripts(page);
    await page.goto(`${BASE}/demo/login`, { waitUntil: 'networkidle' });
    const login = await stopLogin();

    const stopShell = recordScripts(page);
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/dashboard$/);
    // The dashboard has rendered once its charts have drawn.
    await page.locator('[role="img"] canvas').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const shell = await stopShell();

    report('Login page (/demo/login)', login, TARGETS.login);
    report('Shell + dashboard after login', shell, TARGETS.shell);
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    console.log('apps/web/dist is missing: build the web app first with `npm run build -w @lyceum/web`.');
    return;
  }
  const child = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.mjs')], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForServer(child);
    await measure();
  } catch (err) {
    console.error(`bundle budget could not be measured: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await stopServer(child);
  }
}

await main();
process.exit(0);
