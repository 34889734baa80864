import {
  AJAX_HEADER,
  AJAX_HEADER_VALUE,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  type EndpointRef,
  type Envelope,
  type ErrorDetail,
  endpointPath,
  REQUEST_LONG_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  ResultCode,
  TOKEN_HEADER,
} from '@lyceum/contract';
import { beginLoading, endLoading, toastError } from './feedback';
import i18n from './i18n';
import { errorSentence } from './server-error';
import { clearSession, getToken, refreshSession } from './session';

// The one client of the spec (sections 7 and 8): every call is JSON with the ajax marker,
// the token header and credentials; the reply is always the {code, message, response} envelope.

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  // Cancels the call (TanStack Query passes one to every query function).
  signal?: AbortSignal;
  timeoutMs?: number;
  loading?: boolean;
  // The caller shows the failure itself: no toast and no login redirect.
  silent?: boolean;
}

// `message` is the server's English text; `detail` its code, field and params, which forms use to
// put the refusal, translated, under the field (server-field-error.ts).
export class ApiError extends Error {
  readonly code: number;
  readonly detail?: ErrorDetail;
  // Set by a form that showed the refusal under one of its fields: the toast then names the field by
  // the label the person sees.
  fieldLabel?: string;
  constructor(code: number, message: string, detail?: ErrorDetail) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.detail = detail;
  }
}

// The toast waits a moment, until the caller's catch has run: a form showing the refusal under a
// field hands over that field's label first.
const TOAST_DELAY_MS = 30;
function toastLater(err: ApiError, fallback: string): void {
  setTimeout(() => {
    const text = err.detail ? errorSentence(err.detail, err.message, err.fieldLabel) : err.message;
    toastError(text || i18n.t(fallback));
  }, TOAST_DELAY_MS);
}

let onUnauthorized: () => void = () => {
  clearSession();
  window.location.assign('/login');
};

export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function withQuery(url: string, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

async function send<T>(method: string, url: string, body: unknown, options: SendOptions): Promise<Envelope<T>> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  // The caller's signal (a query that is no longer wanted) cancels quietly: no toast, no retry.
  const cancel = () => controller.abort();
  if (options.signal?.aborted) throw new DOMException('The request was cancelled', 'AbortError');
  options.signal?.addEventListener('abort', cancel, { once: true });
  const headers = { ...baseHeaders(), 'Content-Type': 'application/json' };
  if (options.loading) beginLoading();
  let payload: unknown;
  try {
    const res = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    payload = await res.json().catch(() => {
      throw new Error(`${res.status} ${res.statusText}`);
    });
  } catch (err) {
    if (options.signal?.aborted) throw new DOMException('The request was cancelled', 'AbortError');
    const text = controller.signal.aborted
      ? i18n.t('request.timeout', { seconds: Math.round(timeoutMs / 1000) })
      : err instanceof Error && err.message
        ? err.message
        : i18n.t('request.network');
    throw fail(text, options);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
    if (options.loading) endLoading();
  }
  return settle<T>(payload, options);
}

interface SendOptions extends RequestOptions {
  quietNetwork?: boolean;
}

// What a query function receives from TanStack Query (and what the API helpers take), so that
// `queryFn: fetchThing` cancels the call when the query is no longer wanted.
export interface Cancel {
  signal?: AbortSignal;
}

