import { type OrganizationPublic, SESSION_TTL_MS } from '@lyceum/contract';
import Cookies from 'js-cookie';

// The readable login cookies of the spec. The server keeps its own HttpOnly session cookie;
// these let the client show who is logged in and send the token header.
const LOGIN_COOKIES = ['userName', 'realName', 'token'] as const;
const ORG_KEY = 'lyceum.organization';

export interface LoginSession {
  userName: string;
  realName: string;
  token: string;
}

export interface OrganizationConfig {
  domain: string;
  organization: Pick<OrganizationPublic, 'name'> & Partial<OrganizationPublic>;
}

function expiry(): Date {
  return new Date(Date.now() + SESSION_TTL_MS);
}

export function saveSession(session: LoginSession): void {
  const expires = expiry();
  for (const key of LOGIN_COOKIES) Cookies.set(key, session[key], { expires, sameSite: 'Lax', path: '/' });
}

export function readSession(): LoginSession | null {
  const token = Cookies.get('token');
  if (!token) return null;
  return { token, userName: Cookies.get('userName') ?? '', realName: Cookies.get('realName') ?? '' };
}

export function getToken(): string | undefined {
  return Cookies.get('token');
}

// Every successful call pushes the 4-hour expiry forward.
export function refreshSession(): void {
  const session = readSession();
  if (session) saveSession(session);
}

export function clearSession(): void {
  for (const key of LOGIN_COOKIES) Cookies.remove(key, { path: '/' });
}

export function readOrganizationConfig(): OrganizationConfig | null {
  try {
    const raw = localStorage.getItem(ORG_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || !('domain' in parsed) || !('organization' in parsed))
      return null;
    return parsed as OrganizationConfig;
  } catch {
    return null;
  }
}

export function saveOrganization(org: OrganizationPublic): void {
  const config: OrganizationConfig = { domain: org.domain, organization: org };
  localStorage.setItem(ORG_KEY, JSON.stringify(config));
  window.dispatchEvent(new Event('lyceum:organization'));
}

export function loginPath(): string {
  const domain = readOrganizationConfig()?.domain;
  return domain ? `/${encodeURIComponent(domain)}/login` : '/login';
}
