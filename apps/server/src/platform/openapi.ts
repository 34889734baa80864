import type { FastifyInstance } from 'fastify';

// The committed OpenAPI document (apps/server/openapi.json) is this text; a test fails when it is stale.
// One line per path and per component (fully indented it passed the 1 MiB a tracked file may have; on
// one line no diff could be read): a change to a route shows as the change of its own line.
export function openApiText(app: FastifyInstance): string {
  return linesJson(app.swagger() as Record<string, unknown>);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// `value` as JSON whose members `depth` levels down each sit on their own line.
function expand(value: unknown, depth: number, indent: string): string {
  if (depth === 0 || !isObject(value) || Object.keys(value).length === 0) return JSON.stringify(value);
  const inner = `${indent}  `;
  const members = Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${expand(v, depth - 1, inner)}`);
  return `{\n${members.join(',\n')}\n${indent}}`;
}

export function linesJson(doc: Record<string, unknown>): string {
  const members = Object.entries(doc).map(([k, v]) => {
    // paths → one line per path; components → per kind → one line per component.
    const depth = k === 'paths' ? 1 : k === 'components' ? 2 : 0;
    return `  ${JSON.stringify(k)}: ${expand(v, depth, '  ')}`;
  });
  return `{\n${members.join(',\n')}\n}\n`;
}

// zod writes the bounds of a JavaScript safe integer on every integer (`minimum: -9007199254740991,
// maximum: 9007199254740991`): noise that was an eighth of the document (and took the committed copy
// past the 1 MiB a tracked file may have). They are dropped from the document served and committed;
// every other bound stays.
export function withoutSafeIntegerBounds<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds) as T;
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'minimum' && v === Number.MIN_SAFE_INTEGER) continue;
    if (k === 'maximum' && v === Number.MAX_SAFE_INTEGER) continue;
    out[k] = withoutSafeIntegerBounds(v);
  }
  return out as T;
}
