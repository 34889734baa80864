import { errorText } from '@lyceum/contract';
import { type AppError, invalidParams } from './errors';

// ES2024, present in Node 20; the shared tsconfig's lib stops at ES2023.
declare global {
  interface String {
    isWellFormed(): boolean;
  }
}

// The deepest legitimate body is a compose question inside tryAnswer (about 8 levels); 32 leaves room
// and keeps every later recursion (zod, scoring, JSON) far from the stack limit.
export const MAX_DEPTH = 32;

type OddKey = 'nulCharacter' | 'loneSurrogate' | 'keyNulCharacter' | 'keyLoneSurrogate' | 'protoKey' | 'tooDeep';
export interface OddInput {
  field: string;
  key: OddKey;
  params?: { max: number };
  message: string;
}

const odd = (field: string, key: OddKey, params?: { max: number }): OddInput => ({
  field,
  key,
  ...(params ? { params } : {}),
  message: errorText('en', { key, params }),
});

// Segments a field name can show; anything else (an unknown key with spaces or symbols) is named by
// its nearest plain ancestor, so the message still starts with a readable field name.
const PLAIN_SEGMENT = /^[\w-]{1,64}$/;

function fieldName(path: readonly (string | number)[], context: string): string {
  let name = '';
  for (let i = 0; i < path.length; i++) {
    const s = path[i];
    if (typeof s === 'string' && !PLAIN_SEGMENT.test(s)) break;
    name = name ? `${name}.${s}` : String(s);
  }
  return name || context;
}

function textProblem(s: string): 'nul' | 'surrogate' | null {
  if (s.includes('\u0000')) return 'nul';
  if (!s.isWellFormed()) return 'surrogate';
  return null;
}

// Plain JSON, query-string or path data (Fastify builds the last two on a bare prototype whose own
// prototype is null); Buffers and streams (file uploads, spreadsheet imports) are not walked.
function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

// One pass over a parsed request part: the path is one shared stack, and a field name is only
// built for the first problem found, so a clean request allocates next to nothing.
export function findOddInput(value: unknown, context: string, maxDepth = MAX_DEPTH): OddInput | null {
  return walk(value, 0, [], context, maxDepth);
}

function walk(
  v: unknown,
  depth: number,
  path: (string | number)[],
  context: string,
  maxDepth: number,
): OddInput | null {
  if (typeof v === 'string') {
    const problem = textProblem(v);
    if (!problem) return null;
    return odd(fieldName(path, context), problem === 'nul' ? 'nulCharacter' : 'loneSurrogate');
  }
  if (typeof v !== 'object' || v === null) return null;
  const isArray = Array.isArray(v);
  if (!isArray && !isPlainObject(v)) return null;
  if (depth >= maxDepth) return odd(fieldName(path, context), 'tooDeep', { max: maxDepth });
  if (isArray) {
    for (let i = 0; i < v.length; i++) {
      path.push(i);
      const found = walk(v[i], depth + 1, path, context, maxDepth);
      if (found) return found;
      path.pop();
    }
    return null;
  }
  const obj = v as Record<string, unknown>;
  for (const key in obj) {
    // A key is reported on the object holding it: the key itself may not be printable.
    if (key === '__proto__') return odd(fieldName(path, context), 'protoKey');
    const problem = textProblem(key);
    if (problem) return odd(fieldName(path, context), problem === 'nul' ? 'keyNulCharacter' : 'keyLoneSurrogate');
    path.push(key);
    const found = walk(obj[key], depth + 1, path, context, maxDepth);
    if (found) return found;
    path.pop();
  }
  return null;
}

// Refuses NUL characters, lone surrogates and deep nesting anywhere in the body, query or path
// parameters with 501 naming the field, before validation, the database or any recursion sees them.
export function guardInput(req: { body: unknown; query: unknown; params: unknown }): void {
  const found =
    findOddInput(req.params, 'params') ?? findOddInput(req.query, 'querystring') ?? findOddInput(req.body, 'body');
  if (found) throw oddInputError(found);
}

function oddInputError(found: OddInput): AppError {
  if (found.key === 'tooDeep') return invalidParams(found.field, 'tooDeep', { max: found.params?.max ?? MAX_DEPTH });
  return invalidParams(found.field, found.key);
}
