import { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from './request';
import { RouteGuard } from './route-guard';
import { clearMenu } from './routes';
import { clearSession, loginPath } from './session';

export const router = createBrowserRouter([
  { path: '/login', lazy: () => import('../login/login-page').then((m) => ({ Component: m.LoginPage })) },
  {
    path: '/:organisation/login',
    lazy: () => import('../login/org-login-page').then((m) => ({ Component: m.OrgLoginPage })),
  },
  {
    path: '/staffLogin',
    lazy: () => import('../login/staff-login-page').then((m) => ({ Component: m.StaffLoginPage })),
  },
  // Everything else, including /, /redirect/* and unknown paths, lives in the guarded shell.
  { path: '*', Component: RouteGuard },
]);

setUnauthorizedHandler(() => {
  clearSession();
  clearMenu();
  const { pathname, search } = router.state.location;
  if (pathname.endsWith('/login')) return;
  void router.navigate(`${loginPath()}?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
});
