// The login pages load this before anything else: it calls through the schema-free route table, so no
// zod travels with the login page.
import { api } from '@lyceum/contract/routes';
import { ApiError, type Cancel, call } from './request';
import { clearMenu } from './routes';
import { errorSentence } from './server-error';
import { clearSession, loginPath, saveOrganization, saveSession } from './session';

export function fetchOrganization(domain: string) {
  return call(api.common.organization, { params: { domain } }, { silent: true, retry: 2 });
}

export function fetchMenu() {
  return call(api.auth.menu, {}, { silent: true, retry: 2 });
}

export function fetchCurrentUser({ signal }: Cancel = {}) {
  return call(api.auth.current, {}, { signal, retry: 2 });
}

export type LoginOutcome = { ok: true } | { ok: false; code: number; message: string };

function succeeded(session: { userName: string; realName: string; token: string }): LoginOutcome {
  saveSession(session);
  clearMenu();
  return { ok: true };
}

function failure(err: unknown): LoginOutcome {
  if (err instanceof ApiError) return { ok: false, code: err.code, message: errorSentence(err.detail, err.message) };
  return { ok: false, code: 0, message: err instanceof Error ? err.message : String(err) };
}

export async function login(domain: string, userName: string, password: string): Promise<LoginOutcome> {
  try {
    return succeeded(await call(api.auth.login, { body: { userName, password, domain } }, { silent: true }));
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
        const result = succeeded(await call(api.auth.loginWithSecret, { query: { secret } }, { silent: true }));
        const me = await call(api.auth.current, {}, { silent: true });
        saveOrganization(me.organization);
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
  try {
    await call(api.auth.logout, {});
  } catch {
    // The refusal has been shown; the session stays.
    return;
  }
  clearSession();
  clearMenu();
  window.location.assign(loginPath());
}
