import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { plannedComponents } from './planned-components';
import { viewRegistry } from './view-registry';

const domainsDir = fileURLToPath(new URL('../domains/', import.meta.url));
const registrySource = fileURLToPath(new URL('./view-registry.ts', import.meta.url));

describe('view registry', () => {
  it('holds only components the catalogue or the static routes name', () => {
    const keys = Object.keys(viewRegistry);
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((k) => !plannedComponents.has(k))).toEqual([]);
  });

  it('registers every *.view.tsx file under domains/, each once', () => {
    // The kit gallery's import sits behind its build flag, so the source text is the whole list.
    const source = readFileSync(registrySource, 'utf8');
    const imported = [...source.matchAll(/import\('\.\.\/domains\/([^']+)'\)/g)].map((m) => `${m[1]}.tsx`);
    const files = readdirSync(domainsDir, { recursive: true, encoding: 'utf8' })
      .map((f) => f.replaceAll('\\', '/'))
      .filter((f) => f.endsWith('.view.tsx'));
    expect(files.length).toBeGreaterThan(20);
    expect([...imported].sort()).toEqual([...files].sort());
    expect(new Set(imported).size).toBe(imported.length);
  });
});
