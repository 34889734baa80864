import { BankOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from '../shell/i18n';

interface Props {
  orgName?: string;
  logo?: string | null;
  subtitle?: string;
  // The organisation's public footer: a site in China must show its ICP filing number on its public pages.
  copyright?: string | null;
  icpNumber?: string | null;
  children: ReactNode;
}

// Plain markup rather than antd Card/Dropdown: those pull Tabs, Menu and friends into the login bundle.
export function LoginLayout({ orgName, logo, subtitle, copyright, icpNumber, children }: Props) {
  const { t, i18n } = useTranslation();
  const year = new Date().getFullYear();
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
      <footer className="login-footer">
        <span>{copyright || `© ${year} ${orgName ?? 'Lyceum'}`}</span>
        {icpNumber && (
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
            {icpNumber}
          </a>
        )}
      </footer>
    </div>
  );
}
