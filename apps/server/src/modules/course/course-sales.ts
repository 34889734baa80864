import { CourseStatus } from '@lyceum/contract';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { type Port, port } from '../../platform/port';
import { inOrg } from '../../platform/tenant-sql';
import { courses } from './course.table';

// Priced courses (issue 33): published with a price, listed in the catalogue for everyone and bought
// through a course order. The course-order module imports this one, never the other way: what the
// catalogue needs of orders (a member's orders awaiting payment, the organisation's currency) is a
// port filled at start-up (wiring.ts).

const c = courses;
export const forSale = sql`${c.status} = ${CourseStatus.Published} and ${c.version} > 0
  and ${c.priceKind} is not null and coalesce(${c.price}, 0) > 0`;

export interface CourseSales {
  // Course id → the member's order awaiting payment that holds it.
  awaitingOrdersOf(db: DbOrTx, orgId: number, userId: number, courseIds: number[]): Promise<Map<number, number>>;
  // The organisation's currency (ISO 4217): money prices are minor units of it.
  currency(db: DbOrTx, orgId: number): Promise<string>;
}
export const courseSales: Port<CourseSales> = port<CourseSales>('course sales');

// The courses as they are sold now: their title and price, and whether they are for sale.
export async function saleLines(db: DbOrTx, orgId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: c.id,
      title: c.title,
      priceKind: c.priceKind,
      price: c.price,
      sellable: sql<boolean>`${forSale}`,
    })
    .from(c)
    .where(inOrg(c, orgId, [inArray(c.id, ids)]));
  return rows.map((r) => ({ ...r, id: Number(r.id), price: Number(r.price ?? 0) }));
}
