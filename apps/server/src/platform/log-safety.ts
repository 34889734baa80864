// What the log may hold of an error. Drizzle's query errors carry the SQL's `params` (a password
// hash in an insert, a user's data) in `params`, in their message (`Failed query: <sql>\nparams: ...`)
// and so in their stack; the driver's error in `cause` carries `params` and `query` too.

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: SafeError;
  // pino's serializer type asks for an open shape.
  [key: string]: unknown;
}

const PARAMS_MARK = '\nparams:';
// Anything after this in a log line is a query's parameter list.
export function safeLogText(text: string): string {
  const cut = text.indexOf(PARAMS_MARK);
  return cut === -1 ? text : text.slice(0, cut);
}

// The stack without the message's parameter list: V8 starts it with `<name>: <message>`, so that
// header is swapped for the cut one; otherwise only the trailing `at` frames are kept.
function safeStack(stack: string, name: string, message: string): string {
  if (!stack.includes(PARAMS_MARK)) return stack;
  const header = `${name}: ${message}`;
  const cut = `${name}: ${safeLogText(message)}`;
  if (stack.startsWith(header)) return cut + stack.slice(header.length);
  const lines = stack.split('\n');
  let first = lines.length;
  while (first > 0 && /^\s+at /.test(lines[first - 1])) first--;
  return [cut, ...lines.slice(first)].join('\n');
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

// The pino `err` serializer: type, message, stack, codes and the constraint, table and column a
// database error names; never `params`, `query`, `detail` (the key's values) or other fields.
export function serializeError(err: unknown, depth = 0): SafeError {
  if (typeof err !== 'object' || err === null)
    return { type: typeof err, message: safeLogText(String(err)), stack: '' };
  const e = err as Record<string, unknown>;
  const name = text(e.name) ?? 'Error';
  const message = text(e.message) ?? '';
  const stack = text(e.stack);
  const out: SafeError = {
    type: (err as object).constructor?.name ?? name,
    message: safeLogText(message),
    stack: stack ? safeStack(stack, name, message) : '',
  };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  for (const key of ['constraint', 'table', 'column'] as const) {
    const v = text(e[key]);
    if (v) out[key] = v;
  }
  if (e.cause !== undefined && e.cause !== null && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

// For pino's logMethod hook: `log.error(err)` makes the error's message the line's `msg`, and a
// message string may quote one, so both lose their parameter list.
export function safeLogArgs(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (first instanceof Error) {
    const msg = typeof rest[0] === 'string' ? safeLogText(rest[0]) : safeLogText(first.message);
    return [{ err: first }, msg, ...rest.slice(1)];
  }
  return args.map((a) => (typeof a === 'string' ? safeLogText(a) : a));
}

// Secrets that must never be written, wherever a request, reply or body is logged.
export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'body.password',
  'body.oldPassword',
  'body.newPassword',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.passwordHash',
  '*.token',
  '*.secret',
];

// Addresses that carry a secret in their path (a personal calendar feed's token): the request line
// is logged with the secret masked, so a log reader cannot subscribe to someone's timetable.
const SECRET_PATHS = [/^(\/api\/calendar\/ics\/)[^/?#]+/];
export function maskSecretPath(url: string): string {
  return SECRET_PATHS.reduce((u, re) => u.replace(re, '$1***'), url);
}
interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: maskSecretPath(req.url ?? ''),
    host: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
