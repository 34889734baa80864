import type { CurrentUser, Envelope, LoginResponse, MenuResponse, OrganizationPublic } from '@lyceum/contract';
import { ResultCode } from '@lyceum/contract';
import { ApiError, get, post, unwrap } from './request';
import { clearMenu } from './routes';
import { errorSentence } from './server-error';
import { clearSession, loginPath, saveOrganization, saveSession } from './session';

export function fetchOrganization(domain: string): Promise<OrganizationPublic> {
  return unwrap(
    get<OrganizationPublic>(`/api/common/organization/${encodeURIComponent(domain)}`, undefined, { silent: true }),
  );
}

export function fetchMenu(): Promise<MenuResponse> {
  return unwrap(get<MenuResponse>('/api/user/menu', undefined, { silent: true }));
}

export function fetchCurrentUser(): Promise<CurrentUser> {
  return unwrap(get<CurrentUser>('/api/user/current'));
}

export type LoginOutcome = { ok: true } | { ok: false; code: number; message: string };

function outcome(env: Envelope<LoginResponse>): LoginOutcome {
  if (env.code !== ResultCode.Success)
    return { ok: false, code: env.code, message: errorSentence(env.error, env.message) };
  saveSession(env.response);
  clearMenu();
  return { ok: true };
}

function failure(err: unknown): LoginOutcome {
  if (err instanceof ApiError) return { ok: false, code: err.code, message: errorSentence(err.detail, err.message) };
  return { ok: false, code: 0, message: err instanceof Error ? err.message : String(err) };
}

export async function login(domain: string, userName: string, password: string): Promise<LoginOutcome> {
  try {
    return outcome(await post<LoginResponse>('/api/user/login', { userName, password, domain }, { silent: true }));
  } catch (err) {
    return failure(err);
  }
}

// A one-time secret must be exchanged once, even if React mounts the page twice.
const exchanges = new Map<string, Promise<LoginOutcome>>();

export function exchangeSecret(secret: string): Promise<LoginOutcome> {
  let pending = exchanges.get(secret);
  if (!pending) {
    pending = (async () => {
      try {
        const result = outcome(await get<LoginResponse>('/api/user/login', { secret }, { silent: true }));
        if (result.ok) {
          const me = await unwrap(get<CurrentUser>('/api/user/current', undefined, { silent: true }));
          saveOrganization(me.organization);
        }
        return result;
      } catch (err) {
        return failure(err);
      }
    })();
    exchanges.set(secret, pending);
  }
  return pending;
}

export async function logout(): Promise<void> {
  const env = await get<null>('/api/user/logout');
  if (env.code !== ResultCode.Success) return;
  clearSession();
  clearMenu();
  window.location.assign(loginPath());
}
