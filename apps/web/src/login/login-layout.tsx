import { BankOutlined } from '@ant-design/icons';
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

// Plain markup rather than antd Card/Dropdown/Segmented: those pull Tabs, Menu and friends into the
// login bundle, which has a budget (bench/bundle-budget.ts).
export function LoginLayout({ orgName, logo, subtitle, copyright, icpNumber, children }: Props) {
  const { t, i18n } = useTranslation();
  const year = new Date().getFullYear();
  const current: Language = i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
  return (
    <div className="login-page">
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset */}
      <div className="login-lang" role="group" aria-label={t('shell.language')}>
        {LANGUAGES.map((lang) => (
          <button
            key={lang.value}
            type="button"
            lang={lang.value}
            aria-pressed={lang.value === current}
            onClick={() => setLanguage(lang.value)}
          >
            {lang.label}
          </button>
        ))}
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
