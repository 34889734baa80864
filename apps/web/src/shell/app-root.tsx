import { DEFAULT_THEME_COLOR } from '@lyceum/contract';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { useOrganizationConfig } from './page-title';
import { useUiSize } from './preferences';
import { router } from './router';

export function AppRoot() {
  const { i18n } = useTranslation();
  const [size] = useUiSize();
  const themeColor = useOrganizationConfig()?.organization.themeColor || DEFAULT_THEME_COLOR;
  return (
    <ConfigProvider
      locale={i18n.language === 'zh-CN' ? zhCN : enUS}
      componentSize={size}
      theme={{ token: { colorPrimary: themeColor } }}
    >
      {/* Without transitions: under load a transition can be put off, leaving the breadcrumb, the
          active tab and the title behind the address bar. */}
      <RouterProvider router={router} useTransitions={false} />
    </ConfigProvider>
  );
}
