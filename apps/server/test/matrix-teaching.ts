import { DEFAULT_PERIODS } from '@lyceum/contract';
import type { DemoIds, Template } from './matrix-types';

// Teaching management: assignments, patterns, lessons, the clash check, calendars and the iCalendar feed (issue 31).
// Each template is a valid request naming demo's rows (or id 1 where demo has none yet).

const page = () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } });
const termDay = (d: DemoIds) => ({ semesterId: d.rows.semester, day: '2031-01-10', kind: 1, note: 'Matrix day' });
const assignment = (d: DemoIds) => ({
  semesterId: d.rows.semester,
  subject: 'Matrix subject',
  teamId: d.rows.team,
  teacherId: d.userId,
  venueId: d.rows.teachVenue,
  periodsPerWeek: 2,
  note: 'Matrix',
  slots: [{ weekday: 1, periodFrom: 1, periodTo: 2 }],
});
const lesson = (d: DemoIds) => ({
  title: 'Matrix lesson',
  teamId: d.rows.team,
  teacherId: d.userId,
  venueId: d.rows.teachVenue,
  day: '2031-01-10',
  startTime: '09:00',
  endTime: '09:45',
  note: 'Matrix',
});
const id = (d: DemoIds, name: string) => ({ params: { id: d.rows[name] ?? 1 } });

export const teachingTemplates: Record<string, Template> = {
  'POST /api/timetable/settings': () => ({}),
  // The caller's own organisation's periods.
  'POST /api/timetable/saveSettings': () => ({
    body: { timeZone: 'Asia/Shanghai', periods: DEFAULT_PERIODS },
    own: true,
  }),
  'POST /api/timetable/generate': (d) => ({ body: { semesterId: d.rows.semester, from: '2031-01-06' } }),
  'POST /api/timetable/check': (d) => ({
    body: { semesterId: d.rows.semester, from: '2031-01-06', assignments: [assignment(d)] },
  }),
  'POST /api/termDay/page': page,
  'POST /api/termDay/list': () => ({ body: { keyword: 'e' } }),
  'POST /api/termDay/create': (d) => ({ body: termDay(d) }),
  'POST /api/termDay/update': (d) => ({ body: { id: d.rows.termDay ?? 1, ...termDay(d) } }),
  'POST /api/termDay/select/:id': (d) => id(d, 'termDay'),
  'POST /api/termDay/delete/:id': (d) => id(d, 'termDay'),
  'POST /api/termDay/delete/ids': (d) => ({ body: { ids: [d.rows.termDay ?? 1] } }),
  'POST /api/teachingAssignment/page': page,
  'POST /api/teachingAssignment/list': () => ({ body: { keyword: 'e' } }),
  'POST /api/teachingAssignment/create': (d) => ({ body: assignment(d) }),
  'POST /api/teachingAssignment/update': (d) => ({ body: { id: d.rows.teachingAssignment ?? 1, ...assignment(d) } }),
  'POST /api/teachingAssignment/select/:id': (d) => id(d, 'teachingAssignment'),
  'POST /api/teachingAssignment/delete/:id': (d) => id(d, 'teachingAssignment'),
  'POST /api/teachingAssignment/delete/ids': (d) => ({ body: { ids: [d.rows.teachingAssignment ?? 1] } }),
  'POST /api/teachingAssignment/export': () => ({ body: {} }),
  'POST /api/teachingAssignment/exportAsync': () => ({ body: {}, own: true }),
  'POST /api/lesson/page': page,
  'POST /api/lesson/list': () => ({ body: { keyword: 'e' } }),
  'POST /api/lesson/create': (d) => ({ body: lesson(d) }),
  'POST /api/lesson/update': (d) => ({ body: { id: d.rows.lesson ?? 1, title: 'Matrix', note: 'Hacked' } }),
  'POST /api/lesson/select/:id': (d) => id(d, 'lesson'),
  'POST /api/lesson/delete/:id': (d) => id(d, 'lesson'),
  'POST /api/lesson/delete/ids': (d) => ({ body: { ids: [d.rows.lesson ?? 1] } }),
  'POST /api/lesson/export': () => ({ body: {} }),
  'POST /api/lesson/exportAsync': () => ({ body: {}, own: true }),
  'POST /api/lesson/swap': (d) => ({
    body: { aId: d.rows.lesson ?? 1, bId: (d.rows.lesson ?? 1) + 1, reason: 'Matrix' },
  }),
  'POST /api/lesson/freeTeachers/:id': (d) => id(d, 'lesson'),
  // Actions that take an input get one that passes validation, so the lesson is what decides.
  'POST /api/lesson/move/:id': (d) => ({
    ...id(d, 'lesson'),
    body: { day: '2031-01-11', startTime: '10:00', endTime: '10:45', reason: 'Matrix' },
  }),
  'POST /api/lesson/substitute/:id': (d) => ({ ...id(d, 'lesson'), body: { teacherId: d.adminId, reason: 'Matrix' } }),
  'POST /api/lesson/cancel/:id': (d) => ({ ...id(d, 'lesson'), body: { reason: 'Matrix' } }),
  'POST /api/lesson/restore/:id': (d) => ({ ...id(d, 'lesson'), body: {} }),
};
