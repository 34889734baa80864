import type { z } from 'zod';
import type { PermissionCode } from './menu-catalogue';

// One API call as both sides know it: method, path, what it takes, what it answers and who may make
// it. The server registers its route from the endpoint (defineEndpoint) and the web calls it with
// call(endpoint, input): no URL strings, no hand-written types, and a path or schema that changes
// changes both sides at once.

export type EndpointAccess = 'public' | 'login' | 'staff' | 'student' | readonly [PermissionCode, ...PermissionCode[]];
type ZodOpt = z.ZodType | undefined;

export interface Endpoint<
  B extends ZodOpt = ZodOpt,
  P extends ZodOpt = ZodOpt,
  Q extends ZodOpt = ZodOpt,
  R extends z.ZodType = z.ZodType,
  A extends EndpointAccess = EndpointAccess,
> {
  method: 'GET' | 'POST';
  // With `:name` for each path parameter (`/api/question/copy/:id`).
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  access: A;
  // Changes data: recorded in the operation log; with cookie sessions it needs the ajax header.
  mutates?: boolean;
  // The same call twice has the effect of one (reads, puts), so the web may retry it.
  idempotent?: boolean;
  body?: B;
  params?: P;
  query?: Q;
  response: R;
}

export function endpoint<
  B extends ZodOpt,
  P extends ZodOpt,
  Q extends ZodOpt,
  R extends z.ZodType,
  const A extends EndpointAccess,
>(e: Endpoint<B, P, Q, R, A>): Endpoint<B, P, Q, R, A> {
  return { idempotent: e.method === 'GET' || !e.mutates, ...e };
}

type In<T extends ZodOpt> = T extends z.ZodType ? z.input<T> : never;

// What a caller passes: only the parts the endpoint has.
export type EndpointInput<E> =
  E extends Endpoint<infer B, infer P, infer Q, z.ZodType, EndpointAccess>
    ? (B extends z.ZodType ? { body: In<B> } : { body?: never }) &
        (P extends z.ZodType ? { params: In<P> } : { params?: never }) &
        (Q extends z.ZodType ? { query: In<Q> } : { query?: never })
    : E extends EndpointRef<infer D>
      ? EndpointInput<D>
      : never;

// What a successful call answers (the server serialises through the response schema).
export type EndpointOutput<E> =
  E extends Endpoint<ZodOpt, ZodOpt, ZodOpt, infer R, EndpointAccess>
    ? z.output<R>
    : E extends EndpointRef<infer D>
      ? EndpointOutput<D>
      : never;

// The path with its parameters filled in, each encoded.
export function endpointPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

// An endpoint as a page calls it: its method and path without the schemas, which would bring zod into
// every page that makes a call. routes.generated.ts holds one for each endpoint of `api`, written by
// `npm run openapi` (routes-text.ts); the type keeps the whole endpoint, so calls stay typed by it.
export interface EndpointRef<E extends Endpoint = Endpoint> {
  method: E['method'];
  path: string;
  idempotent: boolean;
  // Never set: it carries the endpoint's type to call(ref, input).
  readonly endpoint?: E;
}

export function endpointRef<E extends Endpoint>(
  method: E['method'],
  path: string,
  idempotent: boolean,
): EndpointRef<E> {
  return { method, path, idempotent };
}
