import { z } from 'zod';
import { priceKindLabels } from '../enums/course';
import { courseOrderStatusLabels, refundStatusLabels } from '../enums/payments';
import { formatRegex } from '../errors';
import { zDateTime, zEnum, zId, zText } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';
import type { FormMeta } from '../resource-meta';
import { zAmount, zOnlineProvider, zPayment, zRefund } from './payment';

// Course orders (issue 33, second part): a member buys priced courses with money (a payment of the
// payment module, purpose "courseOrder") or with points (a ledger entry keyed to the order). Paid
// opens each course (enrolment source "order"); a refund of one course closes that course only.
// Money is whole minor units of `currency`; points orders have no currency.

// The most courses one order buys.
export const COURSE_ORDER_COURSES_MAX = 10;

const label = (en: string, zh: string) => ({ en, zh });

// The client's key of a request: sent again (a double click, a retry), it answers what the first
// one made instead of making another.
const zRequestKey = z
  .string()
  .min(8)
  .max(64)
  .regex(...formatRegex(/^[A-Za-z0-9_-]+$/, 'keyChars'))
  .optional();

export const zCourseOrderCreate = z.object({
  courseIds: z.array(zId).min(1).max(COURSE_ORDER_COURSES_MAX),
  requestKey: zRequestKey,
});
export type CourseOrderCreate = z.input<typeof zCourseOrderCreate>;

// A course of an order, priced as it was bought. `holds`: awaiting payment, or paid and not
// refunded. `refunded`: what was given back for it (money refunds done, or points reversed);
// `refundStatus`: its latest money refund's state (null: none, or a points order).
export const zCourseOrderItem = z.object({
  id: zId,
  courseId: zId,
  title: z.string(),
  price: z.number().int(),
  holds: z.boolean(),
  refundedAt: zDateTime.nullable(),
  refunded: z.number().int(),
  refundStatus: zEnum(refundStatusLabels).nullable(),
});
export type CourseOrderItem = z.infer<typeof zCourseOrderItem>;

// A payment attempt of the order, as the order's detail shows it.
export const zCourseOrderPayment = zPayment.pick({
  id: true,
  paymentNo: true,
  provider: true,
  method: true,
  amount: true,
  currency: true,
  status: true,
  payUrl: true,
  paidAt: true,
  closedAt: true,
  receiptNo: true,
  createTime: true,
});
export type CourseOrderPayment = z.infer<typeof zCourseOrderPayment>;

export const zCourseOrder = z.object({
  id: zId,
  organizationId: zId,
  orderNo: z.string(),
  userId: zId,
  userName: z.string(),
  realName: z.string(),
  priceKind: zEnum(priceKindLabels),
  // Minor units of `currency`, or points (no currency).
  total: z.number().int(),
  currency: z.string().nullable(),
  status: zEnum(courseOrderStatusLabels),
  expiresAt: zDateTime,
  paidAt: zDateTime.nullable(),
  closedAt: zDateTime.nullable(),
  // The courses' titles in one line (lists and the spreadsheet).
  courses: z.string(),
  // What was given back over all its courses.
  refunded: z.number().int(),
  items: z.array(zCourseOrderItem),
  payments: z.array(zCourseOrderPayment),
  refunds: z.array(zRefund),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type CourseOrder = z.infer<typeof zCourseOrder>;

export const zCourseOrderFilter = z.object({
  // The order number, a course's title, or the buyer's name.
  keyword: z.string().trim().max(64).optional(),
  status: zEnum(courseOrderStatusLabels).optional(),
  priceKind: zEnum(priceKindLabels).optional(),
  userId: zId.optional(),
  courseId: zId.optional(),
});
export const zMyCourseOrdersRequest = zPlainPageRequest.extend({
  status: zEnum(courseOrderStatusLabels).optional(),
});
export const zCourseOrderPage = zPage(zCourseOrder);

export const zCourseOrderPay = z.object({ provider: zOnlineProvider, requestKey: zRequestKey });

// A cancel asks the provider first: when the money had moved, the order is paid instead (`paid`).
export const zCourseOrderCancelAnswer = z.object({ order: zCourseOrder, paid: z.boolean() });
export type CourseOrderCancelAnswer = z.infer<typeof zCourseOrderCancelAnswer>;

// Staff refund some courses of a paid order. `amount`: what each of them gets back (default: its
// price; never more).
export const zCourseOrderRefund = z.object({
  itemIds: z.array(zId).min(1).max(COURSE_ORDER_COURSES_MAX),
  amount: zAmount.optional(),
  reason: zText(200),
});
export type CourseOrderRefund = z.input<typeof zCourseOrderRefund>;

// The orders list and its spreadsheet (no form: orders come from purchases).
export const courseOrderMeta: FormMeta = {
  name: 'courseOrder',
  title: label('Course orders', '课程订单'),
  labelKey: 'orderNo',
  keyword: true,
  fields: [
    { key: 'orderNo', label: label('Order number', '订单号'), kind: 'text', width: 170 },
    { key: 'realName', label: label('Student', '学生'), kind: 'text', width: 120 },
    { key: 'userName', label: label('User name', '用户名'), kind: 'text', width: 120 },
    { key: 'courses', label: label('Courses', '课程'), kind: 'text' },
    {
      key: 'priceKind',
      label: label('Paid with', '支付方式'),
      kind: 'enum',
      enum: priceKindLabels,
      filter: true,
      width: 100,
    },
    {
      key: 'total',
      label: label('Total (points or minor units)', '金额（积分或最小货币单位）'),
      kind: 'number',
      width: 110,
      sortable: true,
    },
    { key: 'currency', label: label('Currency', '币种'), kind: 'text', width: 80 },
    {
      key: 'refunded',
      label: label('Refunded', '已退款'),
      kind: 'number',
      width: 100,
    },
    {
      key: 'status',
      label: label('Status', '状态'),
      kind: 'enum',
      enum: courseOrderStatusLabels,
      filter: true,
      width: 110,
    },
    { key: 'createTime', label: label('Ordered', '下单时间'), kind: 'datetime', width: 160, sortable: true },
    { key: 'paidAt', label: label('Paid', '支付时间'), kind: 'datetime', width: 160, sortable: true },
    { key: 'expiresAt', label: label('Pay by', '支付截止'), kind: 'datetime', width: 160, list: false },
  ],
};
