import {
  CompletionRule,
  LessonType,
  OfflineMethod,
  PriceKind,
  zCollect,
  zCourseCreate,
  zCourseOrderCreate,
  zCourseOrderPay,
  zFeeStructureCreate,
  zInvoiceGenerate,
} from '@lyceum/contract';
import { eq, inArray, like } from 'drizzle-orm';
import { semesters } from '../modules/calendar/calendar.table';
import { courseResource } from '../modules/course/course.resource';
import { createOrder } from '../modules/course-order/course-order-create';
import { payOrder } from '../modules/course-order/course-order-pay';
import { paymentChannels } from '../modules/payment/payment.table';
import { completeTestPayment } from '../modules/payment/payment-test-page';
import { teamMembers, teams } from '../modules/team/team.table';
import { feeStructureResource } from '../modules/tuition/fee-structure.resource';
import { issueInvoices } from '../modules/tuition/invoice-actions';
import { generateInvoices } from '../modules/tuition/invoice-make';
import { invoices } from '../modules/tuition/tuition.table';
import { collectFee } from '../modules/tuition/tuition-money';
import { users } from '../modules/user/user.table';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { seedContext } from './seed-context';

const DAY = 86_400_000;
const quiet = { warn: () => {}, error: () => {} };
const dayText = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

// Course orders and tuition (issue 33) so Orders & fees, Orders and Tuition payments have something
// to show after `npm start`, made the way the API makes them:
// - the test payment channel (clearly labelled: no money moves), so anyone can try paying;
// - three priced courses: `student` bought "Python for beginners" with the test provider (paid, open
//   under My courses); "Exam strategy workshop" (money) and "Calligraphy" (points) wait to be bought;
// - this term's fees for the demo class in two instalments, the first due three weeks ago: one
//   student paid both at the desk (cash, then a bank transfer), one paid the first, and `student`
//   paid nothing and is overdue (pay online with the test provider, or at the desk).
export async function seedPayments(db: Db, orgId: number, officeId: number, teacherId: number) {
  await db
    .insert(paymentChannels)
    .values({ organizationId: orgId, provider: 'test', name: 'Test payments — no money moves / 测试支付（不扣款）' })
    .onConflictDoNothing();
  const python = await pricedCourses(db, orgId, teacherId);
  const [student] = await db
    .select({ id: users.id })
    .from(users)
    .where(inOrg(users, orgId, [eq(users.userName, 'student')]));
  if (!student) return;
  const buyer = seedContext(db, orgId, student.id, ['myCourse:page', 'myPayment:page']);
  const orderId = await createOrder(buyer, zCourseOrderCreate.parse({ courseIds: [python] }));
  const { paymentNo } = await payOrder(buyer, orderId, zCourseOrderPay.parse({ provider: 'test' }));
  await completeTestPayment(buyer, { paymentNo, outcome: 'paid' }, quiet);
  await seedTuition(db, orgId, officeId, student.id);
}

async function pricedCourses(db: Db, orgId: number, teacherId: number): Promise<number> {
  const ctx = seedContext(db, orgId, teacherId, ['courseLearning:page', 'course:create', 'course:publish']);
  const article = (key: string, title: string, body: string) => ({
    key,
    title,
    lessonType: LessonType.Article,
    body,
    completionRule: CompletionRule.MarkedDone,
  });
  const made: number[] = [];
  const courses = [
    {
      code: 'PY-101',
      title: 'Python for beginners Python 入门',
      priceKind: PriceKind.Money,
      price: 19_900,
      lesson: ['Your first program 第一个程序', '<p>print("Hello") — 打印一行文字。</p>'],
    },
    {
      code: 'EXM-201',
      title: 'Exam strategy workshop 应试策略工作坊',
      priceKind: PriceKind.Money,
      price: 9_900,
      lesson: [
        'Reading the paper first 先通读试卷',
        '<p>Five minutes reading saves twenty. 先读五分钟，省下二十分钟。</p>',
      ],
    },
    {
      code: 'ART-105',
      title: 'Calligraphy 书法入门',
      priceKind: PriceKind.Points,
      price: 150,
      lesson: ['Holding the brush 执笔', '<p>Hold the brush upright, fingers relaxed. 笔杆垂直，手指放松。</p>'],
    },
  ];
  for (const [i, c] of courses.entries()) {
    const course = await courseResource.create(
      ctx,
      zCourseCreate.parse({
        code: c.code,
        title: c.title,
        description: `<p>${c.title}</p>`,
        required: false,
        creditHours: 1,
        priceKind: c.priceKind,
        price: c.price,
        chapters: [
          {
            key: `paid-${i}-ch`,
            title: 'Start here 开始',
            lessons: [article(`paid-${i}-l1`, c.lesson[0]!, c.lesson[1]!)],
          },
        ],
      }),
    );
    await courseResource.runAction(ctx, 'publish', Number(course.id), {});
    made.push(Number(course.id));
  }
  return made[0]!;
}

