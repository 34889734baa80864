import type { PaymentPurpose } from '@lyceum/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { payments, refunds } from './payment.table';

// What a payment pays for (a course order, a tuition invoice) is the purpose's module's business:
// it registers a handler here (apps/server/src/wiring.ts), and the payment core calls it, so this
// module never imports the course-order or tuition modules (their tables refer to ours).

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

// What the purpose says about the thing paid for (the test provider's page, receipts, lists).
export interface PurposeDescription {
  subject: string;
  payerId: number;
  amountDue: number;
  currency: string;
}

export interface PurposeHandler {
  // The payment became paid (from awaiting, or from closed: the money moved at the provider after
  // we closed it). Called exactly once per payment, inside the transaction of the conditional
  // update that made it paid; a throw undoes that update too (the notification is then kept with
  // its outcome and the provider retries). Offline payments call it from recordOffline's
  // transaction.
  onPaid(tx: Tx, payment: PaymentRow): Promise<void>;
  // A refund of this payment is done (status 2), in the transaction that made it so (once).
  onRefunded(tx: Tx, refund: RefundRow, payment: PaymentRow): Promise<void>;
  // A refund failed at the provider (status 3), in the transaction that made it so (once).
  onRefundFailed(tx: Tx, refund: RefundRow, payment: PaymentRow): Promise<void>;
  // The thing paid for, or null when the organisation has no such one.
  describe(db: DbOrTx, orgId: number, purposeId: number): Promise<PurposeDescription | null>;
  // Reconciliation: the money the purpose holds from payments now, per currency, by its own books
  // (course orders: the paid items' prices not refunded; tuition: the allocations' sum). The payment
  // core compares it with paid payments less refunds done. Optional: without it the purpose is
  // left out of the check (and the answer says so).
  heldMoney?(db: DbOrTx, orgId: number): Promise<{ currency: string; amount: number }[]>;
}

const handlers = new Map<PaymentPurpose, PurposeHandler>();

export const paymentPurposes = {
  // Registers the purpose's handler (wiring.ts, at start-up). Answers a function that puts back
  // the one registered before: a test registering its own handler restores it when it ends (test
  // files share a worker's modules).
  register(purpose: PaymentPurpose, handler: PurposeHandler): () => void {
    const before = handlers.get(purpose);
    handlers.set(purpose, handler);
    return () => {
      if (before) handlers.set(purpose, before);
      else handlers.delete(purpose);
    };
  },
  get(purpose: PaymentPurpose): PurposeHandler {
    const h = handlers.get(purpose);
    if (!h) throw new Error(`no payment purpose handler registered for '${purpose}' (wiring.ts)`);
    return h;
  },
};
