import type { Title } from '@lyceum/contract';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { DASHBOARD_PATH, type RouteMeta, resolveRoute, staticRoutes } from '../routes';

// A visited view, as the spec's tab: path, fullPath, query, name and meta.
export interface VisitedTab {
  path: string;
  fullPath: string;
  query: Record<string, string>;
  name: string;
  meta: { title: Title; affix: boolean; noCache: boolean };
  // Bumped by "refresh" so the view remounts with fresh state.
  refreshKey: number;
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

let tabs: VisitedTab[] = affixTabs();
const listeners = new Set<() => void>();

function set(next: VisitedTab[]): void {
  tabs = next;
  for (const l of listeners) l();
}

export function useVisitedTabs(): VisitedTab[] {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => tabs,
  );
}

export function visitTab(route: RouteMeta, fullPath: string, query: Record<string, string>): void {
  const existing = tabs.find((t) => t.path === route.path);
  if (existing) {
    if (existing.fullPath !== fullPath) set(tabs.map((t) => (t === existing ? { ...t, fullPath, query } : t)));
    return;
  }
  set([...tabs, tabOf(route, fullPath, query)]);
}

export function refreshTab(path: string): void {
  set(tabs.map((t) => (t.path === path ? { ...t, refreshKey: t.refreshKey + 1 } : t)));
}

// Each close returns where to go when the active tab disappears.
export function closeTab(path: string): string {
  const index = tabs.findIndex((t) => t.path === path);
  if (index < 0 || tabs[index].meta.affix) return path;
  const next = tabs.filter((t) => t.path !== path);
  set(next);
  return (next[index - 1] ?? next[next.length - 1])?.fullPath ?? DASHBOARD_PATH;
}

export function closeOtherTabs(path: string): void {
  set(tabs.filter((t) => t.meta.affix || t.path === path));
}

export function closeAllTabs(): string {
  const next = tabs.filter((t) => t.meta.affix);
  set(next);
  return next[0]?.fullPath ?? DASHBOARD_PATH;
}

// After a new login or a role switch the menu changes: tabs of pages no longer reachable go.
export function pruneTabs(): void {
  const kept = tabs.filter((t) => resolveRoute(t.path));
  if (kept.length !== tabs.length) set(kept);
}

// Lets a cached view read the address it was opened with, even while another tab is active.
export const TabContext = createContext<VisitedTab | null>(null);

export function useTabLocation(): VisitedTab | null {
  return useContext(TabContext);
}
