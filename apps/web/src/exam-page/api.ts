import type {
  AJAX_HEADER,
  AJAX_HEADER_VALUE,
  AttemptEvent,
  Endpoint,
  EndpointInput,
  EndpointOutput,
  EndpointRef,
  ErrorDetail,
  ResultCode,
  SaveItem,
  TOKEN_HEADER,
  UploadedFile,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';

// The exam page's own client of the exam-taking protocol. It does not import the main app's
// request client (antd's toasts, i18next) nor the contract's schemas (zod): it calls through the
// schema-free route table, and the constants below are typed by the contract's own, so they cannot
// drift from them.
const AJAX: typeof AJAX_HEADER = 'x-requested-with';
const AJAX_VALUE: typeof AJAX_HEADER_VALUE = 'XMLHttpRequest';
const TOKEN: typeof TOKEN_HEADER = 'token';
const SUCCESS: (typeof ResultCode)['Success'] = 1;
const NOT_LOGGED_IN: (typeof ResultCode)['NotLoggedIn'] = 401;
const SESSION_INVALID: (typeof ResultCode)['SessionInvalid'] = 502;

const TIMEOUT_MS = 20_000;

// code 0: the server was not reached (network, time-out, unreadable reply): worth retrying.
export class ApiError extends Error {
  readonly code: number;
  readonly detail?: ErrorDetail;
  constructor(code: number, message: string, detail?: ErrorDetail) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.detail = detail;
  }
  get unreachable(): boolean {
    return this.code === 0;
  }
  get loggedOut(): boolean {
    return this.code === NOT_LOGGED_IN || this.code === SESSION_INVALID;
  }
}

function readCookie(name: string): string | undefined {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
}

// The marker the server wants on every call that changes data with the session cookie, and the
// token the main app keeps in a readable cookie (sent as a header, as the main app does).
function headers(extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = { [AJAX]: AJAX_VALUE, ...extra };
  const token = readCookie('token');
  if (token) h[TOKEN] = token;
  return h;
}

interface Envelope<T> {
  code: number;
  message: string;
  response: T;
  error?: ErrorDetail;
}

async function send<T>(path: string, body: BodyInit, extra: Record<string, string>, keepalive = false): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let payload: Envelope<T>;
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: headers(extra),
      credentials: 'same-origin',
      body,
      signal: controller.signal,
      keepalive,
    });
    payload = (await res.json()) as Envelope<T>;
  } catch (err) {
    throw new ApiError(0, err instanceof Error ? err.message : 'network');
  } finally {
    clearTimeout(timer);
  }
  if (typeof payload?.code !== 'number') throw new ApiError(0, 'unreadable reply');
  if (payload.code !== SUCCESS) throw new ApiError(payload.code, payload.message, payload.error);
  return payload.response;
}

function post<T>(path: string, body: unknown, keepalive = false): Promise<T> {
  return send<T>(path, JSON.stringify(body), { 'Content-Type': 'application/json' }, keepalive);
}

// The contract's schema-free route table (no zod comes with it): each call typed by its endpoint.
function call<E extends Endpoint>(
  endpoint: EndpointRef<E>,
  body: EndpointInput<E> extends { body: infer B } ? B : never,
  keepalive = false,
): Promise<EndpointOutput<E>> {
  return post<EndpointOutput<E>>(endpoint.path, body, keepalive);
}

export const attemptApi = {
  start: (examId: number) => call(api.attempt.start, { examId }),
  waitingRoom: (examId: number) => call(api.attempt.waitingRoom, { examId }),
  save: (attemptId: number, items: SaveItem[], keepalive = false) =>
    call(api.attempt.save, { attemptId, items }, keepalive),
  submit: (attemptId: number, items: SaveItem[], reason: 'manual' | 'timeUp') =>
    call(api.attempt.submit, { attemptId, items, reason }),
  events: (attemptId: number, events: AttemptEvent[], keepalive = false) =>
    call(api.attempt.events, { attemptId, events }, keepalive),
  // A camera snapshot of this attempt: the body is the image itself (file-endpoints.ts, purpose `snapshot`).
  uploadSnapshot: (attemptId: number, image: Blob, name: string) =>
    send<UploadedFile>(`${api.file.upload.path}?purpose=snapshot&attemptId=${attemptId}`, image, {
      'Content-Type': image.type || 'image/jpeg',
      'x-file-name': encodeURIComponent(name),
    }),
};

// The student's own result (marking-endpoints.ts `myResult`): the score after hand-in, by its rule.
export const resultApi = {
  mine: (examId: number) => call(api.examScore.myResult, { examId }),
};

// Homework's immediate feedback (task-endpoints.ts `check`): one objective answer scored now.
export const taskApi = {
  check: (attemptId: number, questionId: number) => call(api.task.check, { attemptId, questionId }),
};

// Where the main app logs in: the organisation's own login page when it is known.
export function loginPath(): string {
  try {
    const raw = localStorage.getItem('lyceum.organization');
    const domain = raw ? (JSON.parse(raw) as { domain?: unknown }).domain : undefined;
    return typeof domain === 'string' && domain ? `/${encodeURIComponent(domain)}/login` : '/login';
  } catch {
    return '/login';
  }
}