export interface CallOptions extends RequestOptions {
  // Retries after a network failure or time-out (never after a refusal), for idempotent endpoints only.
  retry?: number;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

// Calls an endpoint of the contract: the path, method, input and answer types come from it.
export async function call<E extends Endpoint>(
  ep: EndpointRef<E>,
  input: EndpointInput<E>,
  options: CallOptions = {},
): Promise<EndpointOutput<E>> {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: Query; body?: unknown };
  const url = withQuery(endpointPath(ep.path, params), query);
  const attempts = ep.idempotent ? 1 + Math.max(0, options.retry ?? 0) : 1;
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= attempts;
    try {
      // A network failure before the last attempt is retried quietly; refusals show as usual.
      const env = await send<EndpointOutput<E>>(ep.method, url, ep.method === 'GET' ? undefined : (body ?? {}), {
        ...options,
        quietNetwork: !last,
      });
      // Any other code (a wrong password's 402) is a refusal too, for the caller to handle.
      if (env.code !== ResultCode.Success) throw new ApiError(env.code, env.message, env.error);
      return env.response;
    } catch (err) {
      const transient = err instanceof ApiError && err.code === 0;
      if (last || !transient || options.signal?.aborted) throw err;
      await sleep(300 * 2 ** (attempt - 1), options.signal);
    }
  }
}

// Failures the client itself detects (timeout, network, unreadable reply) end up here.
export function fail(text: string, options: RequestOptions & { quietNetwork?: boolean }): ApiError {
  if (!options.silent && !options.quietNetwork) toastError(text);
  return new ApiError(0, text);
}

// The spec's reading of a reply (section 8), shared by JSON calls and file transfers.
export function settle<T>(payload: unknown, options: RequestOptions): Envelope<T> {
  if (!isEnvelope(payload)) throw fail(i18n.t('request.badReply'), options);
  const { code, message, error } = payload;
  if (code === ResultCode.NotLoggedIn || code === ResultCode.SessionInvalid) {
    if (!options.silent) onUnauthorized();
    throw new ApiError(code, message, error);
  }
  if (code === ResultCode.Forbidden || code === ResultCode.Error || code === ResultCode.InvalidParams) {
    // The server's refusal says what was refused and why (a 403 names the user and the permissions),
    // in the reader's language by its code; the generic text is only for a reply that carries none.
    const fallback = code === ResultCode.Forbidden ? 'request.forbidden' : 'request.failed';
    const err = new ApiError(code, message, error);
    if (!options.silent) toastLater(err, fallback);
    throw err;
  }
  refreshSession();
  return payload as Envelope<T>;
}

// The ajax marker and the token header every call carries.
export function baseHeaders(): Record<string, string> {
  const headers: Record<string, string> = { [AJAX_HEADER]: AJAX_HEADER_VALUE };
  const token = getToken();
  if (token) headers[TOKEN_HEADER] = token;
  return headers;
}

export function post<T>(url: string, data?: unknown, options: RequestOptions = {}): Promise<Envelope<T>> {
  return send<T>('POST', url, data ?? {}, options);
}

export function postWithLoading<T>(url: string, data?: unknown, options: RequestOptions = {}): Promise<Envelope<T>> {
  return send<T>('POST', url, data ?? {}, { ...options, loading: true });
}

export function postLong<T>(url: string, data?: unknown, options: RequestOptions = {}): Promise<Envelope<T>> {
  return send<T>('POST', url, data ?? {}, { ...options, timeoutMs: REQUEST_LONG_TIMEOUT_MS });
}

export function postWithTimeout<T>(
  url: string,
  data: unknown,
  seconds: number,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  return send<T>('POST', url, data ?? {}, { ...options, timeoutMs: seconds * 1000 });
}

export function get<T>(url: string, query?: Query, options: RequestOptions = {}): Promise<Envelope<T>> {
  return send<T>('GET', withQuery(url, query), undefined, options);
}

export function put<T>(url: string, data?: unknown, options: RequestOptions = {}): Promise<Envelope<T>> {
  return send<T>('PUT', url, data ?? {}, options);
}

export function del<T>(url: string, query?: Query, options: RequestOptions = {}): Promise<Envelope<T>> {
  return send<T>('DELETE', withQuery(url, query), undefined, options);
}

// For react-query: resolve with the response body of a successful (code 1) reply, reject otherwise.
export async function unwrap<T>(call: Promise<Envelope<T>>): Promise<T> {
  const env = await call;
  if (env.code !== ResultCode.Success) throw new ApiError(env.code, env.message, env.error);
  return env.response;
}
