import { type CourseOrder, CourseStatus, EnrolmentSource, PriceKind } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { courseEnrolments, courses } from '../src/modules/course/course.table';
import { ledgerEntries } from '../src/modules/ledger/ledger.table';
import { article, chapter, publish, staffContext } from './course-learn-fixture';
import type { Reply, TestApp } from './harness';

// Course orders' test helpers (issue 33, second part): priced courses published as the publish
// writes them, purchases, and the rows a purchase or a refund leaves (enrolments, ledger entries).

let made = 0;

// A published course priced in points or money (minor units), with one article lesson.
export async function pricedCourse(
  t: TestApp,
  publisher: number,
  price: number,
  kind: PriceKind = PriceKind.Money,
  orgId = t.ids.demo.orgId,
): Promise<number> {
  made++;
  const [row] = await t.database.db
    .insert(courses)
    .values({
      organizationId: orgId,
      code: `PAID-${made}-${kind}`,
      title: `Priced course ${made}`,
      selfEnrol: true,
      priceKind: kind,
      price,
      status: CourseStatus.Draft,
    })
    .returning({ id: courses.id });
  const id = row!.id;
  await publish(t, staffContext(t, orgId, publisher), id, {
    chapters: [chapter('Only', [article(`Lesson of ${made}`)])],
  });
  return id;
}

export const buy = (t: TestApp, token: string, courseIds: number[], extra: Record<string, unknown> = {}) =>
  t.call<CourseOrder>('POST', '/api/courseOrder/create', { token, body: { courseIds, ...extra } });

// The member's enrolment in the course: its source and the order (or assignment) that brought it.
export async function enrolmentOf(t: TestApp, userId: number, courseId: number) {
  const [row] = await t.database.db
    .select({ source: courseEnrolments.source, sourceId: courseEnrolments.sourceId })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.courseId, courseId)));
  return row ? { source: row.source as EnrolmentSource, sourceId: row.sourceId } : null;
}

export const byOrder = (orderId: number) => ({ source: EnrolmentSource.Order, sourceId: orderId });

// The points entries of one key (`courseOrder:<id>`, `courseOrderRefund:<item>`).
export async function pointEntries(t: TestApp, key: string) {
  return t.database.db
    .select({ amount: ledgerEntries.amount, refKind: ledgerEntries.refKind, refId: ledgerEntries.refId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountKind, 'points'), eq(ledgerEntries.idemKey, key)));
}

// The reply's order, after checking it succeeded.
export function orderOf(res: Reply<CourseOrder>): CourseOrder {
  if (res.code !== 1) throw new Error(`course order: ${res.code} ${res.message}`);
  return res.response;
}
