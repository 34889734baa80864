import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 28: the web calls the API through the contract's endpoints (`call(api.x.y)`), not URL strings.
// These files still spell some `/api/...` addresses (the resource engine's verbs and a few actions
// that have no endpoint declaration yet). A ratchet: no new file, and no file more than today; lower
// a figure when its strings go.
const ALLOWED: Record<string, number> = {
  // The resource engine's verbs (page, select, exportAsync under /api/{resource}/), which the
  // contract does not declare yet.
  'crud/export-api.ts': 1,
  'crud/remote-ref-select.tsx': 2,
  'crud/resource-api.ts': 1,
  // The spreadsheet imports, whose body is the file itself (hand routes on the server): the paper
  // import, and in team-api.ts the members' import beside two engine verbs.
  'domains/exam-paper/paper-transfer.tsx': 1,
  'domains/team/team-api.ts': 3,
};

const src = path.dirname(fileURLToPath(import.meta.url));

function apiStrings(): Record<string, number> {
  const found: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        const n = readFileSync(file, 'utf8').match(/['`"]\/api\//g)?.length ?? 0;
        if (n) found[path.relative(src, file).split(path.sep).join('/')] = n;
      }
    }
  };
  walk(src);
  return found;
}

describe('API addresses in the web', () => {
  it('spells no new /api/ string (a ratchet towards none)', () => {
    const found = apiStrings();
    const over = Object.entries(found).filter(([file, n]) => n > (ALLOWED[file] ?? 0));
    expect(over).toEqual([]);
  });

  it('lists each file at its figure, so the ratchet only goes down', () => {
    const found = apiStrings();
    const stale = Object.entries(ALLOWED).filter(([file, n]) => (found[file] ?? 0) !== n);
    expect(stale, 'lower these figures in ALLOWED').toEqual([]);
  });
});
