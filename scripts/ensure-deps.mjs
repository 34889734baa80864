// Installs dependencies when they are missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone with nothing done first.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function ensureDeps() {
  const lock = path.join(root, 'package-lock.json');
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const fresh = existsSync(marker) && existsSync(path.join(root, 'node_modules', '.bin', 'tsx'));
  if (fresh && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return;
  console.log('Installing dependencies (first run or package-lock.json changed)...');
  // `npm ci` installs exactly what package-lock.json says and never rewrites it. The lock lists every
  // platform's optional native binaries because the native packages are pinned to versions published
  // for all platforms (docs/decisions.md, entry 11).
  const res = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('Installing dependencies failed.');
    process.exit(res.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDeps();
