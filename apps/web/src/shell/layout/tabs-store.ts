import type { Title } from '@lyceum/contract';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { DASHBOARD_PATH, menuState, type RouteMeta, resolveRoute, staticRoutes, subscribeMenu } from '../routes';
import { readOrganizationConfig, readSession } from '../session';

// How many views stay mounted (the most recently visited); older tabs stay as tabs and mount again
// when visited. Every mounted view costs memory and render time on each navigation.
export const KEPT_VIEWS = 10;

// A visited view, as the spec's tab: path, fullPath, query, name and meta.
export interface VisitedTab {
  path: string;
  fullPath: string;
  query: Record<string, string>;
  name: string;
  meta: { title: Title; affix: boolean; noCache: boolean };
  // Bumped by "refresh": the view's pane mounts it again and refetches its queries.
  refreshKey: number;
}

interface TabsState {
  // Whose tabs these are ('{organisation}/{user name}'); null before the first menu arrives.
  owner: string | null;
  tabs: VisitedTab[];
  // Paths, most recently visited first: the views worth keeping mounted.
  recent: string[];
}

function queryOf(fullPath: string): Record<string, string> {
  const at = fullPath.indexOf('?');
  return at < 0 ? {} : Object.fromEntries(new URLSearchParams(fullPath.slice(at + 1)));
}

function tabOf(route: RouteMeta, fullPath: string, query: Record<string, string>): VisitedTab {
  return {
    path: route.path,
    fullPath,
    query,
    name: route.name,
    meta: { title: route.title, affix: route.affix, noCache: route.noCache },
    refreshKey: 0,
  };
}

function affixTabs(): VisitedTab[] {
  return staticRoutes.filter((r) => r.affix).map((r) => tabOf(r, r.path, {}));
}

// Open tabs survive F5 in this browser tab's sessionStorage, one entry per organisation and user, so
// whoever logs in next here does not get them. Titles are not stored: they come from the menu.
const STORAGE_PREFIX = 'lyceum.tabs:';

function tabsOwner(): string | null {
  const session = readSession();
  return session ? `${readOrganizationConfig()?.domain ?? ''}/${session.userName}` : null;
}

function saveTabs(owner: string, tabs: VisitedTab[]): void {
  const kept = tabs.filter((t) => !t.meta.affix).map(({ path, fullPath }) => ({ path, fullPath }));
  try {
    sessionStorage.setItem(STORAGE_PREFIX + owner, JSON.stringify(kept));
  } catch {
    // Storage full or disabled: the tabs simply do not survive a reload.
  }
}

function storedEntries(owner: string): { path: string; fullPath: string }[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_PREFIX + owner) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((x: unknown) => {
      if (typeof x !== 'object' || x === null || !('path' in x) || !('fullPath' in x)) return [];
      const { path, fullPath } = x;
      if (typeof path !== 'string' || typeof fullPath !== 'string') return [];
      return fullPath === path || fullPath.startsWith(`${path}?`) ? [{ path, fullPath }] : [];
    });
  } catch {
    return [];
  }
}

// The stored tabs this user still reaches with the current menu, after the fixed ones.
function restoreTabs(owner: string): VisitedTab[] {
  const tabs = affixTabs();
  for (const { path, fullPath } of storedEntries(owner)) {
    const route = resolveRoute(path);
    if (route && !tabs.some((t) => t.path === route.path)) tabs.push(tabOf(route, fullPath, queryOf(fullPath)));
  }
  return tabs;
}

let state: TabsState = { owner: null, tabs: affixTabs(), recent: [] };
const listeners = new Set<() => void>();

function set(next: TabsState): void {
  if (next.owner !== null && next.owner === state.owner && next.tabs !== state.tabs) saveTabs(next.owner, next.tabs);
  state = next;
  for (const l of listeners) l();
}

function withTabs(tabs: VisitedTab[]): TabsState {
  return { ...state, tabs, recent: state.recent.filter((p) => tabs.some((t) => t.path === p)) };
}

// The tabs follow the menu, which is loaded once per login and again after a role switch: a menu for
// someone else opens that person's tabs (restored from this browser tab if they had some here), and
// tabs of pages the menu no longer reaches go (on restore too).
function followMenu(): void {
  if (!menuState().loaded) return;
  const owner = tabsOwner();
  if (owner !== state.owner) {
    set({ owner, tabs: owner ? restoreTabs(owner) : affixTabs(), recent: [] });
    return;
  }
  const kept = state.tabs.filter((t) => resolveRoute(t.path));
  if (kept.length !== state.tabs.length) set(withTabs(kept));
}

subscribeMenu(followMenu);
followMenu();

function subscribe(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

export function useVisitedTabs(): VisitedTab[] {
  return useSyncExternalStore(subscribe, () => state.tabs);
}

export function useRecentPaths(): string[] {
  return useSyncExternalStore(subscribe, () => state.recent);
}

export function visitTab(route: RouteMeta, fullPath: string, query: Record<string, string>): void {
  const existing = state.tabs.find((t) => t.path === route.path);
  let tabs = state.tabs;
  if (!existing) tabs = [...tabs, tabOf(route, fullPath, query)];
  else if (existing.fullPath !== fullPath) tabs = tabs.map((t) => (t === existing ? { ...t, fullPath, query } : t));
  const recent =
    state.recent[0] === route.path ? state.recent : [route.path, ...state.recent.filter((p) => p !== route.path)];
  if (tabs !== state.tabs || recent !== state.recent) set({ ...state, tabs, recent });
}

export function refreshTab(path: string): void {
  set({ ...state, tabs: state.tabs.map((t) => (t.path === path ? { ...t, refreshKey: t.refreshKey + 1 } : t)) });
}

// Each close returns where to go when the active tab disappears.
export function closeTab(path: string): string {
  const { tabs } = state;
  const index = tabs.findIndex((t) => t.path === path);
  if (index < 0 || tabs[index].meta.affix) return path;
  const next = tabs.filter((t) => t.path !== path);
  set(withTabs(next));
  return (next[index - 1] ?? next[next.length - 1])?.fullPath ?? DASHBOARD_PATH;
}

export function closeOtherTabs(path: string): void {
  set(withTabs(state.tabs.filter((t) => t.meta.affix || t.path === path)));
}

export function closeAllTabs(): string {
  const next = state.tabs.filter((t) => t.meta.affix);
  set(withTabs(next));
  return next[0]?.fullPath ?? DASHBOARD_PATH;
}

// Lets a cached view read the address it was opened with, even while another tab is active.
export const TabContext = createContext<VisitedTab | null>(null);

export function useTabLocation(): VisitedTab | null {
  return useContext(TabContext);
}
