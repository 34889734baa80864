import type { OrganizationPublic } from '@lyceum/contract';
import { Alert, Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchOrganization } from '../shell/auth-api';
import { usePageTitle } from '../shell/page-title';
import { ApiError } from '../shell/request';
import { saveOrganization } from '../shell/session';
import { LoginForm } from './login-form';
import { LoginLayout } from './login-layout';

type OrgState =
  | { kind: 'loading' }
  | { kind: 'ready'; org: OrganizationPublic }
  | { kind: 'failed'; message: string | null };

export function OrgLoginPage({ domain: given }: { domain: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const domain = given.toLowerCase();
  const [state, setState] = useState<OrgState>({ kind: 'loading' });
  usePageTitle(t('login.title'));

  useEffect(() => {
    let alive = true;
    setState({ kind: 'loading' });
    fetchOrganization(domain).then(
      (org) => {
        if (!alive) return;
        saveOrganization(org);
        setState({ kind: 'ready', org });
      },
      // The server's refusal says what the title says already; only another failure (the network) adds a line.
      (err: unknown) =>
        alive &&
        setState({
          kind: 'failed',
          message: err instanceof ApiError ? null : err instanceof Error ? err.message : null,
        }),
    );
    return () => {
      alive = false;
    };
  }, [domain]);

  if (state.kind === 'loading') {
    return (
      <LoginLayout>
        <Spin style={{ display: 'block', margin: '32px auto' }} />
      </LoginLayout>
    );
  }
  if (state.kind === 'failed') {
    return (
      <LoginLayout>
        <div className="login-problem">
          <Alert
            type="warning"
            showIcon
            title={t('login.unknownOrganisation', { domain })}
            description={state.message ?? t('login.unknownOrganisationHint')}
            style={{ textAlign: 'left', marginBottom: 16 }}
          />
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('login.chooseOrganisation')}
          </Button>
        </div>
      </LoginLayout>
    );
  }
  return (
    <LoginLayout
      orgName={state.org.name}
      logo={state.org.logo}
      subtitle={t('login.welcome')}
      copyright={state.org.copyright}
      icpNumber={state.org.icpNumber}
    >
      <LoginForm resolveDomain={async () => domain} />
    </LoginLayout>
  );
}
