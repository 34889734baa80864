import type { Readable } from 'node:stream';
import {
  AJAX_HEADER,
  AJAX_HEADER_VALUE,
  type Endpoint,
  envelope,
  isStaffKind,
  type PermissionCode,
  ResultCode,
  RoleKind,
  sessionCookieName,
  TOKEN_HEADER,
} from '@lyceum/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hasAny, type RequestContext } from './context';
import { AppError, forbidden, notLoggedIn } from './errors';
import { guardInput } from './input-guard';

// Who may call a route: anyone, any logged-in user, a user whose active role is a staff role (or a
// student role: the student's own pages), or a user holding at least one of the permissions (named
// from the menu catalogue, so a typo fails to compile).
export type Access = 'public' | 'login' | 'staff' | 'student' | readonly [PermissionCode, ...PermissionCode[]];
export type GuardedAccess = Exclude<Access, 'public'>;

// Whether a logged-in caller passes an access rule (the route guard and the engine's read scopes use it).
export function allows(ctx: RequestContext, access: GuardedAccess): boolean {
  if (access === 'login') return true;
  if (access === 'staff') return ctx.roleKind !== null && isStaffKind(ctx.roleKind);
  if (access === 'student') return ctx.roleKind === RoleKind.Student;
  return hasAny(ctx, access);
}

export interface SessionLookup {
  token: string;
  fromCookie: boolean;
  domainHint: string | null;
}
export type SessionResolver = (req: FastifyRequest, lookup: SessionLookup) => Promise<RequestContext>;

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext | null;
    resultCode: number;
    // The body, query and params passed the input guard and validation (the handler ran), so what
    // they hold is the route's validated input, not whatever the client sent.
    validInput: boolean;
  }
  interface FastifyInstance {
    resolveSession: SessionResolver;
    routeCatalog: RouteInfo[];
  }
  interface FastifyContextConfig {
    access?: Access;
    mutates?: boolean;
    audited?: boolean;
  }
}

// What the app knows of each declared route; tests walk it to prove access rules on every route.
export interface RouteInfo {
  method: string;
  url: string;
  access: Access;
  mutates: boolean;
  audited: boolean;
  body?: z.ZodType;
  params?: z.ZodType;
  querystring?: z.ZodType;
}

type ZodOpt = z.ZodType | undefined;
type Out<T extends ZodOpt> = T extends z.ZodType ? z.output<T> : undefined;
type CtxOf<A extends Access> = A extends 'public' ? RequestContext | null : RequestContext;

export interface RouteDef<A extends Access, B extends ZodOpt, P extends ZodOpt, Q extends ZodOpt, R extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  description?: string;
  tags: string[];
  access: A;
  // Calls that change data: recorded in the operation log and, with cookie sessions, need the ajax header.
  mutates?: boolean;
  // Reads worth an entry in the operation log all the same (exports: data leaving the system).
  audited?: boolean;
  // Larger bodies than the default 2 MiB (spreadsheet imports).
  bodyLimit?: number;
  body?: B;
  params?: P;
  querystring?: Q;
  response: R;
  handler: (input: HandlerInput<A, B, P, Q>) => Promise<z.input<R>>;
}

