import { type GoodsOrder, GoodsOrderStatus, type Product, type ShopPage } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageReceipts, messages } from '../src/modules/message/message.table';
import { completeShippedOrders } from '../src/modules/shop/shop-jobs';
import { setClock } from '../src/platform/clock';
import { logins, userIds } from './exam-fixture';
import { createTestApp, makeSheet, ok, refused, type TestApp } from './harness';
import { credit, entriesFor, makeProduct, pointsOf, redeemOf, stockOf } from './shop-fixture';

// The points shop (issue 33) on one app: products (CRUD, validation, pictures, spreadsheets), the
// shop's listing, redemptions and every move of an order with its ledger entries and stock, the
// limit per student, the job completing old shipments, and who may do what.

const { AwaitingShipment, Shipped, Completed, Cancelled } = GoodsOrderStatus;
const DAY = 86_400_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let t: TestApp;
let tok: Record<string, string>;
let id: Record<string, number>;
let stationery: number;
let cats: { id: number; name: string }[];

beforeAll(async () => {
  t = await createTestApp();
  tok = await logins(t, ['admin', 'academic', 'teacher', 'student', 's2026001']);
  tok.north = await t.login('north', 'admin');
  id = await userIds(t, ['academic', 'student', 's2026001']);
  cats = ok(
    await t.call<{ id: number; name: string }[]>('POST', '/api/productCategory/list', { token: tok.admin, body: {} }),
  );
  stationery = cats.find((c) => c.name.startsWith('Stationery'))!.id;
  await credit(t, id.student, 200);
  await credit(t, id.s2026001, 50);
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const call = <T>(who: string, url: string, body: unknown = {}) => t.call<T>('POST', url, { token: tok[who], body });
const act = (who: string, action: string, orderId: number, body: unknown = {}) =>
  call<GoodsOrder>(who, `/api/goodsOrder/${action}/${orderId}`, body);
const shop = async (who: string, body: Record<string, unknown> = {}) =>
  ok(await call<ShopPage>(who, '/api/product/shop', { pageIndex: 1, pageSize: 50, ...body }));
const noticesTo = async (userId: number, kind: string) =>
  (
    await t.database.db
      .select({ params: messages.noticeParams })
      .from(messageReceipts)
      .innerJoin(messages, eq(messages.id, messageReceipts.messageId))
      .where(and(eq(messageReceipts.userId, userId), eq(messages.notice, kind)))
  ).map((m) => m.params as Record<string, unknown>);

describe('products', () => {
  it('are written by staff with product:* only, checked field by field, pictures linked as files', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?purpose=image',
      headers: { token: tok.academic, 'content-type': 'image/png', 'x-file-name': 'cover.png' },
      payload: PNG,
    });
    const cover = `/api/file/${upload.json().response.id}`;
    const p = await makeProduct(t, tok.academic, {
      name: 'Squared notebook',
      categoryId: stationery,
      imageUrls: [cover],
      limitPerStudent: 3,
    });
    expect(p).toMatchObject({ sold: 0, categoryName: 'Stationery 文具', limitPerStudent: 3, imageUrls: [cover] });
    // A student reads the picture of a product on the shelf, not of one off it they never redeemed.
    const picture = async () =>
      String(
        (await t.app.inject({ method: 'GET', url: cover, headers: { token: tok.s2026001 } })).headers['content-type'],
      );
    expect(await picture()).toMatch(/^image\/png/);
    ok(await call('academic', '/api/product/update', { ...p, onShelf: false }));
    expect(await picture()).toMatch(/json/);

    const bad = async (patch: Record<string, unknown>, field: string) => {
      const res = await call('academic', '/api/product/create', { name: 'Bad', pointsPrice: 5, stock: 1, ...patch });
      expect(res.code, res.message).toBe(501);
      expect((res as { error?: { field?: string } }).error?.field, res.message).toBe(field);
    };
    await bad({ pointsPrice: 0 }, 'pointsPrice');
    await bad({ stock: -1 }, 'stock');
    await bad({ limitPerStudent: 0 }, 'limitPerStudent');
    await bad({ imageUrls: ['https://example.com/x.png'] }, 'imageUrls.0');
    await bad({ imageUrls: Array.from({ length: 7 }, () => cover) }, 'imageUrls');
    await bad({ categoryId: 987_654 }, 'categoryId');
    expect((await call('teacher', '/api/product/create', { name: 'No', pointsPrice: 1, stock: 1 })).code).toBe(403);
    expect((await call('student', '/api/product/page', { pageIndex: 1, pageSize: 10 })).code).toBe(403);
    // Another organisation's category does not exist here.
    const theirs = await call('north', '/api/product/create', {
      name: 'X',
      pointsPrice: 1,
      stock: 1,
      categoryId: stationery,
    });
    expect(theirs.code).toBe(501);
  });

  it('export to a sheet and import from one (pictures stay out of sheets)', async () => {
    const sheet = (await call<unknown[][]>('academic', '/api/product/export', { keyword: 'notebook' })).response;
    expect(sheet[0]).toContain('Points price');
    expect(sheet[0]).not.toContain('Pictures');
    expect(sheet.slice(1).map((r) => r[0])).toEqual(['Squared notebook']);
    const file = await makeSheet([
      ['Name', 'Category', 'Points price', 'Stock', 'Limit per student', 'On shelf'],
      ['Eraser', 'Stationery 文具', 3, 40, null, 'Yes'],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/import?dryRun=false',
      headers: { token: tok.academic, 'content-type': XLSX },
      payload: file,
    });
    expect(res.json().response, res.body).toMatchObject({ total: 1, valid: 1 });
    const [eraser] = ok(await call<Product[]>('academic', '/api/product/list', { keyword: 'Eraser' }));
    expect(eraser).toMatchObject({
      categoryId: stationery,
      pointsPrice: 3,
      stock: 40,
      limitPerStudent: null,
      imageUrls: [],
    });
  });
});

