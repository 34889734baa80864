import type { DemoIds, Template } from './matrix-types';

// Graduation (issue 34): requirement sets, batches (the engine's verbs and a batch's actions),
// awards (read, export, revoke), the audit, a student's own audit, a batch's students and their
// changes. The matrix's demo has no batch or award unless `rows` names one: the ids below are then
// nobody's, "not found" to every caller, which is what another organisation's administrator must
// get anyway. Requirement sets and batches name demo's degree, which another school does not have.

const NOBODYS = 987_652;
const row = (d: DemoIds, name: string) => ({ params: { id: d.rows[name] ?? NOBODYS } });
const page = { pageIndex: 1, pageSize: 10, keyword: 'a' };
const requirementBody = (d: DemoIds) => ({ name: 'Matrix set', degreeId: d.rows.degree, cohortYear: 2031 });
const batchBody = (d: DemoIds) => ({ name: 'Matrix batch', degreeId: d.rows.degree, cohortYear: 2031 });
const batch = (d: DemoIds) => row(d, 'graduationBatch');
const note = { note: 'Matrix' };

export const graduationTemplates: Record<string, Template> = {
  'POST /api/graduationRequirement/page': () => ({ body: page }),
  'POST /api/graduationRequirement/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/graduationRequirement/create': (d) => ({ body: requirementBody(d) }),
  'POST /api/graduationRequirement/update': (d) => ({
    body: { id: row(d, 'graduationRequirement').params.id, ...requirementBody(d) },
  }),
  'POST /api/graduationRequirement/select/:id': (d) => row(d, 'graduationRequirement'),
  'POST /api/graduationRequirement/delete/:id': (d) => row(d, 'graduationRequirement'),
  'POST /api/graduationRequirement/delete/ids': (d) => ({ body: { ids: [row(d, 'graduationRequirement').params.id] } }),
  'POST /api/graduationBatch/page': () => ({ body: page }),
  'POST /api/graduationBatch/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/graduationBatch/create': (d) => ({ body: batchBody(d) }),
  'POST /api/graduationBatch/update': (d) => ({ body: { id: batch(d).params.id, ...batchBody(d) } }),
  'POST /api/graduationBatch/select/:id': batch,
  'POST /api/graduationBatch/delete/:id': batch,
  'POST /api/graduationBatch/delete/ids': (d) => ({ body: { ids: [batch(d).params.id] } }),
  'POST /api/graduationBatch/submit/:id': (d) => ({ ...batch(d), body: note }),
  'POST /api/graduationBatch/returnToDraft/:id': (d) => ({ ...batch(d), body: note }),
  'POST /api/graduationBatch/approveBatch/:id': (d) => ({ ...batch(d), body: note }),
  'POST /api/graduationBatch/confer/:id': (d) => ({ ...batch(d), body: note }),
  'POST /api/degreeAward/page': () => ({ body: page }),
  'POST /api/degreeAward/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/degreeAward/select/:id': (d) => row(d, 'degreeAward'),
  'POST /api/degreeAward/export': () => ({ body: { keyword: 'a' } }),
  'POST /api/degreeAward/exportAsync': () => ({ body: { keyword: 'a' }, own: true }),
  'POST /api/degreeAward/revokeAward/:id': (d) => ({ ...row(d, 'degreeAward'), body: { reason: 'Matrix' } }),
  'POST /api/graduation/audit/:id': (d) => ({ params: { id: d.studentId }, body: {} }),
  'POST /api/graduation/myAudit': () => ({ body: {} }),
  'POST /api/graduation/students/:id': batch,
  'POST /api/graduation/addStudents/:id': (d) => ({ ...batch(d), body: { userIds: [d.studentId] } }),
  'POST /api/graduation/removeStudents/:id': (d) => ({ ...batch(d), body: { userIds: [d.studentId] } }),
  'POST /api/graduation/refreshAudits/:id': (d) => ({ ...batch(d), body: {} }),
  'POST /api/graduation/decide/:id': (d) => ({
    ...batch(d),
    body: { userIds: [d.studentId], decision: 2, note: 'Matrix' },
  }),
};
