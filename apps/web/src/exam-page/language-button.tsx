import { setLang, useTexts } from './texts';

// Switches between English and Chinese (and tells the main app, which reads the same setting).
export function LanguageButton() {
  const { t, lang } = useTexts();
  return (
    <button
      type="button"
      className="xb xb-small"
      data-testid="language"
      onClick={() => setLang(lang === 'en' ? 'zh' : 'en')}
    >
      <span lang={lang === 'en' ? 'zh-CN' : 'en'}>{t('language')}</span>
      <span className="visually-hidden"> ({t('languageName')})</span>
    </button>
  );
}
