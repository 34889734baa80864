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

// `platform` reaching into modules, each with why it still does (to become ports filled at start-up).
const PLATFORM_IMPORTS_OF_MODULES = [
  // First start: the demo organisation, its roles, the file store.
  'platform/bootstrap.ts -> modules/file/file.storage',
  'platform/bootstrap.ts -> modules/organization/organization.table',
  'platform/bootstrap.ts -> modules/role/role.service',
  // The resource engine checks file links and starts exports.
  'platform/resource.ts -> modules/file/file.table',
  'platform/resource.ts -> modules/file/file-access',
  'platform/resource-routes.ts -> modules/export/export.service',
  'platform/resource-routes.ts -> modules/file/file-access',
  // The operation log and the job queue write their own tables.
  'platform/operation-log.ts -> modules/log/log.table',
  'platform/jobs.ts -> modules/job/job.table',
];
// Distinct (module, another module's table file) pairs: how many other modules' tables each module
// reaches into (splitting a file does not change it), and pairs of modules importing each other.
const CROSS_MODULE_TABLE_REACHES = 77;
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
  'organization <-> role',
  'role <-> user',
];

describe('module boundaries (a ratchet: nothing new)', () => {
  const all = imports();

  it('lets platform import only the modules it already does', () => {
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
