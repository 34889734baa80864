import { BankOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchOrganization } from '../shell/auth-api';
import { usePageTitle } from '../shell/page-title';
import { readOrganizationConfig, saveOrganization } from '../shell/session';
import { LoginForm, type LoginValues } from './login-form';
import { LoginLayout } from './login-layout';

// The generic login: no organisation in the address, so the user names it.
export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));

  async function resolveDomain(values: LoginValues): Promise<string | { error: string }> {
    const domain = (values.domain ?? '').trim().toLowerCase();
    try {
      saveOrganization(await fetchOrganization(domain));
      return domain;
    } catch {
      return { error: t('login.unknownOrganisation', { domain }) };
    }
  }

  return (
    <LoginLayout subtitle={t('login.genericSubtitle')}>
      <LoginForm
        resolveDomain={resolveDomain}
        initialDomain={readOrganizationConfig()?.domain}
        extraFields={
          <Form.Item
            name="domain"
            label={t('login.organisation')}
            extra={t('login.organisationHint')}
            rules={[{ required: true, whitespace: true, message: t('login.organisationRequired') }]}
          >
            <Input prefix={<BankOutlined />} autoComplete="organization" autoFocus />
          </Form.Item>
        }
      />
    </LoginLayout>
  );
}
