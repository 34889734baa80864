import { type OfflineMethod, type OnlineProvider, type PaymentPurpose, PaymentStatus } from '@lyceum/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { businessError, invalidParams } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { wallClock } from '../timetable/local-time';
import { readSettings } from '../timetable/timetable-settings';
import { payments, receiptSequences } from './payment.table';
import { channelFor } from './payment-channels';
import { applyPaid, channelForPayment, isOnline, loadPayment } from './payment-core';
import { newPaymentNo } from './payment-keys';
import { adapterFor, type Channel, ProviderError, type QueryAnswer } from './payment-provider';
import { type PaymentRow, paymentPurposes } from './payment-purposes';

// What the purposes' modules (course orders, tuition) call to take and give back money. Amounts are
// whole minor units of `currency`. A payment becomes paid only once (a conditional update), and only
// then is the purpose's onPaid called, in the same transaction (payment-purposes.ts).

export type { PaymentRow, RefundRow } from './payment-purposes';
export { processRefund, type RequestRefundInput, requestRefund } from './payment-refunds';

const { Awaiting, Paid, Closed } = PaymentStatus;

export interface StartPaymentInput {
  purpose: PaymentPurpose;
  purposeId: number;
  amount: number;
  currency: string;
  provider: OnlineProvider;
  // What the payer sees at the provider ("Course order C20260501000012").
  subject: string;
  // The client's key: the same key from the same payer answers the payment it made.
  requestKey?: string;
  // The address the payer's browser came to (`${req.protocol}://${req.host}`): where the provider
  // sends the payer back and posts its notification when PUBLIC_URL is not set.
  origin?: string;
}

export interface StartedPayment {
  payment: PaymentRow;
  payUrl: string;
}

// The provider could not be asked: a refusal the caller sees, with what went wrong.
export function providerFailed(err: unknown): never {
  if (err instanceof ProviderError) throw businessError('paymentProviderFailed', { detail: err.detail });
  throw err;
}

function addresses(provider: OnlineProvider, origin: string | undefined) {
  const base = (process.env.PUBLIC_URL?.trim() || origin || 'http://localhost').replace(/\/+$/, '');
  return { returnUrl: `${base}/study/payments`, notifyUrl: `${base}/api/payment/notify/${provider}` };
}

async function byRequestKey(db: DbOrTx, orgId: number, payerId: number, key: string | null | undefined) {
  if (!key) return null;
  const [row] = await db
    .select()
    .from(payments)
    .where(inOrg(payments, orgId, [eq(payments.payerId, payerId), eq(payments.requestKey, key)]));
  return row ?? null;
}

/**
 * Starts an online payment of `ctx.userId` (the payer) at the organisation's channel of `provider`
 * and answers where the payer goes. Refused (501 `paymentChannelOff`, field provider) when the
 * channel is missing or disabled; (501 `currencyNotSupported`, field currency) when the provider
 * does not take the currency (Alipay: CNY only). An awaiting payment of the same payer, purpose,
 * provider, amount and currency is reused (its address made anew) so a second click never opens a
 * second trade. The caller checks the thing paid for (its status, its amount) before calling; `db`
 * may be the caller's transaction (starting calls no remote service).
 */
