import { PriceKind } from '@lyceum/contract';
import { pricedCourse } from './course-order-fixture';
import type { TestApp } from './harness';
import type { DemoIds, Template } from './matrix-types';

// Course orders (issue 33, second part): the staff's reads and refunds, a member's purchases,
// payments and cancels. The matrix's demo has no course order unless `rows` names one: the ids
// below are then nobody's, "not found" to every caller, which is what another organisation's
// administrator must get anyway. A student's own order is made by courseOrderOwnedByStudent.

const NOBODYS = 987_656;
const order = (d: DemoIds) => ({ params: { id: d.rows.courseOrder ?? NOBODYS } });

export const courseOrderTemplates: Record<string, Template> = {
  'POST /api/courseOrder/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/courseOrder/list': () => ({ body: { status: 1 } }),
  'POST /api/courseOrder/select/:id': order,
  'POST /api/courseOrder/export': () => ({ body: {} }),
  'POST /api/courseOrder/exportAsync': () => ({ body: {}, own: true }),
  'POST /api/courseOrder/create': (d) => ({ body: { courseIds: [d.rows.course ?? NOBODYS] } }),
  'POST /api/courseOrder/my': () => ({ body: { pageIndex: 1, pageSize: 10 } }),
  'POST /api/courseOrder/pay/:id': (d) => ({ ...order(d), body: { provider: 'test' } }),
  'POST /api/courseOrder/cancel/:id': order,
  'POST /api/courseOrder/refund/:id': (d) => ({ ...order(d), body: { itemIds: [1], reason: 'Matrix' } }),
};

// Student A's own order awaiting payment (a course priced in money), for the cancel (open to
// students, naming an id): A cancels it, student B finds it "not found".
export async function courseOrderOwnedByStudent(t: TestApp, token: string): Promise<Record<string, number[]>> {
  const admin = await t.call<{ id: number }>('GET', '/api/user/current', { token: await t.login('demo', 'admin') });
  const course = await pricedCourse(t, admin.response.id, 500, PriceKind.Money);
  const made = await t.call<{ id: number }>('POST', '/api/courseOrder/create', {
    token,
    body: { courseIds: [course] },
  });
  if (made.code !== 1) throw new Error(`student's course order: ${made.message}`);
  return { 'POST /api/courseOrder/cancel/:id': [made.response.id] };
}
