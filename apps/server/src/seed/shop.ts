import { RoleKind, zProductCreate } from '@lyceum/contract';
import { eq, inArray } from 'drizzle-orm';
import { productCategories } from '../modules/catalogue/catalogue.table';
import { balanceOf, post } from '../modules/ledger/ledger.service';
import { goodsOrderResource } from '../modules/shop/goods-order.resource';
import { productResource } from '../modules/shop/product.resource';
import { pointsAccount, receiveMine } from '../modules/shop/shop-orders';
import { redeem } from '../modules/shop/shop-redeem';
import { users } from '../modules/user/user.table';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { seedContext } from './seed-context';

// The points shop (issue 33) for the demo: five products in the demo's product categories, with
// stock and prices, and three orders redeemed the way the API redeems them: `student` has one
// shipped (collected at the office), s2026001 one awaiting shipment, s2026002 one completed on
// receipt. Run after the points are seeded (seedPoints): the orders are paid from the points the
// students earned; a student short of the price is first credited what is missing, with a remark
// saying the demo did it. `staffId` makes the products and ships (academic staff).

const PRODUCTS = [
  {
    name: 'Squared notebook 方格笔记本',
    category: 'Stationery',
    pointsPrice: 30,
    stock: 120,
    limitPerStudent: 5,
    description: 'A5, 80 sheets, the school crest on the cover. A5 方格本，80 页，封面印有校徽。',
  },
  {
    name: 'School hoodie 校园卫衣',
    category: null,
    pointsPrice: 200,
    stock: 30,
    limitPerStudent: 1,
    description: 'Navy, sizes S–XL: say yours in the note. 藏青色，S–XL 码，请在备注中写明尺码。',
  },
  {
    name: 'Library late-fee pass 图书馆逾期免罚券',
    category: 'Course vouchers',
    pointsPrice: 40,
    stock: 50,
    limitPerStudent: 2,
    description: 'Waives one late fee at the school library. 可抵免一次图书馆逾期罚款。',
  },
  {
    name: 'Lunch voucher 午餐券',
    category: 'Course vouchers',
    pointsPrice: 25,
    stock: 200,
    limitPerStudent: 10,
    description: 'One lunch at the school canteen. 学校食堂午餐一份。',
  },
  {
    name: 'USB drive 32 GB U盘',
    category: 'Stationery',
    pointsPrice: 120,
    stock: 15,
    limitPerStudent: 1,
    description: null,
  },
];

const ORDERS = [
  { student: 'student', product: 'Lunch voucher 午餐券', quantity: 1, reaches: 'shipped' },
  { student: 's2026001', product: 'Squared notebook 方格笔记本', quantity: 1, reaches: 'awaiting' },
  { student: 's2026002', product: 'Library late-fee pass 图书馆逾期免罚券', quantity: 1, reaches: 'completed' },
] as const;

export async function seedShop(db: Db, orgId: number, staffId: number): Promise<{ products: number; orders: number }> {
  const staff = {
    ...seedContext(db, orgId, staffId, ['product:create', 'order:page', 'order:ship']),
    roleKind: RoleKind.AcademicStaff,
  };
  const categories = await db
    .select({ id: productCategories.id, name: productCategories.name })
    .from(productCategories)
    .where(eq(productCategories.organizationId, orgId));
  const categoryOf = (start: string | null) =>
    start ? (categories.find((c) => c.name.startsWith(start))?.id ?? null) : null;
  const productIds = new Map<string, number>();
  for (const [i, p] of PRODUCTS.entries()) {
    const input = zProductCreate.parse({
      name: p.name,
      categoryId: categoryOf(p.category),
      pointsPrice: p.pointsPrice,
      stock: p.stock,
      limitPerStudent: p.limitPerStudent,
      description: p.description,
      onShelf: true,
      sort: i + 1,
    });
    productIds.set(p.name, Number((await productResource.create(staff, input)).id));
  }

  const people = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(
      inOrg(users, orgId, [
        inArray(
          users.userName,
          ORDERS.map((o) => o.student),
        ),
      ]),
    );
  let orders = 0;
  for (const o of ORDERS) {
    const studentId = people.find((p) => p.userName === o.student)?.id;
    const productId = productIds.get(o.product);
    const price = PRODUCTS.find((p) => p.name === o.product)?.pointsPrice;
    if (!studentId || !productId || !price) continue;
    const student = { ...seedContext(db, orgId, studentId), userName: o.student, roleKind: RoleKind.Student };
    const account = pointsAccount(orgId, studentId);
    const short = price * o.quantity - (await balanceOf(db, account));
    if (short > 0) {
      await db.transaction((tx) =>
        post(tx, account, {
          amount: short,
          reason: 'Demo data: points to pay for a sample order 演示数据：补足示例订单所需积分',
          ref: { kind: 'adjust' },
          operatorId: staffId,
        }),
      );
    }
    const orderId = await redeem(student, { productId, quantity: o.quantity, note: null });
    if (o.reaches !== 'awaiting') {
      await goodsOrderResource.runAction(staff, 'ship', orderId, {
        carrier: 'Collect at the school office 学校办公室自取',
        trackingNo: null,
      });
    }
    if (o.reaches === 'completed') await receiveMine(student, orderId);
    orders++;
  }
  return { products: productIds.size, orders };
}