describe('the shop and redemptions', () => {
  let pen: Product;

  beforeAll(async () => {
    pen = await makeProduct(t, tok.academic, { name: 'Fountain pen', pointsPrice: 20, stock: 5, limitPerStudent: 3 });
    await makeProduct(t, tok.academic, { name: 'Hidden mug', onShelf: false });
  });

  it('lists products on the shelf with the caller’s balance, redeemed count and remaining limit', async () => {
    const page = await shop('student', { keyword: 'pen' });
    expect(page.balance).toBe(200);
    expect(page.list.map((p) => p.name)).toEqual(['Fountain pen']);
    expect(page.list[0]).toMatchObject({ stock: 5, bought: 0, remaining: 3, pointsPrice: 20 });
    expect((await shop('student')).list.map((p) => p.name)).not.toContain('Hidden mug');
    // A category with the ones below it.
    const category = (start: string) => cats.find((c) => c.name.startsWith(start))!.id;
    await makeProduct(t, tok.academic, { name: 'Algebra workbook', categoryId: category('Textbooks') });
    expect((await shop('student', { categoryId: category('Books') })).list.map((p) => p.name)).toEqual([
      'Algebra workbook',
    ]);
    expect((await shop('student', { categoryId: stationery })).list.map((p) => p.name)).toEqual(['Eraser']);
  });

  it('redeems: stock, points (one keyed entry) and the order move together; staff ship, the student receives', async () => {
    const order = ok(await redeemOf(t, tok.student, { productId: pen.id, quantity: 2, note: 'Class 2025-1' }));
    expect(order).toMatchObject({
      status: AwaitingShipment,
      quantity: 2,
      unitPoints: 20,
      totalPoints: 40,
      realName: 'Sam Student',
    });
    expect(order.orderNo).toMatch(/^G\d{8}\d{6}$/);
    expect(await pointsOf(t, id.student)).toBe(160);
    expect(await stockOf(t, pen.id)).toEqual({ stock: 3, sold: 2 });
    expect(await entriesFor(t, `goodsOrder:${order.id}`)).toEqual([
      {
        amount: -40,
        accountId: id.student,
        operatorId: id.student,
        refKind: 'goodsOrder',
        refId: order.id,
        balanceAfter: 160,
      },
    ]);
    const listed = await shop('student', { keyword: 'pen' });
    expect(listed.list[0]).toMatchObject({ stock: 3, bought: 2, remaining: 1 });
    // Receipt before shipping is refused; shipping tells the student; then they confirm.
    refused(await act('student', 'receive', order.id), 'transition', 'status');
    const shipped = ok(await act('academic', 'ship', order.id, { carrier: 'School post', trackingNo: 'SP-1' }));
    expect(shipped).toMatchObject({
      status: Shipped,
      carrier: 'School post',
      trackingNo: 'SP-1',
      shippedBy: id.academic,
    });
    expect(await noticesTo(id.student, 'goodsOrderShipped')).toEqual([
      expect.objectContaining({ orderNo: order.orderNo, name: 'Fountain pen', trackingNo: 'SP-1' }),
    ]);
    refused(await act('student', 'cancelMine', order.id), 'transition', 'status');
    refused(await act('academic', 'cancel', order.id, { reason: 'Too late' }), 'transition', 'status');
    const received = ok(await act('student', 'receive', order.id));
    expect(received).toMatchObject({ status: Completed, completedBy: id.student });
    const mine = ok(
      await call<{ list: GoodsOrder[] }>('student', '/api/goodsOrder/my', { pageIndex: 1, pageSize: 10 }),
    );
    expect(mine.list.map((o) => o.id)).toEqual([order.id]);
  });

  it('keeps to the limit per student over orders not cancelled, and cancels give stock and points back', async () => {
    refused(await redeemOf(t, tok.student, { productId: pen.id, quantity: 2 }), 'overLimit', 'quantity');
    const last = ok(await redeemOf(t, tok.student, { productId: pen.id, quantity: 1 }));
    refused(await redeemOf(t, tok.student, { productId: pen.id, quantity: 1 }), 'overLimit', 'quantity');
    // Staff cancel: the student is told, the stock and the points come back by a keyed entry.
    const cancelled = ok(await act('academic', 'cancel', last.id, { reason: 'Out of ink' }));
    expect(cancelled).toMatchObject({ status: Cancelled, cancelReason: 'Out of ink', cancelledBy: id.academic });
    expect(await entriesFor(t, `goodsOrderCancel:${last.id}`)).toMatchObject([
      { amount: 20, accountId: id.student, operatorId: id.academic, refKind: 'goodsOrderCancel', refId: last.id },
    ]);
    expect(await pointsOf(t, id.student)).toBe(160);
    expect(await stockOf(t, pen.id)).toEqual({ stock: 3, sold: 2 });
    expect(await noticesTo(id.student, 'goodsOrderCancelled')).toEqual([
      expect.objectContaining({ orderNo: last.orderNo, points: 20, reason: 'Out of ink' }),
    ]);
    refused(await act('academic', 'cancel', last.id, { reason: 'Again' }), 'transition', 'status');
    // The student's own cancel, before shipping: the limit frees up again.
    const again = ok(await redeemOf(t, tok.student, { productId: pen.id, quantity: 1 }));
    refused(await act('s2026001', 'cancelMine', again.id), 'notFound');
    refused(await act('s2026001', 'receive', again.id), 'notFound');
    expect(ok(await act('student', 'cancelMine', again.id))).toMatchObject({
      status: Cancelled,
      cancelledBy: id.student,
    });
    refused(await act('student', 'cancelMine', again.id), 'transition', 'status');
    expect(await entriesFor(t, `goodsOrderCancel:${again.id}`)).toHaveLength(1);
    expect(await pointsOf(t, id.student)).toBe(160);
    expect(await stockOf(t, pen.id)).toEqual({ stock: 3, sold: 2 });
  });

  it('refuses bad redemptions naming the field, with nothing written', async () => {
    const offShelf = await makeProduct(t, tok.academic, { name: 'Off-shelf cap', onShelf: false });
    const theirs = await makeProduct(t, tok.north, { name: 'North scarf' });
    const dear = await makeProduct(t, tok.academic, { name: 'Headphones', pointsPrice: 60, stock: 9 });
    const balance = await pointsOf(t, id.s2026001);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ productId: dear.id, quantity: 0 }, 'tooSmall', 'quantity'],
      [{ productId: dear.id, quantity: 100 }, 'tooBig', 'quantity'],
      [{ productId: 987_654, quantity: 1 }, 'noSuchReference', 'productId'],
      [{ productId: theirs.id, quantity: 1 }, 'noSuchReference', 'productId'],
      [{ productId: offShelf.id, quantity: 1 }, 'notOnShelf', 'productId'],
      [{ productId: dear.id, quantity: 10 }, 'outOfStock', 'quantity'],
      [{ productId: dear.id, quantity: 1 }, 'insufficientBalance', 'quantity'],
      [{ productId: dear.id, quantity: 1, requestKey: 'short' }, 'tooShort', 'requestKey'],
    ];
    for (const [body, key, field] of cases) {
      const res = await redeemOf(t, tok.s2026001, body);
      expect(res.code, `${JSON.stringify(body)}: ${res.message}`).toBe(501);
      refused(res, key, field);
    }
    expect(await pointsOf(t, id.s2026001)).toBe(balance);
    expect(await stockOf(t, dear.id)).toEqual({ stock: 9, sold: 0 });
    expect(
      ok(await call<{ total: number }>('s2026001', '/api/goodsOrder/my', { pageIndex: 1, pageSize: 5 })).total,
    ).toBe(0);
  });

  it('answers a repeated request key with the first order', async () => {
    const body = { productId: pen.id, quantity: 1, requestKey: 'retry-key-0001' };
    const first = ok(await redeemOf(t, tok.s2026001, body));
    const second = ok(await redeemOf(t, tok.s2026001, body));
    expect(second.id).toBe(first.id);
    expect(await pointsOf(t, id.s2026001)).toBe(30);
  });

  it('moves the stock by what the editor changed, keeping a redemption made while the form was open', async () => {
    const p = await makeProduct(t, tok.academic, { name: 'Stock delta mug', stock: 10, pointsPrice: 1, onShelf: true });
    // The editor opens (stock 10); the student redeems 2; the editor saves 15.
    ok(await redeemOf(t, tok.student, { productId: p.id, quantity: 2 }));
    const {
      sold: _s,
      categoryName: _c,
      updateTime: _u,
      createTime: _ct,
      organizationId: _o,
      ...fields
    } = p as Product & Record<string, unknown>;
    const saved = ok(await call<Product>('academic', '/api/product/update', { ...fields, stock: 15, stockWas: 10 }));
    expect(saved.stock).toBe(13);
    expect(await stockOf(t, p.id)).toEqual({ stock: 13, sold: 2 });
    // Taking away more than is left leaves none; without stockWas (a sheet) the stock is set.
    expect(
      ok(await call<Product>('academic', '/api/product/update', { ...fields, stock: 0, stockWas: 20 })).stock,
    ).toBe(0);
    expect(ok(await call<Product>('academic', '/api/product/update', { ...fields, stock: 7 })).stock).toBe(7);
  });
});

