import { courseOrderDecl, courseOrderMeta } from '@lyceum/contract';
import { desc } from 'drizzle-orm';
import { createResource, fromDecl } from '../../platform/resource';
import { users } from '../user/user.table';
import { courseOrders } from './course-order.table';
import { decorateOrders, orderKeyword, withCourse } from './course-order-rows';

// Course orders as staff see them (order:page; the export with order:export): made only by
// purchases, moved only by payments, the buyer's cancel, the expiry job and refunds. The client's
// request key stays on the server.
export const courseOrderResource = createResource({
  ...fromDecl(courseOrderDecl),
  meta: courseOrderMeta,
  table: courseOrders,
  filters: { keyword: (value) => orderKeyword(value), courseId: (id) => withCourse(id) },
  sort: {
    default: [desc(courseOrders.id)],
    fields: { createTime: courseOrders.createTime, paidAt: courseOrders.paidAt, total: courseOrders.total },
  },
  references: { userId: { table: users, label: 'user', labelColumn: 'realName' } },
  omit: ['requestKey'],
  hooks: { decorate: (rows, ctx) => decorateOrders(rows, ctx) },
});
