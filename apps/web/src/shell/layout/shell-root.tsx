import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, Spin } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { registerMessageApi, useGlobalLoading } from '../feedback';
import { registerFieldLabels } from '../locales/field-labels';
import { ShellLayout } from './shell-layout';

// Everything only logged-in screens need lives here, so the login pages load none of it.
registerFieldLabels();
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

// Browser tests keep one page open across tests and move inside it; before each test they drop what
// no open screen shows, so a screen opened next reads the server afresh, as after a reload. Only a
// browser under automation (navigator.webdriver) gets the hook.
if (navigator.webdriver) {
  (window as Window & { lyceumForgetInactive?: () => void }).lyceumForgetInactive = () =>
    queryClient.removeQueries({ type: 'inactive' });
}

function Feedback() {
  const { message } = App.useApp();
  const loading = useGlobalLoading();
  const { i18n } = useTranslation();
  useEffect(() => registerMessageApi(message), [message]);
  useEffect(() => {
    dayjs.locale(i18n.language === 'zh-CN' ? 'zh-cn' : 'en');
  }, [i18n.language]);
  return <Spin fullscreen spinning={loading} />;
}

export function ShellRoot() {
  return (
    <App>
      <Feedback />
      <QueryClientProvider client={queryClient}>
        <ShellLayout />
      </QueryClientProvider>
    </App>
  );
}
