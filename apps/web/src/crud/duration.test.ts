import { describe, expect, it } from 'vitest';
import { formatDuration, windowHours } from './duration';

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

describe('a window as its hours', () => {
  it('gives the hours of a window within a day, and the dates of one over several', () => {
    const local = (d: string) => new Date(d).toISOString();
    expect(windowHours(local('2026-06-10T09:00:00'), local('2026-06-10T11:30:00'))).toBe('09:00–11:30');
    // Ending at midnight is still the same day.
    expect(windowHours(local('2026-06-10T18:00:00'), local('2026-06-11T00:00:00'))).toBe('18:00–00:00');
    expect(windowHours(local('2026-11-28T07:00:00'), local('2026-12-28T07:00:00'))).toBe('11-28 07:00 – 12-28 07:00');
  });
});
