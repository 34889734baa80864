import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { fetchOrganization } from '../shell/auth-api';
import { usePageTitle } from '../shell/page-title';
import { saveOrganization } from '../shell/session';
import { LoginForm } from './login-form';
import { LoginLayout } from './login-layout';

export function OrgLoginPage() {
  const { t } = useTranslation();
  const domain = (useParams().organisation ?? '').toLowerCase();
  const org = useQuery({ queryKey: ['organization', domain], queryFn: () => fetchOrganization(domain), retry: false });
  usePageTitle(t('login.title'));

  useEffect(() => {
    if (org.data) saveOrganization(org.data);
  }, [org.data]);

  if (org.isPending) {
    return (
      <LoginLayout>
        <Spin style={{ display: 'block', margin: '32px auto' }} />
      </LoginLayout>
    );
  }
  if (org.isError) {
    return (
      <LoginLayout>
        <Result
          status="warning"
          title={t('login.unknownOrganisation', { domain })}
          subTitle={org.error.message}
          extra={
            <Link to="/login">
              <Button type="primary">{t('login.chooseOrganisation')}</Button>
            </Link>
          }
        />
      </LoginLayout>
    );
  }
  return (
    <LoginLayout orgName={org.data.name} logo={org.data.logo} subtitle={t('login.welcome')}>
      <LoginForm resolveDomain={async () => domain} />
    </LoginLayout>
  );
}
