import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 28: the web calls the API through the contract's route table (`call(api.x.y)`, the engine's
// verbs by resource name through `engine`), never through URL strings of its own.

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
  it('spells no /api/ string outside the generated route table', () => {
    expect(apiStrings()).toEqual({});
  });
});
