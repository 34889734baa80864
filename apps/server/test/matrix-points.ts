import type { DemoIds, Template } from './matrix-types';

// Points (issue 33): hand adjustments, the lists, the summary, the export, the drift check and the
// rules. The matrix's demo has no rule of its own: the id below is nobody's, "not found" to every
// caller, which is what another organisation's administrator must get anyway. An adjustment names
// demo's student, whom another organisation cannot reach.

const NOBODYS = 987_653;
const pointRule = { params: { id: NOBODYS } };
const ruleSample = { name: 'Matrix homework passed', kind: 1, points: 5 };

export const pointTemplates: Record<string, Template> = {
  'POST /api/point/adjust': (d: DemoIds) => ({
    body: { userId: d.studentId, action: 1, amount: 10, remark: 'Matrix' },
  }),
  'POST /api/point/my': () => ({ body: { pageIndex: 1, pageSize: 10 } }),
  'POST /api/point/accounts': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 's' } }),
  'POST /api/point/ledger': (d: DemoIds) => ({ body: { pageIndex: 1, pageSize: 10, userId: d.studentId } }),
  'POST /api/point/summary': () => ({ body: { from: '2031-01-01', to: '2031-01-07' } }),
  'POST /api/point/driftCheck': () => ({}),
  'POST /api/point/ledger/export': (d: DemoIds) => ({ body: { userId: d.studentId } }),
  'POST /api/pointRule/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/pointRule/list': () => ({ body: { kind: 1 } }),
  'POST /api/pointRule/create': () => ({ body: ruleSample, own: true }),
  'POST /api/pointRule/update': () => ({ body: { id: NOBODYS, ...ruleSample } }),
  'POST /api/pointRule/select/:id': () => pointRule,
  'POST /api/pointRule/delete/:id': () => pointRule,
  'POST /api/pointRule/delete/ids': () => ({ body: { ids: [NOBODYS] } }),
};
