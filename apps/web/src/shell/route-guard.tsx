import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { StaffLoginPage } from '../login/staff-login-page';
import { fetchMenu } from './auth-api';
import { installMenu, useMenu } from './routes';
import { loginPath } from './session';

const ShellLayout = lazy(() => import('./layout/shell-layout').then((m) => ({ default: m.ShellLayout })));

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

  if (!menu.loaded) return failed && hasSecret ? <StaffLoginPage /> : <FullPageSpin />;
  return (
    <Suspense fallback={<FullPageSpin />}>
      <ShellLayout />
    </Suspense>
  );
}
