import dayjs from 'dayjs';

// How the portal's lists write times and scores.

export const TIME = 'YYYY-MM-DD HH:mm';

// "2026-01-12 09:00–11:00" within a day, both ends in full otherwise.
export function timeWindow(start: string, end: string): string {
  const from = dayjs(start);
  const to = dayjs(end);
  return from.isSame(to, 'day')
    ? `${from.format(TIME)}–${to.format('HH:mm')}`
    : `${from.format(TIME)} – ${to.format(TIME)}`;
}

// "85 / 100"; fractions to two places at most ("7.5 / 10").
export function scoreText(score: number, max: number, t: (key: string, params: Record<string, string>) => string) {
  const n = (v: number) => String(Math.round(v * 100) / 100);
  return t('portal.score', { score: n(score), max: n(max) });
}
