import type { TestApp } from './harness';
import type { DemoIds, Template } from './matrix-types';

// Certificates (issue 34): templates (the engine's verbs), issued certificates (read-only engine,
// export, revoke and reissue), issuing by hand, the holder's own and the print view. The matrix's
// demo has no template or certificate unless `rows` names one: the ids below are then nobody's, "not
// found" to every caller, which is what another organisation's administrator must get anyway.
// Issuing names demo's student, whom another school does not have. The public verification serves
// anyone by design (certificate.test.ts proves what it answers).

const NOBODYS = 987_653;
const row = (d: DemoIds, name: string) => ({ params: { id: d.rows[name] ?? NOBODYS } });
const page = { pageIndex: 1, pageSize: 10, keyword: 'a' };
const templateBody = { name: 'Matrix template', heading: 'Certificate' };

export const certificateTemplates: Record<string, Template> = {
  'POST /api/certificateTemplate/page': () => ({ body: page }),
  'POST /api/certificateTemplate/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/certificateTemplate/create': () => ({ body: templateBody, own: true }),
  'POST /api/certificateTemplate/update': (d) => ({
    body: { id: row(d, 'certificateTemplate').params.id, ...templateBody },
  }),
  'POST /api/certificateTemplate/select/:id': (d) => row(d, 'certificateTemplate'),
  'POST /api/certificateTemplate/delete/:id': (d) => row(d, 'certificateTemplate'),
  'POST /api/certificateTemplate/delete/ids': (d) => ({ body: { ids: [row(d, 'certificateTemplate').params.id] } }),
  'POST /api/certificate/page': () => ({ body: page }),
  'POST /api/certificate/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/certificate/select/:id': (d) => row(d, 'certificate'),
  'POST /api/certificate/export': () => ({ body: { keyword: 'a' } }),
  'POST /api/certificate/exportAsync': () => ({ body: { keyword: 'a' }, own: true }),
  'POST /api/certificate/revoke/:id': (d) => ({ ...row(d, 'certificate'), body: { reason: 'Matrix' } }),
  'POST /api/certificate/reissue/:id': (d) => ({ ...row(d, 'certificate'), body: {} }),
  'POST /api/certificate/issue': (d) => ({ body: { holderId: d.studentId, title: 'Matrix', what: 'Matrix' } }),
  'POST /api/certificate/my': () => ({ body: { pageIndex: 1, pageSize: 10 } }),
  'POST /api/certificate/print/:id': (d) => row(d, 'certificate'),
};

// Student A's own certificate, issued by demo's administrator: A prints it; student B finds it not.
export async function certificateOwnedByStudent(t: TestApp, token: string): Promise<Record<string, number[]>> {
  const admin = await t.login('demo', 'admin');
  const me = await t.call<{ id: number }>('GET', '/api/user/current', { token });
  const res = await t.call<{ id: number }>('POST', '/api/certificate/issue', {
    token: admin,
    body: { holderId: me.response.id, title: 'Owned certificate', what: 'Matrix' },
  });
  if (res.code !== 1) throw new Error(`certificate issue: ${res.message}`);
  return { 'POST /api/certificate/print/:id': [res.response.id] };
}
