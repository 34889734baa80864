import { GOODS_ORDER_AUTO_COMPLETE_DAYS, GoodsOrderStatus } from '@lyceum/contract';
import { and, eq, lte } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { goodsOrders } from './shop.table';

// Shipped orders nobody confirmed complete by themselves GOODS_ORDER_AUTO_COMPLETE_DAYS after
// shipping (completedBy stays null: the job did it). Hourly, across organisations; a
// compare-and-set on the status, so an order the student confirms meanwhile is left as they made it.

export const GOODS_ORDER_COMPLETE_JOB = 'shop.completeShipped';
const DAY_MS = 86_400_000;

export async function completeShippedOrders(db: Db, now = clock.date()): Promise<number> {
  const before = new Date(now.getTime() - GOODS_ORDER_AUTO_COMPLETE_DAYS * DAY_MS);
  const done = await db
    .update(goodsOrders)
    .set({ status: GoodsOrderStatus.Completed, completedAt: now, completedBy: null, updateTime: now })
    .where(and(eq(goodsOrders.status, GoodsOrderStatus.Shipped), lte(goodsOrders.shippedAt, before)))
    .returning({ id: goodsOrders.id });
  return done.length;
}

export function registerShopJobs(runner: JobRunner, db: Db): void {
  runner.register(GOODS_ORDER_COMPLETE_JOB, { run: async () => ({ completed: await completeShippedOrders(db) }) });
  runner.every(GOODS_ORDER_COMPLETE_JOB, 3_600_000);
}
