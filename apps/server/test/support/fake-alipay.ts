import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { clock } from '../../src/platform/clock';

// Alipay for the tests, without the internet: a real HTTP server on 127.0.0.1 answering the
// OpenAPI gateway (alipay.trade.query, close, refund) as Alipay does, checking every request's RSA2
// signature with the app's public key and signing every answer with "Alipay's" private key; it keeps
// the trades a payer opened (by following a signed page-pay address) and paid, and writes the
// asynchronous notifications Alipay posts, in Alipay's field names, signed the way Alipay signs.
// Both key pairs are made here: the tests play the app and Alipay.

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export function rsaKeys(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
export interface FakeTrade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  status: TradeStatus;
  paidAt: string | null;
  refunds: Map<string, string>;
}

export interface FakeCall {
  method: string;
  biz: Record<string, string>;
  signatureValid: boolean;
}

export interface FakeAlipay {
  gateway: string;
  appId: string;
  app: KeyPair;
  alipay: KeyPair;
  trades: Map<string, FakeTrade>;
  calls: FakeCall[];
  // A sub_code every refund is refused with (ACQ.SELLER_BALANCE_NOT_ENOUGH), or null.
  refuseRefunds: string | null;
  // The payer follows a page-pay address: its signature is checked, the trade opens.
  visit(payUrl: string): FakeTrade;
  // The payer pays an opened trade (no notification is sent: see notification()).
  pay(outTradeNo: string): FakeTrade;
  // The form body Alipay posts about a trade, signed with Alipay's key (or `signWith`'s).
  notification(outTradeNo: string, opts?: { fields?: Record<string, string>; signWith?: string }): string;
  close(): Promise<void>;
}

const beijing = (d = new Date()) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

// Sorted key=value pairs without `skip`, as Alipay signs and checks them.
const signString = (f: Record<string, string>, skip: string[]) =>
  Object.keys(f)
    .filter((k) => !skip.includes(k))
    .sort()
    .map((k) => `${k}=${f[k]}`)
    .join('&');

// Alipay takes a request's timestamp as Beijing time, and only a recent one.
const beijingTimely = (text: string | undefined) =>
  Boolean(text) && Math.abs(Date.parse(`${text?.replace(' ', 'T')}+08:00`) - clock.now()) < 10 * 60_000;

const rsaSign = (text: string, key: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

export async function startFakeAlipay(opts: { appId?: string } = {}): Promise<FakeAlipay> {
  const appId = opts.appId ?? '2021000000000001';
  const app = rsaKeys();
  const alipay = rsaKeys();
  const trades = new Map<string, FakeTrade>();
  const calls: FakeCall[] = [];
  const fake = { refuseRefunds: null as string | null };

  const signedOk = (f: Record<string, string>) => {
    const { sign = '' } = f;
    return createVerify('RSA-SHA256')
      .update(signString(f, ['sign']), 'utf8')
      .verify(app.publicKey, sign, 'base64');
  };

  function answer(method: string, biz: Record<string, string>, valid: boolean): Record<string, string> {
    if (!valid)
      return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' };
    const trade = trades.get(biz.out_trade_no ?? '');
    const missing = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    if (method === 'alipay.trade.query') {
      if (!trade) return missing;
      return {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        trade_status: trade.status,
        total_amount: trade.totalAmount,
        ...(trade.paidAt ? { send_pay_date: trade.paidAt } : {}),
      };
    }
    if (method === 'alipay.trade.close') {
      if (!trade) return missing;
      if (trade.status !== 'WAIT_BUYER_PAY')
        return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' };
      trade.status = 'TRADE_CLOSED';
      return { code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo };
    }
    if (method === 'alipay.trade.refund') {
      if (trade?.status !== 'TRADE_SUCCESS') return missing;
      if (fake.refuseRefunds)
        return { code: '40004', msg: 'Business Failed', sub_code: fake.refuseRefunds, sub_msg: '退款被拒绝' };
      // Keyed by out_request_no: the same refund asked twice is one refund.
      trade.refunds.set(biz.out_request_no ?? '', biz.refund_amount ?? '0');
      return {
        code: '10000',
        msg: 'Success',
        trade_no: trade.tradeNo,
        fund_change: 'Y',
        refund_fee: biz.refund_amount ?? '',
      };
    }
    return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.UNKNOWN_METHOD', sub_msg: method };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const fields = Object.fromEntries([
        ...url.searchParams,
        ...new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      ]);
      const method = fields.method ?? '';
      const valid = fields.app_id === appId && signedOk(fields) && beijingTimely(fields.timestamp);
      const biz = JSON.parse(fields.biz_content || '{}') as Record<string, string>;
      calls.push({ method, biz, signatureValid: valid });
      const inner = JSON.stringify(answer(method, biz, valid));
      const key = `${method.replaceAll('.', '_')}_response`;
      res.setHeader('content-type', 'application/json;charset=utf-8');
      res.end(`{"${key}":${inner},"sign":"${rsaSign(inner, alipay.privateKey)}"}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    gateway: `http://127.0.0.1:${port}/gateway.do`,
    appId,
    app,
    alipay,
    trades,
    calls,
    get refuseRefunds() {
      return fake.refuseRefunds;
    },
    set refuseRefunds(v: string | null) {
      fake.refuseRefunds = v;
    },
    visit(payUrl) {
      const fields = Object.fromEntries(new URL(payUrl).searchParams);
      if (fields.method !== 'alipay.trade.page.pay' || !signedOk(fields) || !beijingTimely(fields.timestamp))
        throw new Error('fake Alipay: bad page-pay address');
      const biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
      const no = biz.out_trade_no ?? '';
      const trade = trades.get(no) ?? {
        outTradeNo: no,
        tradeNo: `2026${randomBytes(10).toString('hex')}`,
        totalAmount: biz.total_amount ?? '0.00',
        subject: biz.subject ?? '',
        status: 'WAIT_BUYER_PAY' as const,
        paidAt: null,
        refunds: new Map<string, string>(),
      };
      trades.set(no, trade);
      return trade;
    },
    pay(outTradeNo) {
      const trade = trades.get(outTradeNo);
      if (trade?.status !== 'WAIT_BUYER_PAY') throw new Error(`fake Alipay: ${outTradeNo} cannot be paid`);
      trade.status = 'TRADE_SUCCESS';
      trade.paidAt = beijing();
      return trade;
    },
    notification(outTradeNo, o = {}) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`fake Alipay: no trade ${outTradeNo}`);
      const fields: Record<string, string> = {
        notify_time: beijing(),
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        app_id: appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        total_amount: trade.totalAmount,
        buyer_id: '2088102177846880',
        subject: trade.subject,
        trade_status: trade.status,
        gmt_create: beijing(),
        ...(trade.paidAt ? { gmt_payment: trade.paidAt } : {}),
        ...o.fields,
      };
      // Alipay signs without sign and sign_type.
      const sign = rsaSign(signString(fields, ['sign', 'sign_type']), o.signWith ?? alipay.privateKey);
      return new URLSearchParams({ ...fields, sign }).toString();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
