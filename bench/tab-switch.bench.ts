// Tab switching with 30 tabs open (moved out of the browser tests, which no longer time anything):
// the administrator opens 30 pages from the sidebar, then switches between twelve of them; each
// switch is timed in the page, from the click on the tab to the first frame painted after the
// address, the breadcrumb and the view pane all show it. Prints the median and the slowest; the
// browser tests prove the shell follows (tabs.spec.ts). Builds the web app when it is stale.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { percentile, startServer } from './lib';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const PASSWORD = 'bench-pass-2026';
const TABS = 30;
const VISITS = [0, 15, 3, 28, 7, 20, 1, 11, 25, 5, 29, 14];

// Opens the sidebar's pages one after another, area by area, until `count` tabs are open.
async function openFromSidebar(page: Page, count: number): Promise<string[]> {
  const areas = page.locator('.sidebar .ant-menu-submenu');
  await areas.first().waitFor();
  const paths: string[] = [];
  for (let a = 0; a < (await areas.count()) && paths.length < count; a++) {
    const area = areas.nth(a);
    if (!/ant-menu-submenu-open/.test((await area.getAttribute('class')) ?? '')) {
      await area.locator('.ant-menu-submenu-title').click();
    }
    const leaves = area.locator('.ant-menu-item');
    await leaves.first().waitFor();
    for (let i = 0; i < (await leaves.count()) && paths.length < count; i++) {
      // rc-menu names each item '{menu id}-{key}', and the keys are the pages' paths.
      const id = (await leaves.nth(i).getAttribute('data-menu-id')) ?? '';
      const target = id.slice(id.indexOf('/'));
      await leaves.nth(i).click();
      await page.locator(`[data-testid="tab-${target}"]`).waitFor({ state: 'attached' });
      paths.push(target);
    }
  }
  if (paths.length < count) throw new Error(`only ${paths.length} pages in the menu`);
  return paths;
}

// The little of the page's DOM the measurement uses (this package is typed for Node, not the DOM).
interface PageElement {
  textContent: string | null;
  click(): void;
}
interface PageGlobals {
  document: {
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
  };
  location: { pathname: string };
  requestAnimationFrame(callback: () => void): number;
}

// One switch, measured in the page.
function switchTo(page: Page, target: string): Promise<number> {
  return page.evaluate(async (to) => {
    const g = globalThis as unknown as PageGlobals;
    const label = g.document.querySelector(`[data-testid="tab-${to}"]`);
    if (!label) throw new Error(`no tab ${to}`);
    const title = label.textContent ?? '';
    const started = performance.now();
    label.click();
    // A loop rather than a named callback: tsx names functions with a helper the page does not have.
    for (;;) {
      const crumbs = g.document.querySelectorAll('.topbar-breadcrumb li');
      const crumb = crumbs[crumbs.length - 1]?.textContent ?? '';
      const shown = g.document.querySelector(`.view-pane[data-tab="${to}"]:not([hidden])`);
      if (g.location.pathname === to && crumb === title && shown) break;
      if (performance.now() - started > 20_000) throw new Error(`no switch to ${to} within 20 s`);
      await new Promise((resolve) => g.requestAnimationFrame(() => resolve(undefined)));
    }
    await new Promise((resolve) => g.requestAnimationFrame(() => setTimeout(resolve)));
    return performance.now() - started;
  }, target);
}

async function main(): Promise<void> {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web app did not build');
  const { port, child } = await startServer('web');
  const origin = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
    await page.goto(`${origin}/demo/login`);
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/dashboard$/);
    const paths = await openFromSidebar(page, TABS);
    const times: number[] = [];
    for (const i of VISITS) times.push(await switchTo(page, paths[i]));
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `tab switch with ${TABS} tabs open: median ${percentile(sorted, 50).toFixed(0)} ms, slowest ` +
        `${sorted[sorted.length - 1].toFixed(0)} ms (${times.length} switches: ${times.map((t) => t.toFixed(0)).join(', ')})`,
    );
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
}

await main();