export async function startPayment(
  ctx: RequestContext,
  input: StartPaymentInput,
  db: DbOrTx = ctx.db,
): Promise<StartedPayment> {
  const ch = await channelFor(db, ctx.orgId, input.provider);
  if (!ch) throw invalidParams('provider', 'paymentChannelOff', { provider: input.provider });
  const adapter = adapterFor(input.provider);
  if (adapter.currencies !== 'any' && !adapter.currencies.includes(input.currency))
    throw invalidParams('currency', 'currencyNotSupported', { currency: input.currency });
  const repeated = await byRequestKey(db, ctx.orgId, ctx.userId, input.requestKey);
  if (repeated) return { payment: repeated, payUrl: repeated.payUrl ?? '' };
  const start = (paymentNo: string) =>
    adapter
      .start(ch, {
        paymentNo,
        amount: input.amount,
        currency: input.currency,
        subject: input.subject,
        ...addresses(input.provider, input.origin),
      })
      .catch(providerFailed);

  const [open] = await db
    .select()
    .from(payments)
    .where(
      inOrg(payments, ctx.orgId, [
        eq(payments.purpose, input.purpose),
        eq(payments.purposeId, input.purposeId),
        eq(payments.payerId, ctx.userId),
        eq(payments.provider, input.provider),
        eq(payments.amount, input.amount),
        eq(payments.currency, input.currency),
        eq(payments.status, Awaiting),
      ]),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  if (open) {
    const { payUrl } = await start(open.paymentNo);
    const [row] = await db
      .update(payments)
      .set({ payUrl, updateTime: clock.date() })
      .where(inOrg(payments, ctx.orgId, [eq(payments.id, open.id)]))
      .returning();
    return { payment: row ?? open, payUrl };
  }
  const paymentNo = newPaymentNo(ctx.orgId);
  const { payUrl } = await start(paymentNo);
  const [row] = await db
    .insert(payments)
    .values({
      organizationId: ctx.orgId,
      paymentNo,
      purpose: input.purpose,
      purposeId: input.purposeId,
      payerId: ctx.userId,
      provider: input.provider,
      amount: input.amount,
      currency: input.currency,
      status: Awaiting,
      payUrl,
      requestKey: input.requestKey ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return { payment: row, payUrl };
  // The same request key committed first: its payment is the answer.
  const first = await byRequestKey(db, ctx.orgId, ctx.userId, input.requestKey);
  if (!first) throw new Error(`payment ${paymentNo} was not written`);
  return { payment: first, payUrl: first.payUrl ?? '' };
}

export interface RecordOfflineInput {
  purpose: PaymentPurpose;
  purposeId: number;
  payerId: number;
  amount: number;
  currency: string;
  method: OfflineMethod;
  note?: string | null;
  requestKey?: string | null;
}

export interface RecordedPayment {
  payment: PaymentRow;
  // True when the request key had already recorded this payment: nothing new was written and
  // onPaid was not called again.
  repeated: boolean;
}

// The next receipt number of the organisation's year (its time zone), by one upsert: two bursars
// never get the same one, and a transaction that rolls back gives its number back.
async function nextReceiptNo(tx: Tx, orgId: number): Promise<string> {
  const { timeZone } = await readSettings(tx, orgId);
  const year = Number(wallClock(clock.date(), timeZone).day.slice(0, 4));
  const [{ last }] = await tx
    .insert(receiptSequences)
    .values({ organizationId: orgId, year, last: 1 })
    .onConflictDoUpdate({
      target: [receiptSequences.organizationId, receiptSequences.year],
      set: { last: sql`${receiptSequences.last} + 1` },
    })
    .returning({ last: receiptSequences.last });
  return `${year}-${String(last).padStart(6, '0')}`;
}

/**
 * A bursar (`ctx.userId`, kept as recordedBy) records money taken at the desk: the payment is paid
 * at once, gets the next receipt number of the organisation's year (`2026-000123`, gapless: taken in
 * `tx`, so a refusal later in `tx` gives it back), and the purpose's onPaid runs in `tx`. The same
 * requestKey for the same payer answers the first payment (repeated: true).
 */
export async function recordOffline(tx: Tx, ctx: RequestContext, input: RecordOfflineInput): Promise<RecordedPayment> {
  const before = await byRequestKey(tx, ctx.orgId, input.payerId, input.requestKey);
  if (before) return { payment: before, repeated: true };
  const now = clock.date();
  // Written first without its receipt number: a parallel request with the same key waits here on
  // the unique index and then writes nothing, so it takes no number either.
  const [made] = await tx
    .insert(payments)
    .values({
      organizationId: ctx.orgId,
      paymentNo: newPaymentNo(ctx.orgId),
      purpose: input.purpose,
      purposeId: input.purposeId,
      payerId: input.payerId,
      provider: 'offline',
      method: input.method,
      amount: input.amount,
      currency: input.currency,
      status: Paid,
      paidAt: now,
      recordedBy: ctx.userId,
      note: input.note?.slice(0, 200) || null,
      requestKey: input.requestKey || null,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (!made) {
    const first = await byRequestKey(tx, ctx.orgId, input.payerId, input.requestKey);
    if (!first) throw new Error('offline payment was not written');
    return { payment: first, repeated: true };
  }
  const receiptNo = await nextReceiptNo(tx, ctx.orgId);
  const [payment] = await tx
    .update(payments)
    .set({ receiptNo })
    .where(inOrg(payments, ctx.orgId, [eq(payments.id, made.id)]))
    .returning();
  await paymentPurposes.get(input.purpose).onPaid(tx, payment!);
  return { payment: payment!, repeated: false };
}

export interface SyncResult {
  // What the provider says (offline payments: their own state).
  state: 'paid' | 'awaiting' | 'closed' | 'unknown';
  // True when this call made the payment paid (and called onPaid).
  applied: boolean;
  payment: PaymentRow;
}

async function providerChannel(db: DbOrTx, p: PaymentRow): Promise<Channel> {
  const ch = isOnline(p.provider) ? await channelForPayment(db, p.organizationId, p.provider) : null;
  if (!ch) throw businessError('paymentProviderFailed', { detail: `no ${p.provider} channel is set up` });
  return ch;
}

// A paid answer of the provider, applied as a notification is (once); an amount that is not the
// payment's is not applied.
async function applyAnswer(db: Db, p: PaymentRow, a: QueryAnswer): Promise<SyncResult> {
  if (a.state !== 'paid' || (a.amount !== undefined && a.amount !== p.amount))
    return { state: a.state, applied: false, payment: p };
  const applied = await db.transaction((tx) =>
    applyPaid(tx, p.organizationId, p.id, { tradeNo: a.tradeNo ?? null, paidAt: a.paidAt ?? null }),
  );
  return {
    state: 'paid',
    applied: applied !== null,
    payment: applied ?? (await loadPayment(db, p.organizationId, p.id)),
  };
}

/**
 * Asks the provider about the payment and applies a paid answer exactly as a notification does
 * (once, with onPaid). Runs its own transactions: call it outside the caller's. Refused (501
 * `paymentProviderFailed`) when the provider cannot be asked.
 */
export async function syncPayment(db: Db, orgId: number, paymentId: number): Promise<SyncResult> {
  const p = await loadPayment(db, orgId, paymentId);
  if (!isOnline(p.provider) || p.status === Paid)
    return { state: p.status === Paid ? 'paid' : 'closed', applied: false, payment: p };
  const ch = await providerChannel(db, p);
  const answer = await adapterFor(p.provider).query(ch, p.paymentNo).catch(providerFailed);
  return applyAnswer(db, p, answer);
}

/**
 * Closes an awaiting payment: asks the provider first; paid there → applied like a notification
 * (onPaid) and answers 'paid'; else closed at the provider and here (status 1 → 4) → 'closed'.
 * An already paid payment answers 'paid', an already closed or failed one 'closed'. Runs its own
 * transactions: call it outside the caller's. Refused (501 `paymentProviderFailed`) when the
 * provider cannot be asked: nothing changes (try again later).
 */
export async function closePayment(db: Db, orgId: number, paymentId: number): Promise<'paid' | 'closed'> {
  const p = await loadPayment(db, orgId, paymentId);
  if (p.status === Paid) return 'paid';
  if (p.status !== Awaiting || !isOnline(p.provider)) return 'closed';
  const ch = await providerChannel(db, p);
  const adapter = adapterFor(p.provider);
  const first = await applyAnswer(db, p, await adapter.query(ch, p.paymentNo).catch(providerFailed));
  if (first.state === 'paid') {
    if (first.payment.status === Paid) return 'paid';
    // Paid at the provider, but not what we asked for: people must look (nothing is closed).
    throw businessError('paymentProviderFailed', { detail: 'the provider reports another amount paid' });
  }
  try {
    await adapter.close(ch, p.paymentNo);
  } catch (err) {
    // Paid meanwhile (a trade cannot be closed once paid)? Else the provider is not answering.
    const again = await applyAnswer(db, p, await adapter.query(ch, p.paymentNo).catch(providerFailed));
    if (again.payment.status === Paid) return 'paid';
    if (again.state === 'closed') return closeHere(db, orgId, paymentId);
    providerFailed(err);
  }
  return closeHere(db, orgId, paymentId);
}

// Awaiting → closed, unless a notification made it paid meanwhile.
async function closeHere(db: Db, orgId: number, paymentId: number): Promise<'paid' | 'closed'> {
  const [closed] = await db
    .update(payments)
    .set({ status: Closed, closedAt: clock.date(), updateTime: clock.date() })
    .where(inOrg(payments, orgId, [eq(payments.id, paymentId), eq(payments.status, Awaiting)]))
    .returning({ id: payments.id });
  if (closed) return 'closed';
  return (await loadPayment(db, orgId, paymentId)).status === Paid ? 'paid' : 'closed';
}
