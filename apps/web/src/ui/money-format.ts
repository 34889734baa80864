import type { Lang } from '@lyceum/contract';

// Money as the reader writes it. Amounts travel as whole minor units (fen, cents) with their
// currency (ISO 4217); the server never formats them. The currency's own minor digits come from
// Intl (CNY, USD, EUR 2; JPY, KRW 0), so a yen amount is never divided by 100.

const cache = new Map<string, Intl.NumberFormat>();

function localeFor(lang: Lang): string {
  const wanted = lang === 'zh' ? 'zh' : 'en';
  const own = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return own.find((tag) => tag.toLowerCase().startsWith(wanted)) ?? (lang === 'zh' ? 'zh-CN' : 'en');
}

function format(lang: Lang, currency: string, signed: boolean): Intl.NumberFormat {
  const key = `${lang}:${currency}:${signed}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.NumberFormat(localeFor(lang), {
      style: 'currency',
      currency,
      // "¥", "$", "€" rather than "CN¥", "US$": a school works in one currency, named on its forms.
      currencyDisplay: 'narrowSymbol',
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    cache.set(key, found);
  }
  return found;
}

// How many digits the currency's minor unit has (2 for CNY, 0 for JPY).
export function currencyDigits(currency: string): number {
  return format('en', currency, false).resolvedOptions().maximumFractionDigits ?? 2;
}

// Minor units as a number of major units (1230 fen → 12.3 yuan), for inputs and charts.
export const toMajor = (minor: number, currency: string): number => minor / 10 ** currencyDigits(currency);

// Major units typed by a person back to whole minor units (12.30 → 1230), rounded to the unit. The
// shift is done on the decimal text (1.005 × 100 is 100.49999… in binary, "1.005e2" is 100.5).
export function toMinor(major: number, currency: string): number {
  const digits = currencyDigits(currency);
  const shifted = Number(`${major}e${digits}`);
  return Math.round(Number.isFinite(shifted) ? shifted : major * 10 ** digits);
}

// "¥12.30", "$1,234.00", "¥1,234" (JPY: no minor unit).
export const formatMoney = (minor: number, currency: string, lang: Lang): string =>
  format(lang, currency, false).format(toMajor(minor, currency));

// With its sign: "+¥12.30", "-¥5.00" (refunds, differences).
export const formatSignedMoney = (minor: number, currency: string, lang: Lang): string =>
  format(lang, currency, true).format(toMajor(minor, currency));

// The currency's symbol as the reader writes it ("¥", "$", "€"), for an amount input's prefix.
export function currencySymbol(currency: string, lang: Lang): string {
  return (
    format(lang, currency, false)
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? currency
  );
}
