import { DEFAULT_THEME_COLOR } from '@lyceum/contract';
import { ConfigProvider } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { antdLocale } from './i18n';
import { usePrefersReducedMotion } from './layout/use-device';
import { useOrganizationConfig } from './page-title';
import { useUiSize } from './preferences';
import { router } from './router';
import { appTheme } from './theme';

export function AppRoot() {
  // Re-renders when the language changes.
  useTranslation();
  const [size] = useUiSize();
  const themeColor = useOrganizationConfig()?.organization.themeColor || DEFAULT_THEME_COLOR;
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => appTheme(themeColor, reducedMotion), [themeColor, reducedMotion]);
  return (
    <ConfigProvider locale={antdLocale()} componentSize={size} theme={theme}>
      {/* Without transitions: under load a transition can be put off, leaving the breadcrumb, the
          active tab and the title behind the address bar. */}
      <RouterProvider router={router} useTransitions={false} />
    </ConfigProvider>
  );
}
