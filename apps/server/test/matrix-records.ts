import type { Template } from './matrix-types';

// Student records and status changes (issue 34). The matrix's demo has no record or status change:
// the ids below are nobody's, "not found" to every caller, which is what another organisation's
// administrator must get anyway. A timeline names a user: demo's student, "not found" elsewhere.

const NOBODYS = 987_658;
const record = () => ({ params: { id: NOBODYS } });
const change = () => ({ params: { id: NOBODYS + 1 }, body: { note: 'Matrix' } });

export const recordsTemplates: Record<string, Template> = {
  'POST /api/studentRecord/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/studentRecord/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/studentRecord/select/:id': record,
  'POST /api/studentRecord/export': () => ({ body: { keyword: 'a' } }),
  // Starts an export in the caller's own organisation (nothing of demo is touched).
  'POST /api/studentRecord/exportAsync': () => ({ body: {}, own: true }),
  'POST /api/studentRecord/edit/:id': () => ({ ...record(), body: { priorSchool: 'Matrix school' } }),
  'POST /api/studentRecord/createMissing': (d) => ({ body: { userIds: [d.studentId] } }),
  'POST /api/studentRecord/timeline/:id': (d) => ({ params: { id: d.studentId } }),
  'POST /api/studentRecord/myTimeline': () => ({}),
  'POST /api/studentRecord/my': () => ({}),
  'POST /api/statusChange/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/statusChange/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/statusChange/select/:id': () => ({ params: { id: NOBODYS + 1 } }),
  'POST /api/statusChange/request': (d) => ({
    body: { userId: d.studentId, kind: 1, effectiveDate: '2031-09-01', reason: 'Matrix' },
  }),
  'POST /api/statusChange/approve/:id': change,
  'POST /api/statusChange/reject/:id': change,
  'POST /api/statusChange/cancel/:id': change,
};
