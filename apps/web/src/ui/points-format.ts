import type { Lang } from '@lyceum/contract';

// Points as the reader writes numbers: the browser's own locale when it speaks the language the app
// is shown in (en-IN groups "1,00,000", de-CH would not be asked for in English), else the app's
// language. Whole numbers only; a signed amount shows its sign ("+20", "−15").

const cache = new Map<string, Intl.NumberFormat>();

function localeFor(lang: Lang): string {
  const wanted = lang === 'zh' ? 'zh' : 'en';
  const own = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return own.find((tag) => tag.toLowerCase().startsWith(wanted)) ?? (lang === 'zh' ? 'zh-CN' : 'en');
}

function format(lang: Lang, signed: boolean): Intl.NumberFormat {
  const key = `${lang}:${signed}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.NumberFormat(localeFor(lang), {
      maximumFractionDigits: 0,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    cache.set(key, found);
  }
  return found;
}

export const pointsText = (value: number, lang: Lang): string => format(lang, false).format(value);
export const signedPointsText = (value: number, lang: Lang): string => format(lang, true).format(value);
