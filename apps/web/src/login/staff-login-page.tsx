import { Alert, Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { exchangeSecret, type LoginOutcome } from '../shell/auth-api';
import { usePageTitle } from '../shell/page-title';
import { loginPath } from '../shell/session';
import { LoginLayout } from './login-layout';

// Exchanges the one-time staff secret for a session, then continues to `next` (the dashboard by default).
export function StaffLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const secret = params.get('secret');
  const [result, setResult] = useState<LoginOutcome | null>(null);
  usePageTitle(t('login.staffTitle'));

  useEffect(() => {
    if (!secret) return;
    let alive = true;
    exchangeSecret(secret).then((r) => {
      if (!alive) return;
      setResult(r);
      if (r.ok) {
        const rest = new URLSearchParams(location.search);
        rest.delete('secret');
        const path = location.pathname === '/staffLogin' ? '/dashboard' : location.pathname;
        const qs = rest.toString();
        navigate(qs ? `${path}?${qs}` : path, { replace: true });
      }
    });
    return () => {
      alive = false;
    };
  }, [secret, location.pathname, location.search, navigate]);

  const failed = !secret || (result && !result.ok);
  return (
    <LoginLayout subtitle={t('login.staffTitle')}>
      {failed ? (
        <div className="login-problem">
          <Alert
            type="error"
            showIcon
            title={t('login.staffFailed')}
            description={t('login.staffFailedHint')}
            style={{ textAlign: 'left', marginBottom: 16 }}
          />
          <Button type="primary" onClick={() => window.location.assign(loginPath())}>
            {t('login.toLogin')}
          </Button>
        </div>
      ) : (
        <div style={{ textAlign: 'center', padding: '32px 0' }}>
          <Spin size="large" />
          <p style={{ marginTop: 16 }}>{t('login.staffProgress')}</p>
        </div>
      )}
    </LoginLayout>
  );
}
