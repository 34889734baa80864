import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's module boundaries (issue 28), as a ratchet: what exists today is listed or counted
// here, and the test fails on anything new. `platform` should import no module; a module should
// reach another through its service, not its tables; two modules should not import each other.
// When a line below is removed by a fix, lower the figure with it; never raise one.

const src = path.dirname(fileURLToPath(import.meta.url));

interface Import {
  from: string;
  to: string;
}

function imports(): Import[] {
  const out: Import[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        for (const m of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
          out.push({
            from: path.relative(src, file),
            to: path.relative(src, path.resolve(path.dirname(file), m[1]!)),
          });
        }
      }
    }
  };
  walk(src);
  return out;
}

const moduleOf = (file: string) => (file.startsWith('modules/') ? file.split('/')[1]! : null);

// `platform` reaching into modules: none. What it needs of a module is a port (platform/ports.ts)
// filled at start-up by app.ts; the tables it writes (jobs, operation log) and the tenant root are its own.
const PLATFORM_IMPORTS_OF_MODULES: string[] = [];
// Distinct (module, another module's table file) pairs: how many other modules' tables each module
// reaches into (splitting a file does not change it), and pairs of modules importing each other.
const CROSS_MODULE_TABLE_REACHES = 63;
const MUTUAL_PAIRS = [
  'auth <-> organization',
  'auth <-> user',
  'exam <-> exam-paper',
  'exam <-> file',
  'exam <-> marking',
  'exam <-> message',
  'exam <-> task',
  'exam <-> team',
  'exam-paper <-> question',
  'marking <-> task',
  'message <-> task',
  'role <-> user',
];

describe('module boundaries (a ratchet: nothing new)', () => {
  const all = imports();

  it('lets platform import no module', () => {
    const found = all
      .filter((i) => i.from.startsWith('platform/') && i.to.startsWith('modules/'))
      .map((i) => `${i.from} -> ${i.to}`);
    expect([...new Set(found)].sort()).toEqual([...PLATFORM_IMPORTS_OF_MODULES].sort());
  });

  it('reaches into no more of other modules’ tables', () => {
    const reaches = new Set(
      all.flatMap((i) => {
        const [a, b] = [moduleOf(i.from), moduleOf(i.to)];
        return a && b && a !== b && i.to.endsWith('.table') ? [`${a} -> ${i.to}`] : [];
      }),
    );
    expect(reaches.size).toBeLessThanOrEqual(CROSS_MODULE_TABLE_REACHES);
  });

  it('adds no pair of modules importing each other', () => {
    const pairs = new Set(
      all.flatMap((i) => {
        const [a, b] = [moduleOf(i.from), moduleOf(i.to)];
        return a && b && a !== b ? [`${a}|${b}`] : [];
      }),
    );
    const mutual = [...pairs]
      .map((p) => p.split('|') as [string, string])
      .filter(([a, b]) => a < b && pairs.has(`${b}|${a}`))
      .map(([a, b]) => `${a} <-> ${b}`)
      .sort();
    expect(mutual).toEqual(MUTUAL_PAIRS);
  });
});
