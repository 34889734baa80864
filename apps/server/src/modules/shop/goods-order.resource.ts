import { goodsOrderActions, goodsOrderDecl, goodsOrderMeta } from '@lyceum/contract';
import { desc } from 'drizzle-orm';
import { createResource, fromDecl, implement } from '../../platform/resource';
import { users } from '../user/user.table';
import { decorateOrders, orderKeyword } from './goods-order-rows';
import { goodsOrders, products } from './shop.table';
import { cancelOrder, completeOrder, shipOrder } from './shop-orders';

// Goods orders as staff see them (order:page; the export with order:export): made only by
// redemptions, moved only by their actions (ship, complete, cancel) and the owner's own routes.
// The client's request key stays on the server.
export const goodsOrderResource = createResource({
  ...fromDecl(goodsOrderDecl),
  meta: goodsOrderMeta,
  table: goodsOrders,
  filters: { keyword: (value) => orderKeyword(value) },
  sort: {
    default: [desc(goodsOrders.id)],
    fields: { createTime: goodsOrders.createTime, totalPoints: goodsOrders.totalPoints, status: goodsOrders.status },
  },
  // What orders name: a product or a member with orders is not deleted while they stand.
  references: {
    productId: { table: products, label: 'product' },
    userId: { table: users, label: 'user', labelColumn: 'realName' },
    shippedBy: { table: users, label: 'user', labelColumn: 'realName' },
    completedBy: { table: users, label: 'user', labelColumn: 'realName' },
    cancelledBy: { table: users, label: 'user', labelColumn: 'realName' },
  },
  omit: ['requestKey'],
  actions: {
    ship: implement(goodsOrderActions.ship, shipOrder),
    complete: implement(goodsOrderActions.complete, completeOrder),
    cancel: implement(goodsOrderActions.cancel, cancelOrder),
  },
  hooks: { decorate: (rows, ctx) => decorateOrders(rows, ctx) },
});
