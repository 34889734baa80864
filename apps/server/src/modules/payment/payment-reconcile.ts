import {
  type OfflineMethod,
  PAYMENT_PURPOSES,
  PaymentStatus,
  RECONCILIATION_MAX_DAYS,
  type Reconciliation,
  type ReconciliationDay,
  RefundStatus,
  type zReconciliationRequest,
} from '@lyceum/contract';
import { and, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { ledgerEntries as e, ledgerBalances as lb } from '../ledger/ledger.table';
import { orgCurrency } from '../system-config/system-config.service';
import { orgTimeZone } from '../timetable/booking.service';
import { addDays, daysBetween } from '../timetable/local-time';
import { users } from '../user/user.table';
import { payments, refunds } from './payment.table';
import { paymentPurposes } from './payment-purposes';

// The day's books side by side (issue 33): points issued, spent and given back (the points
// ledger), course orders and tuition paid and refunded (payments and refunds, in the
// organisation's currency), cash by bursar; and the check that the books agree: the points
// balances are the sum of their entries, and what each purpose holds by its own books is what its
// payments brought in less the refunds done.

type Request = z.output<typeof zReconciliationRequest>;
type Figures = Omit<ReconciliationDay, 'day'>;

const POINTS = 'points';
// Points spent on orders, and the entries that give them back.
const SPENDS = ['goodsOrder', 'courseOrder'];
const REVERSALS = ['goodsOrderCancel', 'courseOrderRefund', 'courseOrderCancel'];

const sum = (expr: SQL) => sql<number>`coalesce(sum(${expr}), 0)`.mapWith(Number);
const countIf = (cond: SQL) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);
const sumIf = (expr: SQL, cond: SQL) => sql<number>`coalesce(sum(${expr}) filter (where ${cond}), 0)`.mapWith(Number);

export function zeroFigures(): Figures {
  return {
    pointsIssued: 0,
    pointsSpent: 0,
    pointsReversed: 0,
    pointsDeducted: 0,
    courseOrdersPaid: 0,
    courseOrderMoneyPaid: 0,
    courseRefunds: 0,
    courseOrderMoneyRefunded: 0,
    tuitionPayments: 0,
    tuitionCollected: 0,
    tuitionRefunds: 0,
    tuitionRefunded: 0,
  };
}

function checkRange(req: Request) {
  if (req.to < req.from) throw invalidParams('to', 'endBeforeStart');
  if (daysBetween(req.from, req.to) + 1 > RECONCILIATION_MAX_DAYS)
    throw invalidParams('to', 'rangeTooLong', { days: RECONCILIATION_MAX_DAYS });
}

async function perDay(db: DbOrTx, orgId: number, req: Request, zone: string, currency: string) {
  const start = sql`((${req.from}::date)::timestamp at time zone ${zone})`;
  const end = sql`((${req.to}::date + 1)::timestamp at time zone ${zone})`;
  const dayOf = (col: SQL | typeof e.createTime) => sql<string>`to_char(${col} at time zone ${zone}, 'YYYY-MM-DD')`;
  const spend = inArray(e.refKind, SPENDS);
  const reversal = inArray(e.refKind, REVERSALS);
  const points = await db
    .select({
      day: dayOf(e.createTime),
      issued: sumIf(
        sql`${e.amount}`,
        sql`${e.amount} > 0 and (${e.refKind} is null or ${notInArray(e.refKind, REVERSALS)})`,
      ),
      reversed: sumIf(sql`${e.amount}`, sql`${e.amount} > 0 and ${reversal}`),
      spent: sumIf(sql`-${e.amount}`, sql`${e.amount} < 0 and ${spend}`),
      deducted: sumIf(
        sql`-${e.amount}`,
        sql`${e.amount} < 0 and (${e.refKind} is null or ${notInArray(e.refKind, SPENDS)})`,
      ),
    })
    .from(e)
    .where(inOrg(e, orgId, [eq(e.accountKind, POINTS), gte(e.createTime, start), lt(e.createTime, end)]))
    .groupBy(sql`1`);
  const course = sql`${payments.purpose} = 'courseOrder'`;
  const tuition = sql`${payments.purpose} = 'tuition'`;
  const paid = await db
    .select({
      day: dayOf(sql`${payments.paidAt}`),
      courseN: countIf(course),
      course: sumIf(sql`${payments.amount}`, course),
      tuitionN: countIf(tuition),
      tuition: sumIf(sql`${payments.amount}`, tuition),
    })
    .from(payments)
    .where(
      inOrg(payments, orgId, [
        eq(payments.status, PaymentStatus.Paid),
        eq(payments.currency, currency),
        gte(payments.paidAt, start),
        lt(payments.paidAt, end),
      ]),
    )
    .groupBy(sql`1`);
  const back = await db
    .select({
      day: dayOf(sql`${refunds.finishedAt}`),
      courseN: countIf(course),
      course: sumIf(sql`${refunds.amount}`, course),
      tuitionN: countIf(tuition),
      tuition: sumIf(sql`${refunds.amount}`, tuition),
    })
    .from(refunds)
    .innerJoin(payments, sameOrg(payments, refunds, [eq(payments.id, refunds.paymentId)]))
    .where(
      inOrg(refunds, orgId, [
        eq(refunds.status, RefundStatus.Refunded),
        eq(payments.currency, currency),
        gte(refunds.finishedAt, start),
        lt(refunds.finishedAt, end),
      ]),
    )
    .groupBy(sql`1`);

  const days = new Map<string, Figures>();
  for (let d = req.from; d <= req.to; d = addDays(d, 1)) days.set(d, zeroFigures());
  const at = (day: string) => days.get(day) ?? zeroFigures();
  for (const p of points)
    Object.assign(at(p.day), {
      pointsIssued: p.issued,
      pointsReversed: p.reversed,
      pointsSpent: p.spent,
      pointsDeducted: p.deducted,
    });
  for (const p of paid)
    Object.assign(at(p.day), {
      courseOrdersPaid: p.courseN,
      courseOrderMoneyPaid: p.course,
      tuitionPayments: p.tuitionN,
      tuitionCollected: p.tuition,
    });
  for (const r of back)
    Object.assign(at(r.day), {
      courseRefunds: r.courseN,
      courseOrderMoneyRefunded: r.course,
      tuitionRefunds: r.tuitionN,
      tuitionRefunded: r.tuition,
    });
  return [...days].map(([day, f]) => ({ day, ...f }));
}

