// Builds the web app when its build is missing or older than its sources (or the contract's).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './ensure-deps.mjs';

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

export function buildWeb({ force = false } = {}) {
  const web = path.join(root, 'apps/web');
  const built = path.join(web, 'dist/index.html');
  const sources = Math.max(
    newest(path.join(web, 'src')),
    newest(path.join(web, 'index.html')),
    newest(path.join(web, 'vite.config.ts')),
    newest(path.join(web, 'precompress.ts')),
    newest(path.join(web, 'public')),
    newest(path.join(root, 'packages/contract/src')),
  );
  if (!force && existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('Building the web app...');
  const res = spawnSync('npm', ['run', '-s', 'build', '-w', '@lyceum/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('Building the web app failed.');
    process.exit(res.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWeb({ force: process.argv.includes('--force') });
