import type { Template } from './matrix-types';

// Calendars: the week views and the personal iCalendar feed (issue 31).
export const calendarTemplates: Record<string, Template> = {};
