import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

// The kit's texts, as crud/i18n.ts declares them, so the test reads like the screen.
const texts: Record<string, Record<string, string>> = {
  en: { 'kit.durationHm': '{{h}} h {{m}} min', 'kit.durationH': '{{h}} h', 'kit.durationM': '{{m}} min' },
  zh: { 'kit.durationHm': '{{h}}小时{{m}}分', 'kit.durationH': '{{h}}小时', 'kit.durationM': '{{m}}分钟' },
};
const tr = (lang: string) => (key: string, params: { h?: number; m?: number }) =>
  texts[lang][key].replace('{{h}}', String(params.h)).replace('{{m}}', String(params.m));

describe('durations in minutes', () => {
  it('reads hours and minutes in both languages', () => {
    expect(formatDuration(90, tr('en'))).toBe('1 h 30 min');
    expect(formatDuration(90, tr('zh'))).toBe('1小时30分');
  });

  it('leaves out a zero part', () => {
    expect(formatDuration(120, tr('en'))).toBe('2 h');
    expect(formatDuration(45, tr('en'))).toBe('45 min');
    expect(formatDuration(0, tr('zh'))).toBe('0分钟');
  });

  it('rounds to whole minutes without carrying 60 into the minutes', () => {
    expect(formatDuration(119.6, tr('en'))).toBe('2 h');
    expect(formatDuration(-5, tr('en'))).toBe('0 min');
  });
});
