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
  // An integer above 0 (every id) is written as `minimum: 1`, the same set in a fifth of the text.
  const positive = value.type === 'integer' && value.minimum === 0 && value.exclusiveMinimum === true;
  for (const [k, v] of Object.entries(value)) {
    if (k === 'minimum' && v === Number.MIN_SAFE_INTEGER) continue;
    if (k === 'maximum' && v === Number.MAX_SAFE_INTEGER) continue;
    if (positive && k === 'exclusiveMinimum') continue;
    out[k] = positive && k === 'minimum' ? 1 : withoutSafeIntegerBounds(v);
  }
  return out as T;
}

// Every reply is the envelope {code, message, response, error}; written out in full it was a seventh of
// the document. Each operation's reply says only what its `response` is, beside a reference to the
// shared `Reply` component that has the rest.
const REPLY = '#/components/schemas/Reply';
function isEnvelope(schema: unknown): schema is { properties: Record<string, unknown> } {
  if (!isObject(schema) || !isObject(schema.properties)) return false;
  const keys = Object.keys(schema.properties).sort().join(',');
  return keys === 'code,error,message,response' || keys === 'code,message,response';
}

export function withSharedEnvelope(doc: Record<string, unknown>): Record<string, unknown> {
  const paths = isObject(doc.paths) ? doc.paths : {};
  let shared: Record<string, unknown> | null = null;
  for (const operations of Object.values(paths)) {
    if (!isObject(operations)) continue;
    for (const operation of Object.values(operations)) {
      const responses = isObject(operation) && isObject(operation.responses) ? operation.responses : {};
      for (const reply of Object.values(responses)) {
        const json = isObject(reply) && isObject(reply.content) ? reply.content['application/json'] : undefined;
        if (!isObject(json) || !isEnvelope(json.schema)) continue;
        const { response, ...rest } = json.schema.properties;
        shared ??= { ...json.schema, properties: { ...rest, response: { nullable: true } } };
        json.schema = { allOf: [{ $ref: REPLY }], type: 'object', properties: { response } };
      }
    }
  }
  if (!shared) return doc;
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  // Without additionalProperties: false, which inside allOf would refuse the operation's own `response`.
  const { additionalProperties: _closed, ...reply } = shared;
  return { ...doc, components: { ...components, schemas: { Reply: reply, ...schemas } } };
}
