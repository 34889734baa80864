import type { Template } from './matrix-types';

// Teaching management: assignments, patterns, lessons, the clash check, calendars and the iCalendar feed (issue 31).
export const teachingTemplates: Record<string, Template> = {};
