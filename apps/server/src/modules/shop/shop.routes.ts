import { api, type GoodsOrder } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../platform/context';
import { noteSubject } from '../../platform/operation-log';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { goodsOrderResource } from './goods-order.resource';
import { productResource } from './product.resource';
import { goodsOrders } from './shop.table';
import { shopPage } from './shop-listing';
import { cancelMine, receiveMine } from './shop-orders';
import { redeem } from './shop-redeem';

// The points shop (issue 33): products and goods orders through the engine (staff), the shop and
// redemptions for members, and a member's own orders (read, receive, cancel before shipping).
// Every member acts on their own orders only: another member's order is "not found".

// An order as the API answers it (the caller's own, or one they just made).
const orderOf = async (ctx: RequestContext, id: number) => (await goodsOrderResource.get(ctx, id)) as GoodsOrder;

export function shopRoutes(app: FastifyInstance) {
  registerResource(app, productResource);
  registerResource(app, goodsOrderResource);
  defineEndpoint(app, api.product.shop, ({ ctx, body }) => shopPage(ctx, body));
  defineEndpoint(app, api.goodsOrder.redeem, async ({ ctx, body, req }) => {
    const order = await orderOf(ctx, await redeem(ctx, body));
    noteSubject(req, { ids: [order.id], label: `${order.orderNo} (${order.productName} × ${order.quantity})` });
    return order;
  });
  defineEndpoint(app, api.goodsOrder.my, ({ ctx, body }) => {
    const { status, ...page } = body;
    return goodsOrderResource.page(ctx, { ...page, status }, eq(goodsOrders.userId, ctx.userId)) as never;
  });
  defineEndpoint(app, api.goodsOrder.receive, async ({ ctx, params }) => {
    await receiveMine(ctx, params.id);
    return orderOf(ctx, params.id);
  });
  defineEndpoint(app, api.goodsOrder.cancelMine, async ({ ctx, params, body }) => {
    await cancelMine(ctx, params.id, body.reason);
    return orderOf(ctx, params.id);
  });
}
