import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, formatSignedMoney, toMajor, toMinor } from './money-format';

describe('money format', () => {
  it('knows each currency’s minor digits', () => {
    expect(currencyDigits('CNY')).toBe(2);
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KRW')).toBe(0);
  });

  it('divides minor units by the currency’s own power of ten', () => {
    expect(toMajor(1230, 'CNY')).toBe(12.3);
    expect(toMajor(1230, 'JPY')).toBe(1230);
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56');
    expect(formatMoney(1230, 'JPY', 'en')).toBe('¥1,230');
    expect(formatMoney(1230, 'CNY', 'zh')).toBe('¥12.30');
  });

  it('turns typed amounts back into whole minor units without float drift', () => {
    expect(toMinor(12.3, 'CNY')).toBe(1230);
    expect(toMinor(0.29, 'CNY')).toBe(29);
    expect(toMinor(1.005, 'USD')).toBe(101);
    expect(toMinor(500, 'JPY')).toBe(500);
  });

  it('signs refunds and differences', () => {
    expect(formatSignedMoney(-500, 'CNY', 'en')).toBe('-¥5.00');
    expect(formatSignedMoney(0, 'CNY', 'en')).toBe('¥0.00');
  });
});
