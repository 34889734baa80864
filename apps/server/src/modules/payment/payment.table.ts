import {
  NOTIFICATION_OUTCOMES,
  offlineMethodLabels,
  PAYMENT_PROVIDERS,
  PAYMENT_PURPOSES,
  paymentStatusLabels,
  refundStatusLabels,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  at,
  createTime,
  enumCheck,
  idTable,
  keyId,
  organizationId,
  refId,
  stamps,
  tenantRefs,
} from '../../platform/columns';
import { organizations } from '../../platform/organizations.table';
import { users } from '../user/user.table';

// Payments (issue 33, second part): the organisation's online channels, one row per payment
// attempt, every provider notification as it came, refunds, and the per-year receipt numbers.
// Amounts are whole minor units (fen, cents) of `currency`.

const inList = (list: readonly string[]) => sql.raw(list.map((v) => `'${v}'`).join(', '));

// An online provider account of the organisation (one per provider). Keys are kept sealed
// (AES-256-GCM under LYCEUM_SECRET) and never returned.
export const paymentChannels = idTable(
  'payment_channels',
  {
    provider: varchar('provider', { length: 16 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    // Alipay: the app id, the app's private key (sealed), Alipay's public key, the gateway.
    appId: varchar('app_id', { length: 64 }),
    privateKeySealed: text('private_key_sealed'),
    providerPublicKey: text('provider_public_key'),
    gateway: varchar('gateway', { length: 512 }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('payment_channels_provider_uq').on(t.organizationId, t.provider),
    check('payment_channels_provider_ck', sql`${t.provider} in (${inList(['test', 'alipay'])})`),
  ],
);

// One payment attempt. Made "paid" only from "awaiting" by a conditional update, by a verified
// notification, an active query of the provider, or a bursar's record (offline). `paymentNo` is
// our trade number at the provider and starts with the organisation's id (`<org>_<date>_<random>`),
// so a notification finds its organisation before it is trusted.
export const payments = idTable(
  'payments',
  {
    paymentNo: varchar('payment_no', { length: 40 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    // The course order or the invoice it pays (checked by the purpose's module, no foreign key:
    // the purposes' tables refer to this one).
    purposeId: bigint('purpose_id', { mode: 'number' }).notNull(),
    payerId: keyId('payer_id'),
    provider: varchar('provider', { length: 16 }).notNull(),
    // Offline only: cash, bank transfer, card terminal.
    method: smallint('method'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: smallint('status').notNull().default(1),
    // The provider's own trade number, once it names one.
    providerTradeNo: varchar('provider_trade_no', { length: 64 }),
    // Where the payer goes to pay (the provider's page, or the test provider's page).
    payUrl: text('pay_url'),
    paidAt: at('paid_at'),
    closedAt: at('closed_at'),
    // Offline: the receipt number from the organisation's per-year sequence (`2026-000123`).
    receiptNo: varchar('receipt_no', { length: 32 }),
    recordedBy: refId('recorded_by'),
    note: varchar('note', { length: 200 }),
    // The client's key of the request that made it (a double click makes one payment).
    requestKey: varchar('request_key', { length: 64 }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('payments_no_uq').on(t.organizationId, t.paymentNo),
    uniqueIndex('payments_trade_uq')
      .on(t.organizationId, t.provider, t.providerTradeNo)
      .where(sql`${t.providerTradeNo} is not null`),
    uniqueIndex('payments_receipt_uq').on(t.organizationId, t.receiptNo).where(sql`${t.receiptNo} is not null`),
    uniqueIndex('payments_request_uq')
      .on(t.organizationId, t.payerId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    index('payments_purpose_ix').on(t.organizationId, t.purpose, t.purposeId),
    index('payments_paid_ix').on(t.organizationId, t.status, t.paidAt),
    check('payments_amount_ck', sql`${t.amount} > 0`),
    check('payments_provider_ck', sql`${t.provider} in (${inList(PAYMENT_PROVIDERS)})`),
    check('payments_purpose_ck', sql`${t.purpose} in (${inList(PAYMENT_PURPOSES)})`),
    check('payments_paid_at_ck', sql`${t.status} <> 2 or ${t.paidAt} is not null`),
    check('payments_offline_ck', sql`(${t.provider} = 'offline') = (${t.method} is not null)`),
    enumCheck('payments_status_ck', t.status, paymentStatusLabels),
    enumCheck('payments_method_ck', t.method, offlineMethodLabels),
    ...tenantRefs(t, [t.payerId, users], [t.recordedBy, users]),
  ],
);

// Every notification a provider posted, as it came, whatever became of it (append-only). The
// organisation is the one the trade number names, when it names one; a forged notification is
// kept too, marked so.
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    provider: varchar('provider', { length: 16 }).notNull(),
    paymentId: refId('payment_id'),
    // The body as it came (form-encoded or JSON), at most 64 KiB.
    body: text('body').notNull(),
    headers: jsonb('headers').notNull().default({}),
    verified: boolean('verified').notNull(),
    outcome: varchar('outcome', { length: 16 }).notNull(),
    createTime: createTime(),
  },
  (t) => [
    index('payment_notifications_payment_ix').on(t.organizationId, t.paymentId),
    check('payment_notifications_outcome_ck', sql`${t.outcome} in (${inList(NOTIFICATION_OUTCOMES)})`),
  ],
);

// A refund of (part of) a paid payment. The refunds not failed never add up to more than the
// payment (checked with the payment's row held). For a course order, `itemId` names the course
// refunded; for tuition, the invoice is the payment's purpose.
export const refunds = idTable(
  'refunds',
  {
    refundNo: varchar('refund_no', { length: 40 }).notNull(),
    paymentId: keyId('payment_id'),
    itemId: refId('item_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: smallint('status').notNull().default(1),
    reason: varchar('reason', { length: 200 }).notNull(),
    requestedBy: refId('requested_by'),
    decidedBy: refId('decided_by'),
    providerRefundNo: varchar('provider_refund_no', { length: 64 }),
    failReason: varchar('fail_reason', { length: 200 }),
    finishedAt: at('finished_at'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('refunds_no_uq').on(t.organizationId, t.refundNo),
    // One live refund per course of an order (a failed one may be tried again).
    uniqueIndex('refunds_item_uq')
      .on(t.organizationId, t.paymentId, t.itemId)
      .where(sql`${t.itemId} is not null and ${t.status} <> 3`),
    index('refunds_payment_ix').on(t.organizationId, t.paymentId),
    index('refunds_finished_ix').on(t.organizationId, t.status, t.finishedAt),
    check('refunds_amount_ck', sql`${t.amount} > 0`),
    enumCheck('refunds_status_ck', t.status, refundStatusLabels),
    ...tenantRefs(t, [t.paymentId, payments], [t.requestedBy, users], [t.decidedBy, users]),
  ],
);

// The last receipt number given in a year: the next is taken by one upsert (`… on conflict do
// update set last = last + 1 returning last`), so two bursars never print the same number.
export const receiptSequences = pgTable(
  'receipt_sequences',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.year] }), check('receipt_sequences_last_ck', sql`${t.last} >= 0`)],
);
