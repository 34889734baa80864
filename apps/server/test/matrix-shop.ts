import { post } from '../src/modules/ledger/ledger.service';
import type { TestApp } from './harness';
import type { DemoIds, Template } from './matrix-types';

// The points shop (issue 33): products, the shop, redemptions and goods orders with their actions.
// The matrix's demo has no product or order unless `rows` names one: the ids below are then
// nobody's, "not found" to every caller, which is what another organisation's administrator must
// get anyway. Students' own orders are made by shopOwnedByStudent.

const NOBODYS = 987_655;
const product = (d: DemoIds) => ({ params: { id: d.rows.product ?? NOBODYS } });
const order = (d: DemoIds) => ({ params: { id: d.rows.goodsOrder ?? NOBODYS } });
// Demo's product category: another organisation's create names a category it does not have.
const productBody = (d: DemoIds) => ({
  name: 'Matrix notebook',
  categoryId: d.rows.productCategory,
  pointsPrice: 10,
  stock: 5,
  onShelf: true,
});

export const shopTemplates: Record<string, Template> = {
  'POST /api/product/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/product/list': () => ({ body: { keyword: 'a' } }),
  'POST /api/product/create': (d) => ({ body: productBody(d) }),
  'POST /api/product/update': (d) => ({ body: { id: product(d).params.id, ...productBody(d) } }),
  'POST /api/product/select/:id': product,
  'POST /api/product/delete/:id': product,
  'POST /api/product/delete/ids': (d) => ({ body: { ids: [product(d).params.id] } }),
  'POST /api/product/export': () => ({ body: {} }),
  'POST /api/product/exportAsync': () => ({ body: {}, own: true }),
  'GET /api/product/template': () => ({}),
  'POST /api/product/import': () => ({ body: {} }),
  'POST /api/product/shop': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/goodsOrder/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/goodsOrder/list': () => ({ body: { status: 1 } }),
  'POST /api/goodsOrder/select/:id': order,
  'POST /api/goodsOrder/export': () => ({ body: {} }),
  'POST /api/goodsOrder/exportAsync': () => ({ body: {}, own: true }),
  'POST /api/goodsOrder/redeem': (d) => ({ body: { productId: product(d).params.id, quantity: 1 } }),
  'POST /api/goodsOrder/my': () => ({ body: { pageIndex: 1, pageSize: 10 } }),
  'POST /api/goodsOrder/receive/:id': order,
  'POST /api/goodsOrder/cancelMine/:id': (d) => ({ ...order(d), body: {} }),
  'POST /api/goodsOrder/ship/:id': (d) => ({ ...order(d), body: { carrier: 'Matrix post' } }),
  'POST /api/goodsOrder/complete/:id': (d) => ({ ...order(d), body: {} }),
  'POST /api/goodsOrder/cancel/:id': (d) => ({ ...order(d), body: { reason: 'Matrix' } }),
};

// Student A's own orders, for the routes open to students that name one: A confirms the shipped
// one and cancels the other, student B finds neither. A's points are credited straight through
// the ledger (the points routes have their own tests).
export async function shopOwnedByStudent(t: TestApp, token: string): Promise<Record<string, number[]>> {
  const admin = await t.login('demo', 'admin');
  const me = await t.call<{ id: number }>('GET', '/api/user/current', { token });
  const orgId = t.ids.demo.orgId;
  await t.database.db.transaction((tx) =>
    post(tx, { orgId, kind: 'points', id: me.response.id }, { amount: 20, reason: 'Matrix points' }),
  );
  const made = await t.call<{ id: number }>('POST', '/api/product/create', {
    token: admin,
    body: { name: 'Matrix pencil', pointsPrice: 5, stock: 5, onShelf: true },
  });
  const redeem = async () => {
    const res = await t.call<{ id: number }>('POST', '/api/goodsOrder/redeem', {
      token,
      body: { productId: made.response.id, quantity: 1 },
    });
    if (res.code !== 1) throw new Error(`student's order: ${res.message}`);
    return res.response.id;
  };
  const [shipped, waiting] = [await redeem(), await redeem()];
  const ship = await t.call('POST', `/api/goodsOrder/ship/${shipped}`, { token: admin, body: { carrier: 'Desk' } });
  if (ship.code !== 1) throw new Error(`shipping: ${ship.message}`);
  return { 'POST /api/goodsOrder/receive/:id': [shipped], 'POST /api/goodsOrder/cancelMine/:id': [waiting] };
}