interface HandlerInput<A extends Access, B extends ZodOpt, P extends ZodOpt, Q extends ZodOpt> {
  body: Out<B>;
  params: Out<P>;
  query: Out<Q>;
  ctx: CtxOf<A>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface FileReply {
  filename: string;
  contentType: string;
  body: Buffer | Readable;
  // Shown in the browser (images, PDFs) rather than saved; default attachment.
  inline?: boolean;
  headers?: Record<string, string | number>;
}

// A route that answers with a file (an Excel export or template) instead of the envelope; errors
// still come back as the envelope.
export interface FileRouteDef<A extends Access, B extends ZodOpt, P extends ZodOpt, Q extends ZodOpt>
  extends Omit<RouteDef<A, B, P, Q, z.ZodType>, 'response' | 'handler'> {
  handler: (input: HandlerInput<A, B, P, Q>) => Promise<FileReply>;
}

export function defineFileRoute<A extends Access, B extends ZodOpt, P extends ZodOpt, Q extends ZodOpt>(
  app: FastifyInstance,
  def: FileRouteDef<A, B, P, Q>,
): void {
  register(app, def, null, async (input) => {
    const file = await def.handler(input);
    input.req.resultCode = ResultCode.Success;
    const disposition = file.inline ? 'inline' : 'attachment';
    for (const [k, v] of Object.entries(file.headers ?? {})) input.reply.header(k, v);
    return input.reply
      .header('content-type', file.contentType)
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
}

// A contract endpoint's method, path, words, access and input schemas, as a route declares them.
function routeOf<B extends ZodOpt, P extends ZodOpt, Q extends ZodOpt, A extends Access>(
  ep: Endpoint<B, P, Q, z.ZodType, A>,
) {
  return {
    method: ep.method,
    url: ep.path,
    summary: ep.summary,
    description: ep.description,
    tags: ep.tags,
    access: ep.access,
    body: ep.body,
    params: ep.params,
    querystring: ep.query,
  };
}

// Registers a contract endpoint that answers a file (fileEndpoint): the declaration the web downloads
// through, the server's handler and file options.
export function defineFileEndpoint<B extends ZodOpt, P extends ZodOpt, Q extends ZodOpt, A extends Access>(
  app: FastifyInstance,
  ep: Endpoint<B, P, Q, z.ZodType, A>,
  handler: FileRouteDef<A, B, P, Q>['handler'],
  extra: Pick<FileRouteDef<A, B, P, Q>, 'bodyLimit' | 'audited'> = {},
): void {
  defineFileRoute(app, { ...routeOf(ep), mutates: ep.mutates, handler, ...extra });
}

// Registers the route of a contract endpoint (packages/contract endpoint.ts): path, method, schemas
// and access come from the one declaration the web calls too; the server adds the handler.
export function defineEndpoint<
  B extends ZodOpt,
  P extends ZodOpt,
  Q extends ZodOpt,
  R extends z.ZodType,
  A extends Access,
>(
  app: FastifyInstance,
  ep: Endpoint<B, P, Q, R, A>,
  handler: (input: HandlerInput<A, B, P, Q>) => Promise<z.input<R>>,
  extra: Pick<RouteDef<A, B, P, Q, R>, 'bodyLimit' | 'audited'> = {},
): void {
  defineRoute(app, { ...routeOf(ep), mutates: ep.mutates, response: ep.response, handler, ...extra });
}

// The one way routes are declared: access, validation, envelope and OpenAPI come from the definition.
export function defineRoute<
  A extends Access,
  B extends ZodOpt,
  P extends ZodOpt,
  Q extends ZodOpt,
  R extends z.ZodType,
>(app: FastifyInstance, def: RouteDef<A, B, P, Q, R>): void {
  register(app, def, def.response, async (input) => {
    const response = await def.handler(input);
    input.req.resultCode = ResultCode.Success;
    return { code: ResultCode.Success, message: 'success', response: response ?? null };
  });
}

function register<A extends Access, B extends ZodOpt, P extends ZodOpt, Q extends ZodOpt>(
  app: FastifyInstance,
  def: Omit<RouteDef<A, B, P, Q, z.ZodType>, 'response' | 'handler'>,
  response: z.ZodType | null,
  handle: (input: HandlerInput<A, B, P, Q>) => Promise<unknown>,
): void {
  const access: Access = def.access;
  app.routeCatalog.push({
    method: def.method,
    url: def.url,
    access,
    mutates: def.mutates ?? false,
    audited: def.audited ?? false,
    body: def.body,
    params: def.params,
    querystring: def.querystring,
  });
  app.route({
    method: def.method,
    url: def.url,
    config: { access, mutates: def.mutates ?? false, audited: def.audited ?? false },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    schema: {
      summary: def.summary,
      description: describeAccess(def.description, access),
      tags: def.tags,
      ...(def.body ? { body: def.body } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(response ? { response: { 200: envelope(response) } } : {}),
      security: access === 'public' ? [] : [{ token: [] }],
    },
    onRequest: (req) => authenticate(req, access, def.mutates ?? false),
    preValidation: async (req) => {
      if (def.body && (req.body === undefined || req.body === null)) req.body = {};
      // NUL, lone surrogates and deep nesting never reach validation, the database or a recursion.
      guardInput(req);
    },
    handler: (req, reply) => {
      req.validInput = true;
      return handle({
        body: req.body as Out<B>,
        params: req.params as Out<P>,
        query: req.query as Out<Q>,
        ctx: req.ctx as CtxOf<A>,
        req,
        reply,
      });
    },
  });
}

function describeAccess(description: string | undefined, access: Access): string {
  const who =
    access === 'public'
      ? 'No login needed.'
      : access === 'login'
        ? 'Any logged-in user.'
        : access === 'staff'
          ? 'Any logged-in staff member (administrator, academic staff or teacher role).'
          : access === 'student'
            ? 'A logged-in user whose active role is a student role.'
            : `Needs one of the permissions: ${access.join(', ')}.`;
  return description ? `${description}\n\n${who}` : who;
}

// Reads the session token from the `token` header or the organisation's cookie.
export function findToken(req: FastifyRequest): SessionLookup | null {
  const domainHint = headerValue(req, 'organization');
  const header = headerValue(req, TOKEN_HEADER);
  if (header) return { token: header, fromCookie: false, domainHint };
  const cookies = req.cookies ?? {};
  if (domainHint) {
    const value = cookies[sessionCookieName(domainHint)];
    return value ? { token: value, fromCookie: true, domainHint } : null;
  }
  const name = Object.keys(cookies).find((k) => k.startsWith(sessionCookieName('')));
  const value = name ? cookies[name] : undefined;
  return value ? { token: value, fromCookie: true, domainHint: name!.slice(sessionCookieName('').length) } : null;
}

function headerValue(req: FastifyRequest, name: string): string | null {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s?.trim() ? s.trim() : null;
}

// Sets req.ctx (null for anonymous calls to public routes) or throws 401/403/502.
async function authenticate(req: FastifyRequest, access: Access, mutates: boolean): Promise<void> {
  const lookup = findToken(req);
  // Cookies ride along on cross-site requests; a custom header cannot, so it proves the call is ours.
  const crossSite =
    lookup?.fromCookie && (mutates || req.method !== 'GET') && req.headers[AJAX_HEADER] !== AJAX_HEADER_VALUE;
  if (access === 'public') {
    if (!lookup) return;
    // A public route that changes data (logout, handoff) must not act on a cookie another site sent.
    if (crossSite && mutates) throw forbidden('missingHeader', { header: AJAX_HEADER, value: AJAX_HEADER_VALUE });
    // A public route still learns who calls it when a valid session is present (logout, handoff).
    try {
      req.ctx = await req.server.resolveSession(req, lookup);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
    return;
  }
  if (!lookup) throw notLoggedIn();
  if (crossSite) throw forbidden('missingHeader', { header: AJAX_HEADER, value: AJAX_HEADER_VALUE });
  req.ctx = await req.server.resolveSession(req, lookup);
  // The caller is known from here on, so a refused call is still in the operation log.
  if (!allows(req.ctx, access)) throw forbidden();
}
