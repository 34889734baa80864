import type { Template } from './matrix-types';

// Calendars: the week views and the personal iCalendar feed (issue 31). The feed's own routes act on
// the caller's own feed only (`own`); the iCalendar address itself is public (auth tests' side).
export const calendarTemplates: Record<string, Template> = {
  'POST /api/calendar/week': (d) => ({ body: { view: 'team', id: d.rows.team, from: '2031-01-06', to: '2031-01-12' } }),
  'POST /api/calendar/feed': () => ({}),
  'POST /api/calendar/feed/create': () => ({ body: {}, own: true }),
  'POST /api/calendar/feed/revoke': () => ({ own: true }),
};