describe('orders for staff', () => {
  it('are read and exported with order:*, moved only by their actions, never deleted through the engine', async () => {
    const page = ok(
      await call<{ list: GoodsOrder[] }>('academic', '/api/goodsOrder/page', {
        pageIndex: 1,
        pageSize: 50,
        keyword: 'Sam',
      }),
    );
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((o) => o.realName === 'Sam Student')).toBe(true);
    expect((await call('student', '/api/goodsOrder/page', { pageIndex: 1, pageSize: 5 })).code).toBe(403);
    expect((await call('teacher', '/api/goodsOrder/ship/1', { carrier: 'x' })).code).toBe(403);
    const sheet = (await call<unknown[][]>('academic', '/api/goodsOrder/export', { status: Cancelled })).response;
    expect(sheet.slice(1).every((r) => r.includes('Cancelled'))).toBe(true);
    expect((await call('admin', '/api/goodsOrder/create', {})).code).not.toBe(1);
    expect((await call('admin', '/api/goodsOrder/delete/1')).code).not.toBe(1);
    // Another organisation's administrator finds none of demo's orders.
    const north = ok(await call<{ total: number }>('north', '/api/goodsOrder/page', { pageIndex: 1, pageSize: 5 }));
    expect(north.total).toBe(0);
    refused(await act('north', 'ship', page.list[0]!.id, { carrier: 'x' }), 'notFound');
  });

  it('keep a product with orders: it goes off the shelf instead', async () => {
    const [order] = ok(
      await call<{ list: GoodsOrder[] }>('academic', '/api/goodsOrder/page', { pageIndex: 1, pageSize: 1 }),
    ).list;
    refused(await call('academic', `/api/product/delete/${order!.productId}`), 'productHasOrders');
  });

  it('complete by themselves 14 days after shipping (completedBy null)', async () => {
    const mug = await makeProduct(t, tok.academic, { name: 'Travel mug' });
    const [early, late] = [
      ok(await redeemOf(t, tok.student, { productId: mug.id, quantity: 1 })),
      ok(await redeemOf(t, tok.student, { productId: mug.id, quantity: 1 })),
    ];
    setClock(Date.now() - 15 * DAY);
    ok(await act('academic', 'ship', early.id, { carrier: 'Counter' }));
    setClock(Date.now() - 13 * DAY);
    ok(await act('academic', 'ship', late.id, { carrier: 'Counter' }));
    setClock(null);
    expect(await completeShippedOrders(t.database.db)).toBe(1);
    const [a, b] = await Promise.all([early, late].map(async (o) => ok(await act('academic', 'select', o.id))));
    expect(a).toMatchObject({ status: Completed, completedBy: null });
    expect(b).toMatchObject({ status: Shipped });
  });
});
