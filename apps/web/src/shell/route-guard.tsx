import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchMenu } from './auth-api';
import { installMenu, useMenu } from './routes';
import { loginPath } from './session';

const ShellRoot = lazy(() => import('./layout/shell-root').then((m) => ({ default: m.ShellRoot })));
const StaffLoginPage = lazy(() => import('../login/staff-login-page').then((m) => ({ default: m.StaffLoginPage })));

function FullPageSpin() {
  return <Spin size="large" fullscreen />;
}

// Spec section 4: before showing any non-login page, make sure the menu (and so the dynamic routes) is loaded.
export function RouteGuard() {
  const menu = useMenu();
  const location = useLocation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const hasSecret = new URLSearchParams(location.search).has('secret');

  useEffect(() => {
    if (menu.loaded) return;
    let alive = true;
    setFailed(false);
    fetchMenu().then(
      (m) => alive && installMenu(m),
      () => {
        if (!alive) return;
        setFailed(true);
        const here = `${location.pathname}${location.search}`;
        if (new URLSearchParams(location.search).has('secret')) return;
        const target = location.pathname === '/' ? loginPath() : `${loginPath()}?redirect=${encodeURIComponent(here)}`;
        navigate(target, { replace: true });
      },
    );
    return () => {
      alive = false;
    };
  }, [menu.loaded, location.pathname, location.search, navigate]);

  return (
    <Suspense fallback={<FullPageSpin />}>
      {menu.loaded ? <ShellRoot /> : failed && hasSecret ? <StaffLoginPage /> : <FullPageSpin />}
    </Suspense>
  );
}
