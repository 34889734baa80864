// Business constants of the spec (section 9) and of the platform foundation.
export const SESSION_TTL_MS = 14_400_000;
export const REQUEST_TIMEOUT_MS = 100_000;
export const REQUEST_LONG_TIMEOUT_MS = 5_000_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const BACK_TO_TOP_PX = 100;
export const SIDEBAR_WIDTH_PX = 220;
export const HANDOFF_SECRET_TTL_MS = 60_000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const AJAX_HEADER = 'x-requested-with';
export const AJAX_HEADER_VALUE = 'XMLHttpRequest';
export const TOKEN_HEADER = 'token';
export const API_KEY_HEADER = 'x-api-key';
export const DEFAULT_THEME_COLOR = '#1677ff';
export const PLATFORM_TITLE = 'Lyceum';

// The session cookie is named for the organisation so two organisations can be open side by side.
export function sessionCookieName(domain: string): string {
  return `lyceum_${domain}`;
}

// The most rows one Excel export writes.
export const MAX_EXPORT_ROWS = 50_000;
