import { AlipaySdk } from 'alipay-sdk';
import { clock } from '../../platform/clock';
import type { Channel, QueryAnswer, RawNotice } from './payment-provider';
import {
  decimalToMinor,
  minorToDecimal,
  type Notice,
  type PaymentProviderAdapter,
  ProviderError,
} from './payment-provider';

// Alipay through its own SDK (alipay-sdk 4, OpenAPI 2.0 with RSA2 keys): the computer-website
// payment (alipay.trade.page.pay) as a signed GET address, the asynchronous notification verified
// with Alipay's public key of the channel, and trade query, close and refund, whose answers the SDK
// verifies too. Amounts go to Alipay in yuan with two decimals ("12.30") and come back the same.

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

type Answer = Record<string, string | undefined>;

// Alipay reads a request's timestamp as Beijing time; the SDK writes the server's local time, so we
// give it ours (a server running in UTC would be eight hours off).
const beijingNow = () => new Date(clock.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

function sdkOf(ch: Channel): AlipaySdk {
  if (!ch.appId) throw new ProviderError('the channel has no app id');
  if (!ch.privateKey)
    throw new ProviderError('the channel has no private key that this server can read: enter it again');
  try {
    return new AlipaySdk({
      appId: ch.appId,
      privateKey: ch.privateKey,
      keyType: 'PKCS8',
      alipayPublicKey: ch.providerPublicKey ?? undefined,
      gateway: ch.gateway || ALIPAY_GATEWAY,
      signType: 'RSA2',
      camelcase: false,
      timeout: 8000,
    });
  } catch (err) {
    throw new ProviderError(`the channel's keys cannot be used: ${(err as Error).message}`);
  }
}

// One OpenAPI call, its answer's signature checked by the SDK. Unreachable, an answer not signed by
// the channel's Alipay key, or a refusal of our own signature or app: a ProviderError.
async function call(ch: Channel, method: string, biz: Record<string, string>): Promise<Answer> {
  const sdk = sdkOf(ch);
  let a: Answer;
  try {
    a = (await sdk.exec(method, { bizContent: biz, timestamp: beijingNow() }, { validateSign: true })) as Answer;
  } catch (err) {
    throw new ProviderError(`Alipay could not be asked: ${(err as Error).message}`.slice(0, 300));
  }
  if (a.code === '10000' || a.code === '40004') return a;
  throw new ProviderError(`Alipay refused the call: ${a.code} ${a.sub_code ?? ''} ${a.sub_msg ?? a.msg ?? ''}`.trim());
}

// gmt_payment is Beijing time ("2026-05-01 12:00:00").
function beijing(text: string | undefined): Date | null {
  const m = text ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text) : null;
  const d = m ? new Date(`${m[1]}T${m[2]}+08:00`) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

const formOf = (raw: RawNotice) => Object.fromEntries(new URLSearchParams(raw.body));

export const alipayProvider: PaymentProviderAdapter = {
  code: 'alipay',
  currencies: ['CNY'],
  async start(ch, p) {
    const sdk = sdkOf(ch);
    const payUrl = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: p.paymentNo,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        total_amount: minorToDecimal(p.amount),
        subject: p.subject.slice(0, 256),
      },
      returnUrl: p.returnUrl,
      notifyUrl: p.notifyUrl,
      timestamp: beijingNow(),
    });
    return { payUrl };
  },
  peek(raw) {
    return formOf(raw).out_trade_no || null;
  },
  async verify(ch, raw): Promise<Notice | null> {
    const f = formOf(raw);
    if (!ch.providerPublicKey || !f.sign) return null;
    let sdk: AlipaySdk;
    try {
      sdk = sdkOf(ch);
    } catch {
      return null;
    }
    // Signed by Alipay, and for our app (another app's notice signed by Alipay is not ours).
    if (!sdk.checkNotifySignV2(f) || f.app_id !== ch.appId || !f.out_trade_no) return null;
    return {
      paymentNo: f.out_trade_no,
      paid: PAID.has(f.trade_status ?? ''),
      tradeNo: f.trade_no || null,
      amount: f.total_amount ? decimalToMinor(f.total_amount) : null,
      currency: 'CNY',
      paidAt: beijing(f.gmt_payment),
    };
  },
  ack(ok) {
    return { contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'failure' };
  },
  async query(ch, paymentNo): Promise<QueryAnswer> {
    const a = await call(ch, 'alipay.trade.query', { out_trade_no: paymentNo });
    // No trade yet: the payer never opened Alipay's page.
    if (a.code === '40004') {
      if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown' };
      throw new ProviderError(`Alipay: ${a.sub_code ?? ''} ${a.sub_msg ?? ''}`.trim());
    }
    const status = a.trade_status ?? '';
    if (PAID.has(status))
      return {
        state: 'paid',
        tradeNo: a.trade_no,
        amount: a.total_amount ? (decimalToMinor(a.total_amount) ?? undefined) : undefined,
        paidAt: beijing(a.send_pay_date) ?? undefined,
      };
    if (status === 'TRADE_CLOSED') return { state: 'closed' };
    if (status === 'WAIT_BUYER_PAY') return { state: 'awaiting' };
    return { state: 'unknown' };
  },
  async close(ch, paymentNo) {
    const a = await call(ch, 'alipay.trade.close', { out_trade_no: paymentNo });
    // No trade at Alipay: nothing to close.
    if (a.code === '10000' || a.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
    throw new ProviderError(`Alipay did not close the trade: ${a.sub_code ?? ''} ${a.sub_msg ?? ''}`.trim());
  },
  async refund(ch, p) {
    const a = await call(ch, 'alipay.trade.refund', {
      out_trade_no: p.paymentNo,
      out_request_no: p.refundNo,
      refund_amount: minorToDecimal(p.amount),
      refund_reason: p.reason.slice(0, 256),
    });
    if (a.code === '10000') return { ok: true, providerRefundNo: a.trade_no };
    return { ok: false, reason: `${a.sub_code ?? ''} ${a.sub_msg ?? a.msg ?? ''}`.trim().slice(0, 200) };
  },
};
