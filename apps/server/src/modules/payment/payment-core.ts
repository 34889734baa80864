import { type OnlineProvider, type PaymentPurpose, PaymentStatus } from '@lyceum/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx, Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { alipayProvider } from './alipay-provider';
import { payments } from './payment.table';
import { channelFor } from './payment-channels';
import { type Channel, registerAdapter } from './payment-provider';
import { type PaymentRow, paymentPurposes } from './payment-purposes';
import { testProvider } from './test-provider';

// The one place a payment becomes paid: a conditional update from awaiting (or closed: the money
// moved at the provider after we closed it) to paid, and the purpose's onPaid in the same
// transaction only when that update changed the row. Notifications, active queries and closes all
// come through here, so twenty of them at once make one paid payment and one onPaid.

registerAdapter(testProvider);
registerAdapter(alipayProvider);

const { Awaiting, Paid, Closed } = PaymentStatus;

export interface PaidFacts {
  tradeNo: string | null;
  paidAt: Date | null;
}

// Makes the payment paid and calls onPaid; null when it was not awaiting or closed (already paid:
// a duplicate). The caller's transaction holds it all: a throw of onPaid undoes the update.
export async function applyPaid(
  tx: Tx,
  orgId: number,
  paymentId: number,
  facts: PaidFacts,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(payments)
    .set({
      status: Paid,
      paidAt: facts.paidAt ?? clock.date(),
      providerTradeNo: facts.tradeNo ? facts.tradeNo.slice(0, 64) : sql`${payments.providerTradeNo}`,
      updateTime: clock.date(),
    })
    .where(inOrg(payments, orgId, [eq(payments.id, paymentId), inArray(payments.status, [Awaiting, Closed])]))
    .returning();
  if (!row) return null;
  await paymentPurposes.get(row.purpose as PaymentPurpose).onPaid(tx, row);
  return row;
}

export async function loadPayment(db: DbOrTx, orgId: number, paymentId: number): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(inOrg(payments, orgId, [eq(payments.id, paymentId)]));
  if (!row) throw notFound('payment');
  return row;
}

// The channel a payment's provider calls go through: the organisation's channel of that provider
// even when disabled since (a payment started before keeps being asked, closed and refunded); the
// test provider needs no settings.
export async function channelForPayment(db: DbOrTx, orgId: number, provider: OnlineProvider): Promise<Channel | null> {
  const ch = await channelFor(db, orgId, provider, { enabledOnly: false });
  if (ch || provider !== 'test') return ch;
  return {
    id: null,
    orgId,
    provider,
    name: 'Test payments',
    appId: null,
    privateKey: null,
    providerPublicKey: null,
    gateway: null,
    db,
  };
}

export const isOnline = (provider: string): provider is OnlineProvider => provider === 'test' || provider === 'alipay';
