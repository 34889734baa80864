import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { pickTitle, useLang } from '../i18n';
import { usePageTitle } from '../page-title';
import { type RouteMeta, resolveRoute, useMenu } from '../routes';
import { ViewHost } from '../view-host';
import {
  KEPT_VIEWS,
  refreshTab,
  TabContext,
  useRecentPaths,
  useVisitedTabs,
  type VisitedTab,
  visitTab,
} from './tabs-store';

// /redirect/<path> refreshes the tab of <path> and goes back to it (the spec's helper page; the tabs'
// own Refresh no longer goes through it).
function RedirectPage({ target }: { target: string }) {
  const path = target.split('?')[0];
  useEffect(() => {
    refreshTab(path);
  }, [path]);
  return <Navigate to={target} replace />;
}

const NotFoundView = lazy(() => import('../status-pages').then((m) => ({ default: m.NotFoundView })));

function NotFoundPage() {
  usePageTitle('404');
  return (
    <Suspense fallback={null}>
      <NotFoundView />
    </Suspense>
  );
}

function useCurrentRoute(): { route: RouteMeta | undefined; pathname: string; search: string } {
  const menu = useMenu();
  const { pathname, search } = useLocation();
  return { route: resolveRoute(pathname, menu), pathname, search };
}

export function useActiveRoute(): RouteMeta | undefined {
  return useCurrentRoute().route;
}

function observerCounts(client: QueryClient): Map<string, number> {
  return new Map(
    client
      .getQueryCache()
      .getAll()
      .map((q) => [q.queryHash, q.getObserversCount()]),
  );
}

// A refresh in progress: the view is unmounted, and `before` holds each query's observer count while
// it was still mounted (null when the refresh was asked while the pane was not mounted at all).
type Refreshing = { before: Map<string, number> | null };

// The tab's key last shown by a pane that has since unmounted: a higher key on the next mount means
// a refresh was asked meanwhile.
const shownKeys = new Map<string, number>();

// One tab's view. Memoised, so a navigation re-renders only the panes that are shown or hidden by it.
const TabPane = memo(function TabPane({ tab, route, active }: { tab: VisitedTab; route: RouteMeta; active: boolean }) {
  const client = useQueryClient();
  const [shown, setShown] = useState<{ key: number; refreshing: Refreshing | null }>(() => {
    const last = shownKeys.get(tab.path);
    return { key: tab.refreshKey, refreshing: last !== undefined && last < tab.refreshKey ? { before: null } : null };
  });

  useEffect(() => () => void shownKeys.set(tab.path, shown.key), [tab.path, shown.key]);

  // Refresh, step 1: note every query's observers while the old view is still mounted, then unmount it.
  useLayoutEffect(() => {
    if (tab.refreshKey !== shown.key && !shown.refreshing) {
      setShown({ key: shown.key, refreshing: { before: observerCounts(client) } });
    }
  }, [tab.refreshKey, shown, client]);

  // Step 2, once the view's subscriptions are gone: the queries that lost observers are the ones it
  // used. Marking them invalid makes the view's next mount fetch them again (a remount alone would be
  // served from the cache) and refetches them at once where another tab still shows them. A pane that
  // was not mounted cannot tell its queries apart, so every query nobody shows is marked instead.
  useEffect(() => {
    const refreshing = shown.refreshing;
    if (!refreshing) return;
    const { before } = refreshing;
    void client.invalidateQueries(
      before
        ? { predicate: (q) => q.getObserversCount() < (before.get(q.queryHash) ?? 0) }
        : { type: 'inactive', refetchType: 'none' },
    );
    setShown({ key: tab.refreshKey, refreshing: null });
  }, [shown, tab.refreshKey, client]);

  return (
    <div hidden={!active} className="view-pane" data-tab={tab.path}>
      {!shown.refreshing && (
        <TabContext.Provider value={tab}>
          <ViewHost key={shown.key} route={route} />
        </TabContext.Provider>
      )}
    </div>
  );
});

// The active view first, then the most recently visited ones, up to KEPT_VIEWS; no-cache views only
// while active. Older tabs stay in the tab bar and mount again when visited.
function keptPaths(tabs: VisitedTab[], recent: string[], active: string | undefined): Set<string> {
  const cacheable = new Set(tabs.filter((t) => !t.meta.noCache).map((t) => t.path));
  const order = recent.filter((p) => p !== active && cacheable.has(p));
  return new Set(active ? [active, ...order.slice(0, KEPT_VIEWS - 1)] : order.slice(0, KEPT_VIEWS));
}

// Renders the kept views at once and hides the inactive ones, so a tab keeps its state (filters,
// page, open drawers) while another is shown.
export function ViewStack() {
  const lang = useLang();
  const menu = useMenu();
  const { route, pathname, search } = useCurrentRoute();
  const tabs = useVisitedTabs();
  const recent = useRecentPaths();
  const fullPath = pathname + search;
  usePageTitle(route ? pickTitle(route.title, lang) : undefined);

  // Before paint, so the tab bar never shows a frame without the tab of the address.
  useLayoutEffect(() => {
    if (route) visitTab(route, fullPath, Object.fromEntries(new URLSearchParams(search)));
  }, [route, fullPath, search]);

  if (pathname === '/' || pathname === '') return <Navigate to="/dashboard" replace />;
  const redirect = pathname.startsWith('/redirect/') ? fullPath.slice('/redirect'.length) : null;

  const kept = keptPaths(tabs, recent, route?.path);
  return (
    <>
      {tabs.map((tab) => {
        const tabRoute = kept.has(tab.path) ? resolveRoute(tab.path, menu) : undefined;
        return tabRoute && <TabPane key={tab.path} tab={tab} route={tabRoute} active={tab.path === route?.path} />;
      })}
      {redirect !== null && <RedirectPage target={redirect} />}
      {!route && redirect === null && <NotFoundPage />}
    </>
  );
}
