import { ERRORS, type Lang, type Title } from '@lyceum/contract';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from './locales/en';
import { zh } from './locales/zh';

export type Language = 'en' | 'zh-CN';
export const LANGUAGES: { value: Language; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'zh-CN', label: '简体中文' },
];
const LANG_KEY = 'lyceum.lang';

function initialLanguage(): Language {
  const stored = localStorage.getItem(LANG_KEY);
  if (stored === 'en' || stored === 'zh-CN') return stored;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

function catalogue(lang: 'en' | 'zh'): Record<string, string> {
  return Object.fromEntries(Object.entries(ERRORS).map(([key, entry]) => [key, entry[lang]]));
}

i18n.use(initReactI18next).init({
  // `errors`: the contract's catalogue of server refusals (see server-error.ts).
  resources: {
    en: { translation: en, errors: catalogue('en') },
    'zh-CN': { translation: zh, errors: catalogue('zh') },
  },
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});
document.documentElement.lang = i18n.language;

export function setLanguage(lang: Language): void {
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
}

// The contract's label maps are keyed 'en' / 'zh'.
export function useLang(): Lang {
  const { i18n: instance } = useTranslation();
  return instance.language === 'zh-CN' ? 'zh' : 'en';
}

export function pickTitle(title: Title, lang: Lang): string {
  return title[lang] || title.en;
}

export default i18n;
