import { z } from 'zod';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { COURSE_ORDER_EXPIRY_MINUTES } from '../enums/payments';
import { zIdParam } from '../fields';
import {
  zCourseOrder,
  zCourseOrderCancelAnswer,
  zCourseOrderCreate,
  zCourseOrderFilter,
  zCourseOrderPage,
  zCourseOrderPay,
  zCourseOrderRefund,
  zMyCourseOrdersRequest,
} from './course-order';
import { zPayAnswer } from './payment';

// Course orders' endpoints (issue 33, second part): a member buys, pays, cancels and reads their own
// orders; staff read every order (the engine's reads and export) and refund courses of paid ones.

// Orders come from purchases and change only by the routes below: the engine serves reads and the
// export, no create, update or delete (the create and update schemas are never used).
export const courseOrderDecl = engineDecl({
  name: 'courseOrder',
  title: 'Course order',
  schemas: { row: zCourseOrder, create: z.object({}), update: z.object({}), filter: zCourseOrderFilter },
  access: { readOnly: true, read: ['order:page'], export: ['order:export'] },
  sheets: 'export',
});
export const courseOrderVerbs = engineEndpoints(courseOrderDecl);

const tags = ['courseOrder'];
export const courseOrderEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/courseOrder/create',
    summary: 'Buy priced courses: one order; points are taken at once, money awaits a payment',
    description:
      'Every course must be published and priced, all the same way (points or money), and not held already by ' +
      'the caller (enrolled, or in another order awaiting payment or paid): refused with 501 naming courseIds ' +
      'otherwise. Points: the ledger entry and the enrolments are made in the same transaction (not enough ' +
      'points: 501 insufficientBalance on courseIds). Money: the order awaits payment in the organisation’s ' +
      `currency for ${COURSE_ORDER_EXPIRY_MINUTES} minutes. The same requestKey answers the order the first ` +
      'request made.',
    tags,
    access: 'login',
    mutates: true,
    body: zCourseOrderCreate,
    response: zCourseOrder,
  }),
  my: endpoint({
    method: 'POST',
    path: '/api/courseOrder/my',
    summary: "The caller's own course orders with their courses, payments and refunds, newest first",
    tags,
    access: 'login',
    body: zMyCourseOrdersRequest,
    response: zCourseOrderPage,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/api/courseOrder/pay/:id',
    summary: 'Pay one of the caller’s orders online: answers where to go (the provider’s page)',
    description:
      'Only the buyer (another member’s order is “not found”); only an order awaiting payment and not past its ' +
      'time. A payment started before with another provider is closed first (asking that provider: when it ' +
      'was paid, the order is paid and this is refused). The provider’s channel must be on (501 naming provider).',
    tags,
    access: 'login',
    mutates: true,
    params: zIdParam,
    body: zCourseOrderPay,
    response: zPayAnswer,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/courseOrder/cancel/:id',
    summary: 'Cancel one of the caller’s orders awaiting payment (its payments are closed at the provider first)',
    description:
      'Only the buyer; only from status 1. When a provider says a payment was made after all, the order becomes ' +
      'paid instead and the answer says so (`paid: true`).',
    tags,
    access: 'login',
    mutates: true,
    params: zIdParam,
    response: zCourseOrderCancelAnswer,
  }),
  refund: endpoint({
    method: 'POST',
    path: '/api/courseOrder/refund/:id',
    summary: 'Refund courses of a paid order: each course is refunded and closed for the buyer on its own',
    description:
      'Only from status 2 (paid); the order is 3 (refunding) while the refunds run, then 4 when every course is ' +
      'refunded, else 2. Money goes back through the payment’s provider; points by a reversing entry. The ' +
      'enrolment the order made is removed (an assignment of the same course stays). Refused with 501: a course ' +
      'not of this order or refunded already (itemIds), an amount above a course’s price (amount).',
    tags,
    access: ['order:refund'],
    mutates: true,
    params: zIdParam,
    body: zCourseOrderRefund,
    response: zCourseOrder,
  }),
};
