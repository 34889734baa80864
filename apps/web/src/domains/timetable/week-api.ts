import type { WeekRequest, WeekView } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Cancel, call } from '../../shell/request';
import { addDays } from './week-layout';

// The week views (POST /api/calendar/week). Screens that change lessons invalidate WEEK_KEY so every
// week shown is read again.
export const WEEK_KEY = 'calendarWeek';

export function fetchWeek(body: WeekRequest, { signal }: Cancel = {}) {
  return call(api.calendar.week, { body }, { signal, retry: 2 });
}

// The week from `monday` (seven days) of a class, teacher, venue or student, or the caller's own
// (`me`); the last week stays on screen while the next loads.
export function useWeek(view: WeekView, id: number | undefined, monday: string, enabled = true) {
  return useQuery({
    queryKey: [WEEK_KEY, view, id ?? null, monday],
    queryFn: ({ signal }) => fetchWeek({ view, id, from: monday, to: addDays(monday, 6) }, { signal }),
    enabled: enabled && (view === 'me' || id !== undefined),
    placeholderData: keepPreviousData,
  });
}
