import { lazy, Suspense } from 'react';
import { createBrowserRouter, useLocation } from 'react-router';
import { setUnauthorizedHandler } from './request';
import { RouteGuard } from './route-guard';
import { clearMenu, isLoginPath, organisationOfLoginPath } from './routes';
import { clearSession, loginPath } from './session';
import { pageViews } from './view-registry';

const OrgLoginPage = lazy(() => import('../login/org-login-page').then((m) => ({ default: m.OrgLoginPage })));

// /{organisation}/login, unless the first segment is one of the app's areas (/log/login is the
// login log): menu paths always reach the guarded shell. Decided here rather than by a route
// pattern, so moving between shell pages never remounts the shell (and its kept-alive tabs).
function OrganisationLoginOrShell() {
  const domain = organisationOfLoginPath(useLocation().pathname);
  if (domain === null) return <RouteGuard />;
  return (
    <Suspense fallback={null}>
      <OrgLoginPage domain={domain} />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  { path: '/login', lazy: () => import('../login/login-page').then((m) => ({ Component: m.LoginPage })) },
  {
    path: '/staffLogin',
    lazy: () => import('../login/staff-login-page').then((m) => ({ Component: m.StaffLoginPage })),
  },
  // The test payment provider's page (where a payment's payUrl sends the payer) and a receipt to
  // print: pages of their own, outside the shell, as a provider's site and a sheet of paper are.
  { path: '/pay/test/:paymentNo', lazy: () => pageViews.testPay().then((m) => ({ Component: m.default })) },
  { path: '/pay/receipt/:paymentId', lazy: () => pageViews.receipt().then((m) => ({ Component: m.default })) },
  // The public application form and an applicant's status page (issue 34): no login.
  { path: '/apply/:domain', lazy: () => pageViews.apply().then((m) => ({ Component: m.default })) },
  { path: '/apply/:domain/status', lazy: () => pageViews.applyStatus().then((m) => ({ Component: m.default })) },
  // A certificate printed on a sheet of its own, and the public verification its QR code opens (issue 34).
  {
    path: '/certificate/print/:id',
    lazy: () => pageViews.certificatePrint().then((m) => ({ Component: m.default })),
  },
  { path: '/verify/:code', lazy: () => pageViews.verify().then((m) => ({ Component: m.default })) },
  // Everything else, including /, /redirect/* and unknown paths, lives in the guarded shell;
  // /{organisation}/login is told apart from menu paths such as /log/login inside.
  { path: '*', Component: OrganisationLoginOrShell },
]);

setUnauthorizedHandler(() => {
  clearSession();
  clearMenu();
  const { pathname, search } = router.state.location;
  if (isLoginPath(pathname)) return;
  void router.navigate(`${loginPath()}?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
});
