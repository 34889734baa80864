import { z } from 'zod';
import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { crudAccess, engineDecl, engineEndpoints } from '../engine-endpoints';
import { GoodsOrderStatus } from '../enums/points';
import { zIdParam } from '../fields';
import {
  GOODS_ORDER_AUTO_COMPLETE_DAYS,
  zCancelMine,
  zGoodsOrder,
  zGoodsOrderFilter,
  zGoodsOrderPage,
  zMyGoodsOrdersRequest,
  zProduct,
  zProductCreate,
  zProductFilter,
  zProductUpdate,
  zRedeem,
  zShip,
  zShopPage,
  zShopRequest,
  zStaffCancel,
} from './shop';

// The points shop's endpoints (issue 33): products (the engine's CRUD and spreadsheets), the shop
// as members see it, redemptions and the member's own orders, and the staff's orders list with
// its actions (ship, complete, cancel).

const { AwaitingShipment, Shipped, Completed, Cancelled } = GoodsOrderStatus;

// A product with orders is never deleted (its orders name it): it is taken off the shelf instead.
export const productDecl = engineDecl({
  name: 'product',
  title: 'Product',
  schemas: { row: zProduct, create: zProductCreate, update: zProductUpdate, filter: zProductFilter },
  access: crudAccess('product'),
  sheets: 'both',
});
export const productVerbs = engineEndpoints(productDecl);

export const productEndpoints = {
  shop: endpoint({
    method: 'POST',
    path: '/api/product/shop',
    summary: "The shop: products on the shelf with the caller's redeemed count and remaining limit, and their balance",
    description:
      'Every member may look (students redeem from it). Sold-out products are listed with stock 0. `bought` counts ' +
      'the quantity of the caller’s orders not cancelled; `remaining` is how many more the limit allows (null: no limit).',
    tags: ['product'],
    access: 'login',
    body: zShopRequest,
    response: zShopPage,
  }),
};

// Orders come from redemptions and change only by their actions: the engine serves reads and the
// export, no create, update or delete (the create and update schemas are never used).
export const goodsOrderDecl = engineDecl({
  name: 'goodsOrder',
  title: 'Goods order',
  schemas: { row: zGoodsOrder, create: z.object({}), update: z.object({}), filter: zGoodsOrderFilter },
  access: { readOnly: true, read: ['order:page'], export: ['order:export'] },
  sheets: 'export',
});
export const goodsOrderVerbs = engineEndpoints(goodsOrderDecl);

export const goodsOrderActions = resourceActions('goodsOrder', zGoodsOrder, {
  ship: {
    summary: 'Ship an order (carrier, tracking number); the student is told',
    access: ['order:ship'],
    from: [AwaitingShipment],
    to: Shipped,
    input: zShip,
  },
  complete: {
    summary: `Complete a shipped order for the student (it completes by itself ${GOODS_ORDER_AUTO_COMPLETE_DAYS} days after shipping)`,
    access: ['order:ship'],
    from: [Shipped],
    to: Completed,
  },
  cancel: {
    summary:
      'Cancel an order not shipped yet: the stock and the points go back (a reversal entry); the student is told',
    access: ['order:cancel'],
    from: [AwaitingShipment],
    to: Cancelled,
    input: zStaffCancel,
  },
});

const tags = ['goodsOrder'];
export const goodsOrderEndpoints = {
  redeem: endpoint({
    method: 'POST',
    path: '/api/goodsOrder/redeem',
    summary: 'Redeem a product with points: one order, its stock and the points taken in one transaction',
    description:
      'Refused with 501 naming the field: an unknown or another organisation’s product (productId), one off the ' +
      'shelf (productId), more than the stock, over the limit per student, or more than the balance (quantity). ' +
      'The same requestKey sent again by the same member answers the order the first request made.',
    tags,
    access: 'login',
    mutates: true,
    body: zRedeem,
    response: zGoodsOrder,
  }),
  my: endpoint({
    method: 'POST',
    path: '/api/goodsOrder/my',
    summary: "The caller's own goods orders, newest first",
    tags,
    access: 'login',
    body: zMyGoodsOrdersRequest,
    response: zGoodsOrderPage,
  }),
  receive: endpoint({
    method: 'POST',
    path: '/api/goodsOrder/receive/:id',
    summary: 'Confirm receipt of one of the caller’s shipped orders (it completes)',
    description: 'Only the order’s owner; another member’s order is “not found”. Only from status 2 (shipped).',
    tags,
    access: 'login',
    mutates: true,
    params: zIdParam,
    response: zGoodsOrder,
  }),
  cancelMine: endpoint({
    method: 'POST',
    path: '/api/goodsOrder/cancelMine/:id',
    summary: 'Cancel one of the caller’s orders before it ships: the stock and the points go back',
    description:
      'Only the order’s owner; another member’s order is “not found”. Only from status 1 (awaiting shipment).',
    tags,
    access: 'login',
    mutates: true,
    params: zIdParam,
    body: zCancelMine,
    response: zGoodsOrder,
  }),
};
