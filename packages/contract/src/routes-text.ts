import { api, engineResources } from './api';

// The text of routes.generated.ts: every endpoint of `api` as an EndpointRef, grouped the same way,
// so that the web calls `api.x.y` without loading a schema. `npm run openapi` writes it; a test
// fails while the committed file differs.
export function routesText(): string {
  const lines = [
    '// Generated from api.ts by routes-text.ts (`npm run openapi` writes it); do not edit. Each endpoint',
    "// by its method and path, without its schemas: the web's pages call these and load no zod.",
    "import type { api as declared } from './api';",
    "import { endpointRef as ref } from './endpoint';",
    '',
    'type A = typeof declared;',
    "// An endpoint of `api` (the engine's optional verbs are listed only where the resource has them).",
    'type E<G extends keyof A, N extends keyof A[G]> = NonNullable<A[G][N]>;',
    '',
    'export const api = {',
  ];
  for (const [group, endpoints] of Object.entries(api)) {
    lines.push(`  ${group}: {`);
    for (const [name, e] of Object.entries(endpoints)) {
      lines.push(`    ${name}: ref<E<'${group}', '${name}'>>('${e.method}', '${e.path}', ${e.idempotent === true}),`);
    }
    lines.push('  },');
  }
  lines.push(
    '};',
    '',
    '// The resources the engine serves, by name (engineResources in api.ts): the meta-driven screens',
    '// reach their verbs by the name their meta carries.',
    'export const engine = {',
    ...engineResources.map((name) => `  ${name}: api.${name},`),
    '};',
    '',
  );
  return lines.join('\n');
}
