import { daySpan } from '@lyceum/contract';

// Days as 'YYYY-MM-DD' of the school's calendar (never the device's zone), and times as 'HH:MM'.

export { daySpan };

const DAY_MS = 86_400_000;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

// 1 Monday … 7 Sunday.
export function weekdayOf(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

export function mondayOf(day: string): string {
  return addDays(day, 1 - weekdayOf(day));
}

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
