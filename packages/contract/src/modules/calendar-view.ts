import { z } from 'zod';
import { endpoint } from '../endpoint';
import { codedIssue } from '../errors';
import { zDateText, zDateTime, zId } from '../fields';
import { fileEndpoint, zLangQuery } from '../file-endpoint';

// Calendars (issue 31): the week of a class, a teacher, a venue, a student or the caller (lessons,
// exams, homework due, live classes), and the personal iCalendar feed a phone subscribes to.

export const WEEK_VIEWS = ['team', 'teacher', 'venue', 'student', 'me'] as const;
export type WeekView = (typeof WEEK_VIEWS)[number];
// The most days one request may cover (six weeks: a month's grid).
export const WEEK_MAX_DAYS = 42;

const WEEK_YEARS = { min: 1970, max: 2200 };
const DAY_MS = 86_400_000;
// Days from `from` to `to`, both counted (dates as text, so no time zone is involved).
export function daySpan(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export const zWeekRequest = z
  .object({
    view: z.enum(WEEK_VIEWS),
    // The class, teacher, venue or student; none for `me`.
    id: zId.optional(),
    from: zDateText('date').describe('The first day shown (YYYY-MM-DD, in the organisation’s time zone)'),
    to: zDateText('date').describe('The last day shown, included'),
  })
  .superRefine((r, ctx) => {
    if (r.view !== 'me' && r.id === undefined)
      ctx.addIssue({ code: 'custom', path: ['id'], ...codedIssue('required') });
    // Years a school calendar has (the zone's day arithmetic needs four-digit years either side).
    for (const key of ['from', 'to'] as const) {
      const year = Number(r[key].slice(0, 4));
      if (year < WEEK_YEARS.min)
        ctx.addIssue({ code: 'custom', path: [key], ...codedIssue('tooSmall', { min: WEEK_YEARS.min }) });
      if (year > WEEK_YEARS.max)
        ctx.addIssue({ code: 'custom', path: [key], ...codedIssue('tooBig', { max: WEEK_YEARS.max }) });
    }
    const span = daySpan(r.from, r.to);
    if (span < 1) ctx.addIssue({ code: 'custom', path: ['to'], ...codedIssue('endBeforeStart') });
    else if (span > WEEK_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], ...codedIssue('calendarSpanTooLong', { max: WEEK_MAX_DAYS }) });
    }
  });
export type WeekRequest = z.input<typeof zWeekRequest>;

export const WEEK_ENTRY_KINDS = ['lesson', 'exam', 'homework', 'liveClass'] as const;
export type WeekEntryKind = (typeof WEEK_ENTRY_KINDS)[number];

// Where a moved lesson was before.
export const zMovedFrom = z.object({
  day: z.string(),
  startsAt: zDateTime,
  endsAt: zDateTime,
  venueName: z.string().nullable(),
});

export const zWeekEntry = z.object({
  kind: z.enum(WEEK_ENTRY_KINDS),
  // The lesson's, exam's or task's id (unique within its kind).
  id: zId,
  title: z.string(),
  startsAt: zDateTime,
  // Homework is a point in time: its end is its due time.
  endsAt: zDateTime,
  // Runs over more than one day of the organisation's zone (an exam open for a week): drawn as a bar
  // above the hours.
  allDay: z.boolean(),
  // A lesson's status (LessonStatus), an exam's state (ExamState) or a live class's status
  // (LiveClassStatus); null for homework.
  status: z.number().int().nullable(),
  teamName: z.string().nullable(),
  teacherName: z.string().nullable(),
  // A substituted lesson's own teacher.
  originalTeacherName: z.string().nullable(),
  // The person whose week this is taught it, and a substitute teaches it now.
  handedOver: z.boolean(),
  venueName: z.string().nullable(),
  movedFrom: zMovedFrom.nullable(),
  periodFrom: z.number().int().nullable(),
  periodTo: z.number().int().nullable(),
});
export type WeekEntry = z.infer<typeof zWeekEntry>;

// A period of the school day ('HH:MM' in the organisation's zone).
export const zWeekPeriod = z.object({
  no: z.number().int(),
  start: z.string(),
  end: z.string(),
});
export type WeekPeriod = z.infer<typeof zWeekPeriod>;

export const zWeekCalendar = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  // Today in the organisation's zone.
  today: z.string(),
  periods: z.array(zWeekPeriod),
  // Whose week it is ("Class 2024-1", "Tom Teacher").
  subject: z.string(),
  entries: z.array(zWeekEntry),
});
export type WeekCalendar = z.infer<typeof zWeekCalendar>;

// The caller's feed, never its secret (kept only as a hash).
export const zCalendarFeedState = z.object({
  active: z.boolean(),
  createTime: zDateTime.nullable(),
  lastReadAt: zDateTime.nullable(),
});
export type CalendarFeedState = z.infer<typeof zCalendarFeedState>;

export const zCalendarFeedCreated = zCalendarFeedState.extend({
  // The address to subscribe to, shown this once: only its hash is kept.
  url: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof zCalendarFeedCreated>;

export const zCalendarFeedCreate = z.object({
  // The language of the feed's words (moved from, substituted by): the caller's, by default.
  lang: z.enum(['en', 'zh']).optional(),
});

// A feed's secret as it travels in the address (anything else is answered "not found" unread).
export const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const tags = ['calendar'];

export const calendarEndpoints = {
  week: endpoint({
    method: 'POST',
    path: '/api/calendar/week',
    summary: 'A week (up to six) of lessons, exams, homework due and live classes, with the period times',
    description:
      'view `me`: anyone, their own week (the classes they are in, the lessons they teach or were substituted ' +
      'from, their exams and invigilations, their homework). `team`, `teacher`, `venue` and `student` need ' +
      'teaching:page (staff); another organisation’s id is not found.',
    tags,
    access: 'login',
    body: zWeekRequest,
    response: zWeekCalendar,
  }),
  feed: endpoint({
    method: 'POST',
    path: '/api/calendar/feed',
    summary: 'Whether the caller has a personal calendar feed, since when, and when it was last read',
    tags,
    access: 'login',
    response: zCalendarFeedState,
  }),
  createFeed: endpoint({
    method: 'POST',
    path: '/api/calendar/feed/create',
    summary: 'Make a new secret address for the caller’s calendar feed (any earlier one stops working)',
    description: 'The answer carries the address once; only a hash of its secret is kept.',
    tags,
    access: 'login',
    mutates: true,
    body: zCalendarFeedCreate,
    response: zCalendarFeedCreated,
  }),
  revokeFeed: endpoint({
    method: 'POST',
    path: '/api/calendar/feed/revoke',
    summary: 'Stop the caller’s calendar feed (its address then answers 404)',
    tags,
    access: 'login',
    mutates: true,
    response: zCalendarFeedState,
  }),
};

export const calendarFileEndpoints = {
  ics: fileEndpoint({
    method: 'GET',
    path: '/api/calendar/ics/:token',
    summary: 'A personal calendar feed (iCalendar, text/calendar) for phone and desktop calendars',
    description:
      'The feed owner’s own week from 14 days ago to 120 days ahead. The secret in the address is the only ' +
      'credential: an unknown or revoked one answers HTTP 404, the same for both.',
    tags,
    access: 'public',
    params: z.object({ token: z.string().max(200) }),
    query: zLangQuery,
  }),
};
