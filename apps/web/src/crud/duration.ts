import dayjs from 'dayjs';

type Translate = (key: string, params: { h?: number; m?: number }) => string;

// Minutes as people read them: "1 h 30 min" / "1小时30分", "2 h", "45 min".
export function formatDuration(minutes: number, t: Translate): string {
  const whole = Math.max(0, Math.round(minutes));
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  if (h && m) return t('kit.durationHm', { h, m });
  return h ? t('kit.durationH', { h }) : t('kit.durationM', { m });
}

// A window's times, with the dates when it runs over more than one day (a practice window of a month):
// "09:00–11:00" or "11-28 07:00 – 12-28 07:00".
export function windowHours(start: string, end: string): string {
  const from = dayjs(start);
  const to = dayjs(end);
  return from.isSame(to.subtract(1, 'ms'), 'day')
    ? `${from.format('HH:mm')}–${to.format('HH:mm')}`
    : `${from.format('MM-DD HH:mm')} – ${to.format('MM-DD HH:mm')}`;
}
