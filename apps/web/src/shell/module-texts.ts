import { useTranslation } from 'react-i18next';
import i18n from './i18n';

// Texts that live with their module (a domain, a shared component) rather than in the shell's locales.
// A module declares its English and Chinese texts once; the hook adds them under `prefix` the first time
// a component of the module renders, so no module needs a side-effect import to have its texts ready.
// Keys read as `${prefix}.key`, exactly like shell texts.
export function moduleTexts<Texts extends Record<string, string>>(prefix: string, en: Texts, zh: Texts) {
  let added = false;
  function register(): void {
    if (added) return;
    i18n.addResourceBundle('en', 'translation', { [prefix]: en }, true, true);
    i18n.addResourceBundle('zh-CN', 'translation', { [prefix]: zh }, true, true);
    added = true;
  }
  return {
    register,
    // useTranslation() with this module's texts guaranteed to be present.
    useTexts() {
      register();
      return useTranslation();
    },
  };
}