async function cashByBursar(db: DbOrTx, orgId: number, req: Request, zone: string) {
  const start = sql`((${req.from}::date)::timestamp at time zone ${zone})`;
  const end = sql`((${req.to}::date + 1)::timestamp at time zone ${zone})`;
  const found = await db
    .select({
      bursarId: payments.recordedBy,
      bursarName: users.realName,
      method: payments.method,
      currency: payments.currency,
      count: sql<number>`count(*)`.mapWith(Number),
      amount: sum(sql`${payments.amount}`),
    })
    .from(payments)
    .leftJoin(users, sameOrg(users, payments, [eq(users.id, payments.recordedBy)]))
    .where(
      inOrg(payments, orgId, [
        eq(payments.provider, 'offline'),
        eq(payments.status, PaymentStatus.Paid),
        gte(payments.paidAt, start),
        lt(payments.paidAt, end),
      ]),
    )
    .groupBy(payments.recordedBy, users.realName, payments.method, payments.currency)
    .orderBy(users.realName, payments.method);
  return found.map((r) => ({ ...r, bursarName: r.bursarName ?? null, method: (r.method ?? 1) as OfflineMethod }));
}

async function check(db: DbOrTx, orgId: number): Promise<Reconciliation['check']> {
  const [{ entries }] = await db
    .select({ entries: sum(sql`${e.amount}`) })
    .from(e)
    .where(inOrg(e, orgId, [eq(e.accountKind, POINTS)]));
  const [{ balances }] = await db
    .select({ balances: sum(sql`${lb.balance}`) })
    .from(lb)
    .where(and(eq(lb.organizationId, orgId), eq(lb.accountKind, POINTS)));
  const paid = await db
    .select({ purpose: payments.purpose, currency: payments.currency, amount: sum(sql`${payments.amount}`) })
    .from(payments)
    .where(inOrg(payments, orgId, [eq(payments.status, PaymentStatus.Paid)]))
    .groupBy(payments.purpose, payments.currency);
  const back = await db
    .select({ purpose: payments.purpose, currency: payments.currency, amount: sum(sql`${refunds.amount}`) })
    .from(refunds)
    .innerJoin(payments, sameOrg(payments, refunds, [eq(payments.id, refunds.paymentId)]))
    .where(inOrg(refunds, orgId, [eq(refunds.status, RefundStatus.Refunded)]))
    .groupBy(payments.purpose, payments.currency);
  const money: Reconciliation['check']['money'] = [];
  for (const purpose of PAYMENT_PURPOSES) {
    const held = await heldBy(db, orgId, purpose);
    const currencies = new Set([
      ...paid.filter((p) => p.purpose === purpose).map((p) => p.currency),
      ...(held ?? []).map((h) => h.currency),
    ]);
    for (const currency of [...currencies].sort()) {
      const inn = paid.find((p) => p.purpose === purpose && p.currency === currency)?.amount ?? 0;
      const out = back.find((p) => p.purpose === purpose && p.currency === currency)?.amount ?? 0;
      const h = held ? (held.find((x) => x.currency === currency)?.amount ?? 0) : null;
      const net = inn - out;
      money.push({
        purpose,
        currency,
        paid: inn,
        refunded: out,
        net,
        held: h,
        difference: h === null ? null : h - net,
      });
    }
  }
  const points = { entries, balances, difference: balances - entries };
  return { agrees: points.difference === 0 && money.every((m) => !m.difference), points, money };
}

// A purpose's own figure, or null when it keeps none (or is not wired in this process).
async function heldBy(db: DbOrTx, orgId: number, purpose: (typeof PAYMENT_PURPOSES)[number]) {
  let handler: ReturnType<typeof paymentPurposes.get>;
  try {
    handler = paymentPurposes.get(purpose);
  } catch {
    return null;
  }
  return handler.heldMoney ? handler.heldMoney(db, orgId) : null;
}

export async function reconciliation(ctx: RequestContext, req: Request): Promise<Reconciliation> {
  checkRange(req);
  const zone = await orgTimeZone(ctx.db, ctx.orgId);
  const currency = await orgCurrency(ctx.db, ctx.orgId);
  const days = await perDay(ctx.db, ctx.orgId, req, zone, currency);
  const totals = zeroFigures();
  for (const d of days) for (const k of Object.keys(totals) as (keyof Figures)[]) totals[k] += d[k];
  return {
    from: req.from,
    to: req.to,
    timeZone: zone,
    currency,
    days,
    totals,
    cashByBursar: await cashByBursar(ctx.db, ctx.orgId, req, zone),
    check: await check(ctx.db, ctx.orgId),
  };
}
