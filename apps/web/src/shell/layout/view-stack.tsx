import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { pickTitle, useLang } from '../i18n';
import { usePageTitle } from '../page-title';
import { type RouteMeta, resolveRoute, useMenu } from '../routes';
import { NotFoundView } from '../status-views';
import { ViewHost } from '../view-host';
import { refreshTab, TabContext, useVisitedTabs, visitTab } from './tabs-store';

// /redirect/<path> remounts the tab of <path> and goes back to it: the spec's tab refresh.
function RedirectPage({ target }: { target: string }) {
  const path = target.split('?')[0];
  useEffect(() => {
    refreshTab(path);
  }, [path]);
  return <Navigate to={target} replace />;
}

function NotFoundPage() {
  usePageTitle('404');
  return <NotFoundView />;
}

function useCurrentRoute(): { route: RouteMeta | undefined; pathname: string; search: string } {
  const menu = useMenu();
  const { pathname, search } = useLocation();
  return { route: resolveRoute(pathname, menu), pathname, search };
}

export function useActiveRoute(): RouteMeta | undefined {
  return useCurrentRoute().route;
}

// Renders every cached tab at once and hides the inactive ones, so a tab keeps its state
// (filters, page, open drawers) while another is shown. No-cache routes render only when active.
export function ViewStack() {
  const lang = useLang();
  const { route, pathname, search } = useCurrentRoute();
  const tabs = useVisitedTabs();
  const fullPath = pathname + search;
  usePageTitle(route ? pickTitle(route.title, lang) : undefined);

  useEffect(() => {
    if (route) visitTab(route, fullPath, Object.fromEntries(new URLSearchParams(search)));
  }, [route, fullPath, search]);

  if (pathname === '/' || pathname === '') return <Navigate to="/dashboard" replace />;
  const redirect = pathname.startsWith('/redirect/') ? fullPath.slice('/redirect'.length) : null;

  const active = route ? tabs.find((t) => t.path === route.path) : undefined;
  return (
    <>
      {tabs
        .filter((tab) => !tab.meta.noCache || tab === active)
        .map((tab) => {
          const tabRoute = resolveRoute(tab.path);
          if (!tabRoute) return null;
          return (
            <div key={`${tab.path}#${tab.refreshKey}`} hidden={tab !== active} className="view-pane">
              <TabContext.Provider value={tab}>
                <ViewHost route={tabRoute} />
              </TabContext.Provider>
            </div>
          );
        })}
      {redirect !== null && <RedirectPage target={redirect} />}
      {!route && redirect === null && <NotFoundPage />}
    </>
  );
}
