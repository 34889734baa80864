import { api, type CourseOrder } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../platform/context';
import { noteSubject } from '../../platform/operation-log';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { courseOrderResource } from './course-order.resource';
import { courseOrders } from './course-order.table';
import { cancelMine } from './course-order-close';
import { createOrder } from './course-order-create';
import { payOrder } from './course-order-pay';
import { refundOrder } from './course-order-refund';

// Course orders (issue 33, second part): staff read them through the engine and refund courses;
// a member buys, pays, cancels and reads their own (another member's order is "not found").

const orderOf = async (ctx: RequestContext, id: number) => (await courseOrderResource.get(ctx, id)) as CourseOrder;

export function courseOrderRoutes(app: FastifyInstance) {
  registerResource(app, courseOrderResource);
  const ep = api.courseOrder;
  defineEndpoint(app, ep.create, async ({ ctx, body, req }) => {
    const order = await orderOf(ctx, await createOrder(ctx, body));
    noteSubject(req, { ids: [order.id], label: `${order.orderNo} (${order.courses})` });
    return order;
  });
  defineEndpoint(app, ep.my, ({ ctx, body }) => {
    const { status, ...page } = body;
    return courseOrderResource.page(ctx, { ...page, status }, eq(courseOrders.userId, ctx.userId)) as never;
  });
  defineEndpoint(app, ep.pay, ({ ctx, params, body, req }) =>
    payOrder(ctx, params.id, body, `${req.protocol}://${req.host}`),
  );
  defineEndpoint(app, ep.cancel, async ({ ctx, params }) => {
    const paid = await cancelMine(ctx, params.id);
    return { order: await orderOf(ctx, params.id), paid };
  });
  defineEndpoint(app, ep.refund, async ({ ctx, params, body }) => {
    await refundOrder(ctx, params.id, body);
    return orderOf(ctx, params.id);
  });
}
