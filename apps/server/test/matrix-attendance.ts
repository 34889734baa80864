import type { TestApp } from './harness';
import type { Template } from './matrix-types';

// Attendance: statuses, sessions, taking, QR check-in, leave, statistics and alert rules (issue 31).
// Ids a template names that the matrix's demo has no row for (sessions, lessons, leave) are
// "not found" to every caller, which is what the other organisation's administrator must get anyway.

const FROM = '2031-01-06T08:00:00Z';
const TO = '2031-01-06T17:00:00Z';
const status = { name: 'Matrix status', kind: 2, weight: 0.5 };
const NOBODYS = 987_653;

export const attendanceTemplates: Record<string, Template> = {
  // The statuses (the engine's verbs; no spreadsheets).
  'POST /api/attendanceStatus/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/attendanceStatus/list': () => ({ body: { kind: 1 } }),
  'POST /api/attendanceStatus/create': () => ({ body: status, own: true }),
  // Statuses are made on an organisation's first use, so the other organisation's may hold any
  // low id: these name one that is nobody's.
  'POST /api/attendanceStatus/update': () => ({ body: { id: NOBODYS, ...status } }),
  'POST /api/attendanceStatus/select/:id': () => ({ params: { id: NOBODYS } }),
  'POST /api/attendanceStatus/delete/:id': () => ({ params: { id: NOBODYS } }),
  'POST /api/attendanceStatus/delete/ids': () => ({ body: { ids: [NOBODYS] } }),
  // Sessions, taking, the log, QR check-in, the student's own.
  'POST /api/attendance/sessions': () => ({ body: { day: '2031-01-06', scope: 'mine' } }),
  'POST /api/attendance/session/create': (d) => ({
    body: { teamId: d.rows.team, title: 'Matrix roll call', startsAt: FROM, endsAt: TO },
  }),
  'POST /api/attendance/roster': () => ({ body: { lessonId: 1 } }),
  'POST /api/attendance/take': (d) => ({ body: { sessionId: 1, marks: [{ studentId: d.studentId, statusId: 1 }] } }),
  'POST /api/attendance/log/:id': () => ({ params: { id: 1 } }),
  'POST /api/attendance/qr/:id': () => ({ params: { id: 1 }, body: { open: true } }),
  'POST /api/attendance/checkIn': () => ({ body: { sessionId: 1, code: 'ABCDEFGHIJ' } }),
  'POST /api/attendance/mine': () => ({ body: { from: '2031-01-01', to: '2031-01-31' } }),
  // Leave.
  'POST /api/leave/create': (d) => ({ body: { studentId: d.studentId, fromAt: FROM, toAt: TO, reason: 'Matrix' } }),
  'POST /api/leave/page': () => ({ body: { pageIndex: 1, pageSize: 10, status: 1 } }),
  'POST /api/leave/select/:id': () => ({ params: { id: 1 } }),
  'POST /api/leave/approve/:id': () => ({ params: { id: 1 }, body: { note: 'Matrix' } }),
  'POST /api/leave/reject/:id': () => ({ params: { id: 1 }, body: { note: 'Matrix' } }),
  'POST /api/leave/withdraw/:id': () => ({ params: { id: 1 } }),
};

// Student A's own leave request, for the routes open to students that name one: A reads and
// withdraws it, student B finds neither.
export async function attendanceOwnedByStudent(t: TestApp, token: string): Promise<Record<string, number[]>> {
  const res = await t.call<{ id: number }>('POST', '/api/leave/create', {
    token,
    body: { fromAt: FROM, toAt: TO, reason: 'Matrix leave' },
  });
  if (res.code !== 1) throw new Error(`student's leave: ${res.message}`);
  const id = res.response.id;
  return { 'POST /api/leave/select/:id': [id], 'POST /api/leave/withdraw/:id': [id] };
}
