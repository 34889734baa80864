import { DEFAULT_THEME_COLOR } from '@lyceum/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, Spin } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { registerMessageApi, useGlobalLoading } from './feedback';
import { useOrganizationConfig } from './page-title';
import { useUiSize } from './preferences';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

function Feedback() {
  const { message } = App.useApp();
  const loading = useGlobalLoading();
  useEffect(() => registerMessageApi(message), [message]);
  return <Spin fullscreen spinning={loading} />;
}

export function AppRoot() {
  const { i18n } = useTranslation();
  const [size] = useUiSize();
  const themeColor = useOrganizationConfig()?.organization.themeColor || DEFAULT_THEME_COLOR;
  const zh = i18n.language === 'zh-CN';
  useEffect(() => {
    dayjs.locale(zh ? 'zh-cn' : 'en');
  }, [zh]);

  return (
    <ConfigProvider locale={zh ? zhCN : enUS} componentSize={size} theme={{ token: { colorPrimary: themeColor } }}>
      <App>
        <Feedback />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