async function seedTuition(db: Db, orgId: number, officeId: number, studentId: number) {
  const ctx = seedContext(db, orgId, officeId, ['payment:page', 'payment:invoice', 'payment:collect']);
  const [team] = await db
    .select({ id: teams.id, gradeYear: teams.gradeYear })
    .from(teams)
    .where(inOrg(teams, orgId, [like(teams.name, 'Class 2024-1%')]));
  if (!team) return;
  const [term] = await db
    .select({ id: semesters.id })
    .from(semesters)
    .where(inOrg(semesters, orgId, [eq(semesters.current, true)]));
  const structure = await feeStructureResource.create(
    ctx,
    zFeeStructureCreate.parse({
      name: `Grade ${team.gradeYear} fees, this term`,
      semesterId: term?.id ?? null,
      gradeYear: team.gradeYear,
      items: [
        { name: 'Tuition 学费', amount: 480_000 },
        { name: 'Books 教材费', amount: 36_000 },
        { name: 'Boarding 住宿费', amount: 120_000 },
      ],
      plan: [
        { label: 'First half 上半期', dueDate: dayText(-21), percent: 50 },
        { label: 'Second half 下半期', dueDate: dayText(40), percent: 50 },
      ],
      note: 'Pay online under Orders & fees, or at the bursar’s desk. 可在“订单与缴费”在线缴纳，或到财务处缴费。',
    }),
  );
  const { invoiceIds } = await generateInvoices(
    ctx,
    zInvoiceGenerate.parse({ structureId: Number(structure.id), teamIds: [team.id] }),
  );
  await issueInvoices(ctx, invoiceIds);
  // Two classmates of `student`: one paid both halves, one the first.
  const mates = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(inOrg(teamMembers, orgId, [eq(teamMembers.teamId, team.id)]));
  const others = mates.map((m) => Number(m.id)).filter((id) => id !== studentId);
  const rows = await db
    .select({ id: invoices.id, studentId: invoices.studentId, total: invoices.total })
    .from(invoices)
    .where(inOrg(invoices, orgId, [inArray(invoices.id, invoiceIds)]));
  const invoiceOf = (who: number | undefined) => rows.find((r) => r.studentId === who);
  const paidBoth = invoiceOf(others[0]);
  const paidFirst = invoiceOf(others[1]);
  const half = (total: number) => Math.floor(total / 2);
  if (paidBoth) {
    await collectFee(ctx, paidBoth.id, zCollect.parse({ amount: half(paidBoth.total), method: OfflineMethod.Cash }));
    await collectFee(
      ctx,
      paidBoth.id,
      zCollect.parse({
        amount: paidBoth.total - half(paidBoth.total),
        method: OfflineMethod.BankTransfer,
        note: 'Transfer ref. 转账流水 20261106-0042',
      }),
    );
  }
  if (paidFirst) {
    await collectFee(
      ctx,
      paidFirst.id,
      zCollect.parse({ amount: half(paidFirst.total), method: OfflineMethod.CardTerminal }),
    );
  }
}
