import type { DemoIds, Template } from './matrix-types';

// Live classes (issue 32): the servers, the live classes and their actions, joining, the report, the
// import and corrections, recordings. The matrix's demo has no live class, server or recording of
// its own unless `rows` names one: the ids below are then nobody's, "not found" to every caller,
// which is what another organisation's administrator must get anyway. The callback is public (auth
// and live-callback tests).

const NOBODYS = 987_652;
const live = (d: DemoIds) => ({ params: { id: d.rows.liveClass ?? NOBODYS } });
const server = (d: DemoIds) => ({ params: { id: d.rows.liveProvider ?? NOBODYS } });
const provider = { name: 'Matrix server', url: 'https://bbb.matrix.invalid/bigbluebutton/', secret: 'matrix-secret' };
const liveClass = (d: DemoIds) => ({
  title: 'Matrix live class',
  teamIds: [d.rows.team],
  teacherIds: [d.userId],
  startsAt: '2031-01-10T01:00:00Z',
  endsAt: '2031-01-10T02:00:00Z',
  providerKind: 2,
  externalUrl: 'https://meet.matrix.invalid/room',
});

export const liveTemplates: Record<string, Template> = {
  // The servers: a new one has no references, so another organisation makes its own.
  'POST /api/liveProvider/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/liveProvider/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/liveProvider/create': () => ({ body: provider, own: true }),
  'POST /api/liveProvider/update': (d) => ({ body: { id: server(d).params.id, ...provider, secret: '' } }),
  'POST /api/liveProvider/select/:id': server,
  'POST /api/liveProvider/delete/:id': server,
  'POST /api/liveProvider/delete/ids': (d) => ({ body: { ids: [server(d).params.id] } }),
  'POST /api/liveProvider/test/:id': server,
  // Live classes and their actions.
  'POST /api/liveClass/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/liveClass/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/liveClass/create': (d) => ({ body: liveClass(d) }),
  'POST /api/liveClass/update': (d) => ({ body: { id: live(d).params.id, ...liveClass(d) } }),
  'POST /api/liveClass/select/:id': live,
  'POST /api/liveClass/delete/:id': live,
  'POST /api/liveClass/delete/ids': (d) => ({ body: { ids: [live(d).params.id] } }),
  'POST /api/liveClass/export': () => ({ body: {} }),
  'POST /api/liveClass/exportAsync': () => ({ body: {}, own: true }),
  'POST /api/liveClass/publish/:id': (d) => ({ ...live(d), body: {} }),
  'POST /api/liveClass/cancel/:id': (d) => ({ ...live(d), body: { reason: 'Matrix' } }),
  'POST /api/liveClass/end/:id': (d) => ({ ...live(d), body: {} }),
  'POST /api/liveClass/mine': () => ({ body: { when: 'upcoming', limit: 5 } }),
  // The session and after it.
  'POST /api/liveClass/join/:id': live,
  'POST /api/liveClass/report/:id': live,
  'POST /api/liveClass/report/export/:id': live,
  'POST /api/liveClass/importAttendance/:id': (d) => ({ ...live(d), query: { dryRun: 'true' } }),
  'POST /api/liveClass/override/:id': (d) => ({
    ...live(d),
    body: { studentId: d.studentId, statusId: NOBODYS, reason: 'Matrix' },
  }),
  'POST /api/liveClass/recordings/:id': live,
  'POST /api/liveClass/recording/:id': () => ({ params: { id: NOBODYS }, body: { visibility: 2 } }),
  'POST /api/liveClass/recording/delete/:id': () => ({ params: { id: NOBODYS } }),
};
