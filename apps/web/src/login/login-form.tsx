import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { ResultCode } from '@lyceum/contract';
import { Alert, Button, Form, Input } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type LoginOutcome, login } from '../shell/auth-api';

export interface LoginValues {
  domain?: string;
  userName: string;
  password: string;
}

interface Props {
  // Resolves the organisation to log into, or returns an error text to show.
  resolveDomain: (values: LoginValues) => Promise<string | { error: string }>;
  extraFields?: ReactNode;
  initialDomain?: string;
}

// Only same-site paths are accepted as the place to return to after login.
export function safeRedirect(raw: string | null): string {
  return raw?.startsWith('/') && !raw.startsWith('//') ? raw : '/dashboard';
}

export function LoginForm({ resolveDomain, extraFields, initialDomain }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function describe(result: Exclude<LoginOutcome, { ok: true }>): string {
    if (result.code === ResultCode.WrongCredentials) return t('login.wrongCredentials');
    const wait = /try again in (\d+)\s*s/i.exec(result.message);
    if (wait) return t('login.throttled', { seconds: wait[1] });
    return result.message || t('request.failed');
  }

  async function submit(values: LoginValues) {
    setBusy(true);
    setError(null);
    try {
      const domain = await resolveDomain(values);
      if (typeof domain !== 'string') {
        setError(domain.error);
        return;
      }
      const result = await login(domain, values.userName, values.password);
      if (result.ok) navigate(safeRedirect(params.get('redirect')), { replace: true });
      else setError(describe(result));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form<LoginValues>
      name="login"
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={() => setError(null)}
      initialValues={{ domain: initialDomain }}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
      {extraFields}
      <Form.Item
        name="userName"
        label={t('login.userName')}
        rules={[{ required: true, whitespace: true, message: t('login.userNameRequired') }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus={!extraFields} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
