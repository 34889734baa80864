import dayjs, { type Dayjs } from 'dayjs';

// How lists write a moment; the shell's message bell uses these too, so they live apart from any screen.

// A time in full, or a dash for none.
export function formatTime(value: string | null): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—';
}

// A time in a table cell: the year only when it is not this year's ("11-27 07:33", "2027-01-05 08:00").
export function shortMoment(iso: string, now: Dayjs = dayjs()): string {
  const d = dayjs(iso);
  return d.format(d.year() === now.year() ? 'MM-DD HH:mm' : 'YYYY-MM-DD HH:mm');
}
