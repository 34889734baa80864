import { appPathSegments, type MenuItem, type MenuResponse, type Title } from '@lyceum/contract';
import { useSyncExternalStore } from 'react';

// Everything the shell knows about a page: the static routes below plus the menu the server returned.
export interface RouteMeta {
  path: string;
  name: string;
  component: string;
  title: Title;
  area?: Title;
  noCache: boolean;
  affix: boolean;
  hidden: boolean;
  activeMenu: string | null;
}

function fixed(path: string, component: string, title: Title, extra: Partial<RouteMeta> = {}): RouteMeta {
  const name = component.replace(/\/(\w)/g, (_, c: string) => c.toUpperCase());
  return { path, name, component, title, noCache: false, affix: false, hidden: true, activeMenu: null, ...extra };
}

export const DASHBOARD_PATH = '/dashboard';

// The pages every logged-in user has. Every other page, the hidden ones opened from another screen
// (marking, a class's detail) included, is in the menu catalogue with its permission, and arrives
// with the menu only for roles that hold it.
export const staticRoutes: RouteMeta[] = [
  fixed(DASHBOARD_PATH, 'dashboard/index', { en: 'Dashboard', zh: '首页' }, { affix: true, noCache: true }),
  fixed('/profile/index', 'profile/index', { en: 'Personal info', zh: '个人信息' }),
  fixed('/profile/editPassword', 'profile/editPassword', { en: 'Change password', zh: '修改密码' }),
  // Staff have no menu page for their own messages (students have My study › My messages): the bell
  // opens them here.
  fixed('/profile/messages', 'message/inbox', { en: 'My messages', zh: '我的消息' }),
  // The screen kit's field kinds side by side, for people building screens: only in builds made with
  // VITE_KIT_GALLERY=1, never in the product.
  ...(import.meta.env.VITE_KIT_GALLERY === '1'
    ? [fixed('/kit/gallery', 'kit/gallery', { en: 'Field kinds', zh: '字段类型' })]
    : []),
];

// The organisation whose login page an address is (/{domain}/login), or null for the app's own
// pages that happen to end in /login (Logs > Login log is /log/login). Domains may not take a first
// segment of the app's pages (appPathSegments), so the two can never meet.
export function organisationOfLoginPath(pathname: string): string | null {
  const match = /^\/([^/]+)\/login\/?$/i.exec(pathname);
  if (!match) return null;
  let domain: string;
  try {
    domain = decodeURIComponent(match[1]).toLowerCase();
  } catch {
    return null;
  }
  return appPathSegments.has(domain) ? null : domain;
}

export function isOrganisationLoginPath(pathname: string): boolean {
  return organisationOfLoginPath(pathname) !== null;
}

// The login pages themselves: an expired session on them needs no redirect to the login page.
export function isLoginPath(pathname: string): boolean {
  return /^\/login\/?$/i.test(pathname) || isOrganisationLoginPath(pathname);
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/+$/, '')}/${child}`.replace(/\/+/g, '/');
}

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function routesOf(items: MenuItem[]): Map<string, RouteMeta> {
  const map = new Map<string, RouteMeta>();
  for (const item of items) {
    const area = { en: item.metaTitle, zh: item.metaTitleZh };
    for (const child of item.children) {
      const path = joinPath(item.path, child.path);
      map.set(path, {
        path,
        name: child.name,
        component: child.component,
        title: { en: child.metaTitle, zh: child.metaTitleZh },
        area,
        noCache: child.metaNoCache,
        affix: false,
        hidden: child.hidden,
        activeMenu: child.metaActiveMenu,
      });
    }
  }
  return map;
}

interface MenuState {
  loaded: boolean;
  items: MenuItem[];
  permissions: ReadonlySet<string>;
  routes: ReadonlyMap<string, RouteMeta>;
}

const empty: MenuState = { loaded: false, items: [], permissions: new Set(), routes: new Map() };
let state: MenuState = empty;
const listeners = new Set<() => void>();

function setState(next: MenuState): void {
  state = next;
  for (const l of listeners) l();
}

export function installMenu(menu: MenuResponse): void {
  setState({
    loaded: true,
    items: menu.routerItemVMList,
    permissions: new Set(menu.permissionList),
    routes: routesOf(menu.routerItemVMList),
  });
}

export function clearMenu(): void {
  setState(empty);
}

export function menuState(): MenuState {
  return state;
}

export function subscribeMenu(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMenu(): MenuState {
  return useSyncExternalStore(subscribeMenu, () => state);
}

export function resolveRoute(pathname: string, menu: MenuState = state): RouteMeta | undefined {
  const path = normalizePath(pathname);
  return staticRoutes.find((r) => r.path === path) ?? menu.routes.get(path);
}

// The visible page of the caller's menu that shows a component (a card's "see all" link), or null
// when their roles do not reach it.
export function findMenuPage(component: string, menu: MenuState = state): RouteMeta | null {
  for (const route of menu.routes.values()) if (route.component === component && !route.hidden) return route;
  return null;
}

export function useMenuPage(component: string): RouteMeta | null {
  return findMenuPage(component, useMenu());
}
