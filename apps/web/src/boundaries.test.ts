import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web's folders (issue 28), as a ratchet: `ui/` holds the widgets and lookups several domains
// share and imports no domain; the shell reaches domains only through the view registry (lazily),
// plus what is listed here; imports from one domain into another are counted and may only go down.

const src = path.dirname(fileURLToPath(import.meta.url));

function imports(): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        for (const m of readFileSync(file, 'utf8').matchAll(/(?:from |import\()'(\.[^']+)'/g)) {
          const to = path
            .relative(src, path.resolve(path.dirname(file), m[1]!))
            .split(path.sep)
            .join('/');
          out.push({ from: path.relative(src, file).split(path.sep).join('/'), to });
        }
      }
    }
  };
  walk(src);
  return out;
}

const domainOf = (file: string) => (file.startsWith('domains/') ? file.split('/')[1]! : null);

// The shell's static imports of domains, each with why.
const SHELL_IMPORTS_OF_DOMAINS = [
  // The message bell sits in the top bar on every page.
  'shell/layout/top-bar.tsx -> domains/message/message-bell',
];
// Imports from one domain into another (a domain's own files excluded).
const CROSS_DOMAIN_IMPORTS = 36;

describe('web folders (a ratchet: nothing new)', () => {
  const all = imports();

  it('keeps ui/ free of domains', () => {
    expect(all.filter((i) => i.from.startsWith('ui/') && i.to.startsWith('domains/'))).toEqual([]);
  });

  it('lets the shell reach domains only through the view registry and the listed imports', () => {
    const found = all
      .filter((i) => i.from.startsWith('shell/') && i.to.startsWith('domains/') && i.from !== 'shell/view-registry.ts')
      .map((i) => `${i.from} -> ${i.to}`)
      .sort();
    expect(found).toEqual(SHELL_IMPORTS_OF_DOMAINS);
  });

  it('adds no import from one domain into another', () => {
    const cross = all.filter((i) => {
      const a = domainOf(i.from);
      const b = domainOf(i.to);
      return a && b && a !== b;
    });
    expect(cross.length, cross.map((i) => `${i.from} -> ${i.to}`).join('\n')).toBeLessThanOrEqual(CROSS_DOMAIN_IMPORTS);
    expect(cross.length, 'lower CROSS_DOMAIN_IMPORTS to the figure found').toBe(CROSS_DOMAIN_IMPORTS);
  });
});
