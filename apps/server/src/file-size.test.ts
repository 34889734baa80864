import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './config';

// Issue 28: no product file over 400 lines without a written reason in the file (a line starting
// `// Over 400 lines:`). Tests, generated files and style sheets are not counted.
const LIMIT = 400;
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];

function productFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.includes('.generated.'))
        out.push(file);
    }
  };
  for (const root of ROOTS) walk(path.join(repoRoot, root));
  return out;
}

describe('file sizes', () => {
  it(`keeps every product file within ${LIMIT} lines, or says in it why not`, () => {
    const over = productFiles().flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n').length;
      return lines > LIMIT && !/^\/\/ Over 400 lines:/m.test(text)
        ? [`${path.relative(repoRoot, file)}: ${lines}`]
        : [];
    });
    expect(over).toEqual([]);
  });
});
