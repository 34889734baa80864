import { DEFAULT_THEME_COLOR } from '@lyceum/contract';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { useOrganizationConfig } from './page-title';
import { useUiSize } from './preferences';
import { router } from './router';
import { appTheme } from './theme';

export function AppRoot() {
  const { i18n } = useTranslation();
  const [size] = useUiSize();
  const themeColor = useOrganizationConfig()?.organization.themeColor || DEFAULT_THEME_COLOR;
  const theme = useMemo(() => appTheme(themeColor), [themeColor]);
  return (
    <ConfigProvider locale={i18n.language === 'zh-CN' ? zhCN : enUS} componentSize={size} theme={theme}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
