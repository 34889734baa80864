import type { TestApp } from './harness';
import type { DemoIds, Template } from './matrix-types';

// Training (issue 34): centres, programmes and sessions (the engine's verbs and a session's
// actions), bookings, a session's registrations, a registration's moves and history, outcomes, the
// member's catalogue and own registrations, the export. The matrix's demo has no training rows
// unless `rows` names one: the ids below are then nobody's, "not found" to every caller, which is
// what another organisation's administrator must get anyway. A student's own registration is made
// by trainingOwnedByStudent.

const NOBODYS = 987_653;
const row = (d: DemoIds, name: string) => ({ params: { id: d.rows[name] ?? NOBODYS } });
const centreBody = { name: 'Matrix centre', code: 'MX', contacts: [{ name: 'Desk' }], venues: [{ name: 'Room 1' }] };
const programmeBody = { name: 'Matrix programme', code: 'MXP', hoursRequired: 2 };
const sessionBody = (d: DemoIds) => ({
  programmeId: d.rows.trainingProgramme ?? NOBODYS,
  centreId: d.rows.trainingCentre ?? NOBODYS,
  title: 'Matrix session',
  startAt: '2031-04-01T01:00:00Z',
  endAt: '2031-04-01T03:00:00Z',
  capacity: 5,
  hours: 2,
});
const page = { pageIndex: 1, pageSize: 10, keyword: 'a' };
const registration = (d: DemoIds) => row(d, 'trainingRegistration');

export const trainingTemplates: Record<string, Template> = {
  'POST /api/trainingCentre/page': () => ({ body: page }),
  'POST /api/trainingCentre/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/trainingCentre/create': () => ({ body: centreBody, own: true }),
  'POST /api/trainingCentre/update': (d) => ({ body: { id: row(d, 'trainingCentre').params.id, ...centreBody } }),
  'POST /api/trainingCentre/select/:id': (d) => row(d, 'trainingCentre'),
  'POST /api/trainingCentre/delete/:id': (d) => row(d, 'trainingCentre'),
  'POST /api/trainingCentre/delete/ids': (d) => ({ body: { ids: [row(d, 'trainingCentre').params.id] } }),
  'POST /api/trainingCentre/export': () => ({ body: { keyword: 'a' } }),
  'POST /api/trainingCentre/exportAsync': () => ({ body: { keyword: 'a' }, own: true }),
  'POST /api/trainingProgramme/page': () => ({ body: page }),
  'POST /api/trainingProgramme/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/trainingProgramme/create': () => ({ body: programmeBody, own: true }),
  'POST /api/trainingProgramme/update': (d) => ({
    body: { id: row(d, 'trainingProgramme').params.id, ...programmeBody },
  }),
  'POST /api/trainingProgramme/select/:id': (d) => row(d, 'trainingProgramme'),
  'POST /api/trainingProgramme/delete/:id': (d) => row(d, 'trainingProgramme'),
  'POST /api/trainingProgramme/delete/ids': (d) => ({ body: { ids: [row(d, 'trainingProgramme').params.id] } }),
  'POST /api/trainingProgramme/export': () => ({ body: { keyword: 'a' } }),
  'POST /api/trainingProgramme/exportAsync': () => ({ body: { keyword: 'a' }, own: true }),
  'POST /api/trainingSession/page': () => ({ body: page }),
  'POST /api/trainingSession/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/trainingSession/create': (d) => ({ body: sessionBody(d) }),
  'POST /api/trainingSession/update': (d) => ({ body: { id: row(d, 'trainingSession').params.id, ...sessionBody(d) } }),
  'POST /api/trainingSession/select/:id': (d) => row(d, 'trainingSession'),
  'POST /api/trainingSession/delete/:id': (d) => row(d, 'trainingSession'),
  'POST /api/trainingSession/delete/ids': (d) => ({ body: { ids: [row(d, 'trainingSession').params.id] } }),
  'POST /api/trainingSession/export': () => ({ body: { keyword: 'a' } }),
  'POST /api/trainingSession/exportAsync': () => ({ body: { keyword: 'a' }, own: true }),
  'POST /api/trainingSession/open/:id': (d) => ({ ...row(d, 'trainingSession'), body: {} }),
  'POST /api/trainingSession/close/:id': (d) => ({ ...row(d, 'trainingSession'), body: {} }),
  'POST /api/trainingSession/finish/:id': (d) => ({ ...row(d, 'trainingSession'), body: {} }),
  'POST /api/trainingSession/cancel/:id': (d) => ({ ...row(d, 'trainingSession'), body: { reason: 'Matrix' } }),
  'POST /api/trainingSession/book/:id': (d) => ({
    ...row(d, 'trainingSession'),
    body: { requestKey: 'matrix-key-01' },
  }),
  'POST /api/trainingSession/catalogue': () => ({ body: page }),
  'POST /api/trainingSession/registrations/:id': (d) => ({ ...row(d, 'trainingSession'), body: page }),
  'POST /api/trainingRegistration/my': () => ({}),
  'POST /api/trainingRegistration/cancel/:id': (d) => ({ ...registration(d), body: { reason: 'Matrix' } }),
  'POST /api/trainingRegistration/approve/:id': registration,
  'POST /api/trainingRegistration/decline/:id': (d) => ({ ...registration(d), body: { reason: 'Matrix' } }),
  'POST /api/trainingRegistration/outcomes': (d) => ({
    body: { sessionId: row(d, 'trainingSession').params.id, items: [{ registrationId: NOBODYS, outcome: 9 }] },
  }),
  'POST /api/trainingRegistration/history/:id': registration,
  'POST /api/trainingRegistration/export': () => ({ body: { status: 3 } }),
};

// Student A's own registration of an open session: A reads its history and cancels it; student B
// finds neither.
export async function trainingOwnedByStudent(t: TestApp, token: string): Promise<Record<string, number[]>> {
  const admin = await t.login('demo', 'admin');
  const post = async <T>(url: string, body: unknown, as = admin): Promise<T> => {
    const res = await t.call<T>('POST', url, { token: as, body });
    if (res.code !== 1) throw new Error(`${url}: ${res.message}`);
    return res.response;
  };
  const centre = await post<{ id: number }>('/api/trainingCentre/create', { name: 'Owned centre', code: 'OWN' });
  const programme = await post<{ id: number }>('/api/trainingProgramme/create', {
    name: 'Owned programme',
    code: 'OWNP',
    hoursRequired: 2,
  });
  const session = await post<{ id: number }>('/api/trainingSession/create', {
    programmeId: programme.id,
    centreId: centre.id,
    title: 'Owned session',
    startAt: '2031-05-01T01:00:00Z',
    endAt: '2031-05-01T03:00:00Z',
    capacity: 3,
    hours: 2,
  });
  await post(`/api/trainingSession/open/${session.id}`, {});
  const booked = await post<{ registration: { id: number } }>(`/api/trainingSession/book/${session.id}`, {}, token);
  const id = booked.registration.id;
  return { 'POST /api/trainingRegistration/history/:id': [id], 'POST /api/trainingRegistration/cancel/:id': [id] };
}
