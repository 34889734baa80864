import { BankOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from '../shell/i18n';

interface Props {
  orgName?: string;
  logo?: string | null;
  subtitle?: string;
  children: ReactNode;
}

// Plain markup rather than antd Card/Dropdown: those pull Tabs, Menu and friends into the login bundle.
export function LoginLayout({ orgName, logo, subtitle, children }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <div className="login-page">
      <div className="login-lang">
        <Segmented<Language>
          size="small"
          aria-label={t('shell.language')}
          value={i18n.language === 'zh-CN' ? 'zh-CN' : 'en'}
          options={LANGUAGES}
          onChange={setLanguage}
        />
      </div>
      <main className="login-card">
        <div className="login-header">
          {logo ? (
            <img src={logo} alt="" className="login-logo" />
          ) : (
            <span className="login-logo" aria-hidden>
              <BankOutlined />
            </span>
          )}
          <h1 className="login-title">{orgName ?? 'Lyceum'}</h1>
          {subtitle && <p className="login-subtitle">{subtitle}</p>}
        </div>
        {children}
      </main>
    </div>
  );
}
