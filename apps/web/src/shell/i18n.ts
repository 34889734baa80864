import { ERRORS, type Lang, type Title } from '@lyceum/contract';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from './locales/en';

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

// English is bundled (it is the fallback); Chinese, the shell's texts and antd's, is fetched the first
// time it is chosen, so an English login page does not download it.
const antdLocales: Partial<Record<Language, Locale>> = { en: enUS };

i18n.use(initReactI18next).init({
  // `errors`: the contract's catalogue of server refusals (see server-error.ts).
  resources: {
    en: { translation: en, errors: catalogue('en') },
    'zh-CN': { errors: catalogue('zh') },
  },
  partialBundledLanguages: true,
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

async function loadLanguage(lang: Language): Promise<void> {
  if (antdLocales[lang]) return;
  const [{ zh }, antd] = await Promise.all([import('./locales/zh'), import('antd/locale/zh_CN')]);
  i18n.addResourceBundle('zh-CN', 'translation', zh);
  antdLocales[lang] = antd.default;
}

// Loads the language when needed and switches to it; stays on the current one if it cannot be loaded.
async function applyLanguage(lang: Language): Promise<void> {
  try {
    await loadLanguage(lang);
  } catch {
    return;
  }
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

// The first render waits for this, so a Chinese page never shows English first.
export const i18nReady: Promise<void> = applyLanguage(initialLanguage());

export function setLanguage(lang: Language): void {
  localStorage.setItem(LANG_KEY, lang);
  void applyLanguage(lang);
}

// antd's texts (pagination, pickers, empty states) in the current language.
export function antdLocale(): Locale {
  return antdLocales[currentLanguage()] ?? enUS;
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
