import type { DemoIds, Template } from './matrix-types';

// Admissions (issue 34): rounds and applications. The matrix's demo has none unless `rows` names
// one: the ids below are then nobody's, "not found" to every caller, which is what another
// organisation's administrator must get anyway. The public form's routes are the admission test's.

const NOBODYS = 987_659;
const round = (d: DemoIds) => ({ params: { id: d.rows.admissionRound ?? NOBODYS } });
const app = (d: DemoIds) => ({ params: { id: d.rows.application ?? NOBODYS } });
const roundBody = (d: DemoIds) => ({
  name: 'Matrix intake',
  semesterId: d.rows.semester,
  opensAt: '2031-01-01T00:00:00Z',
  closesAt: '2031-02-01T00:00:00Z',
});

export const admissionTemplates: Record<string, Template> = {
  'POST /api/admissionRound/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/admissionRound/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/admissionRound/create': (d) => ({ body: roundBody(d) }),
  'POST /api/admissionRound/update': (d) => ({ body: { id: round(d).params.id, ...roundBody(d) } }),
  'POST /api/admissionRound/select/:id': round,
  'POST /api/admissionRound/delete/:id': round,
  'POST /api/admissionRound/delete/ids': (d) => ({ body: { ids: [round(d).params.id] } }),
  'POST /api/admissionRound/open/:id': (d) => ({ ...round(d), body: {} }),
  'POST /api/admissionRound/close/:id': (d) => ({ ...round(d), body: {} }),
  'POST /api/application/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a', duplicates: true } }),
  'POST /api/application/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/application/select/:id': app,
  'POST /api/application/export': () => ({ body: { keyword: 'a' } }),
  'POST /api/application/exportAsync': () => ({ body: { keyword: 'a' }, own: true }),
  'POST /api/application/detail/:id': app,
  'POST /api/application/matches/:id': app,
  'POST /api/application/decide': (d) => ({ body: { ids: [app(d).params.id], decision: 'accept' } }),
  'POST /api/application/note/:id': (d) => ({ ...app(d), body: { note: 'Matrix' } }),
  'POST /api/application/requestDocument/:id': (d) => ({ ...app(d), body: { kind: 'photo' } }),
  'POST /api/application/message/:id': (d) => ({ ...app(d), body: { body: 'Matrix' } }),
  'POST /api/application/enrol/:id': (d) => ({ ...app(d), body: {} }),
  'POST /api/application/startReview/:id': (d) => ({ ...app(d), body: {} }),
  'POST /api/application/interview/:id': (d) => ({ ...app(d), body: { interviewAt: '2031-01-10T08:00:00Z' } }),
  'POST /api/application/accept/:id': (d) => ({ ...app(d), body: {} }),
  'POST /api/application/waitlist/:id': (d) => ({ ...app(d), body: {} }),
  'POST /api/application/reject/:id': (d) => ({ ...app(d), body: {} }),
  'POST /api/application/declineOffer/:id': (d) => ({ ...app(d), body: {} }),
  'POST /api/application/withdraw/:id': (d) => ({ ...app(d), body: {} }),
};
