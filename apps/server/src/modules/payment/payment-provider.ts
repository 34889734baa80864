import type { OnlineProvider } from '@lyceum/contract';
import type { DbOrTx } from '../../platform/db';

// One interface for the online providers (the test provider, Alipay): start a payment, read a
// notification after verifying its signature, ask about a payment, close it, refund it. Offline
// money is no provider: a bursar records it (recordOffline).

// The organisation's channel of a provider, its private key opened. `db` is the database the
// channel was read from: the test provider keeps what it "knows" in our own tables.
export interface Channel {
  id: number | null;
  orgId: number;
  provider: OnlineProvider;
  name: string;
  appId: string | null;
  privateKey: string | null;
  providerPublicKey: string | null;
  gateway: string | null;
  db: DbOrTx;
}

// A notification as the provider sent it.
export interface RawNotice {
  body: string;
  contentType: string;
  headers: Record<string, string>;
}

// What a verified notification says. `amount` is in minor units of `currency`.
export interface Notice {
  paymentNo: string;
  paid: boolean;
  tradeNo: string | null;
  amount: number | null;
  currency: string | null;
  paidAt: Date | null;
}

export type QueryState = 'paid' | 'awaiting' | 'closed' | 'unknown';
export interface QueryAnswer {
  state: QueryState;
  tradeNo?: string;
  amount?: number;
  paidAt?: Date;
}

export type RefundAnswer = { ok: true; providerRefundNo?: string } | { ok: false; reason: string };

export interface StartParams {
  paymentNo: string;
  amount: number;
  currency: string;
  subject: string;
  returnUrl: string;
  notifyUrl: string;
}

export interface PaymentProviderAdapter {
  code: OnlineProvider;
  // The currencies it takes (Alipay's page payment: yuan only).
  currencies: readonly string[] | 'any';
  // Starts a payment at the provider: answers where the payer goes.
  start(ch: Channel, p: StartParams): Promise<{ payUrl: string }>;
  // The payment number a notification names, read before anything is trusted (it names the
  // organisation whose channel verifies it); null when there is none.
  peek(raw: RawNotice): string | null;
  // Verifies a notification's signature and reads it; null = bad signature or unreadable.
  verify(ch: Channel, raw: RawNotice): Promise<Notice | null>;
  // The answer the provider expects (Alipay: plain text "success").
  ack(ok: boolean): { contentType: string; body: string };
  // Active query (schools behind NAT never receive notifications; expiry asks first).
  query(ch: Channel, paymentNo: string): Promise<QueryAnswer>;
  close(ch: Channel, paymentNo: string): Promise<void>;
  refund(
    ch: Channel,
    p: { paymentNo: string; refundNo: string; amount: number; reason: string },
  ): Promise<RefundAnswer>;
}

// The provider could not be asked (unreachable, refused our keys, answered nonsense): nothing is
// known, nothing changes; `detail` says what went wrong (the channel's Test button shows it).
export class ProviderError extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

const adapters = new Map<OnlineProvider, PaymentProviderAdapter>();

export function registerAdapter(a: PaymentProviderAdapter): void {
  adapters.set(a.code, a);
}

export function adapterFor(provider: OnlineProvider): PaymentProviderAdapter {
  const a = adapters.get(provider);
  if (!a) throw new Error(`no payment provider adapter for '${provider}'`);
  return a;
}

// Alipay writes yuan with two decimals ("12.30"); we keep fen. Strings both ways, never floats.
export function minorToDecimal(minor: number, digits = 2): string {
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = s.slice(0, s.length - digits);
  return `${minor < 0 ? '-' : ''}${whole}${digits ? `.${s.slice(s.length - digits)}` : ''}`;
}

export function decimalToMinor(text: string, digits = 2): number | null {
  const m = /^([0-9]{1,15})(?:\.([0-9]{1,8}))?$/.exec(text.trim());
  if (!m) return null;
  const frac = (m[2] ?? '').padEnd(digits, '0');
  // More decimals than the currency has: only zeros may follow ("12.300").
  if (/[^0]/.test(frac.slice(digits))) return null;
  const n = Number(m[1]) * 10 ** digits + Number(frac.slice(0, digits) || '0');
  return Number.isSafeInteger(n) ? n : null;
}
