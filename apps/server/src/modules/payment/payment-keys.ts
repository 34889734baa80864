import { createHmac, createPrivateKey, createPublicKey, type KeyObject, randomBytes } from 'node:crypto';
import { clock } from '../../platform/clock';

// Keys and numbers of the payment core: RSA keys as schools paste them (PEM, or the bare base64 the
// Alipay key tool shows, PKCS#1 or PKCS#8), kept in one form; the test provider's signing key; our
// payment and refund numbers, which name the organisation so a notification finds its channel.

// PEM as given, else the base64 of DER in each of `types` in turn.
function readKey<T extends string>(text: string, read: (pem: string | Buffer, der?: T) => KeyObject, types: T[]) {
  const t = text.trim();
  if (!t) return null;
  const attempts: (() => KeyObject)[] = t.includes('-----BEGIN')
    ? [() => read(t)]
    : types.map((type) => () => read(Buffer.from(t.replace(/\s+/g, ''), 'base64'), type));
  for (const attempt of attempts) {
    try {
      const k = attempt();
      if (k.asymmetricKeyType === 'rsa') return k;
    } catch {
      // not this encoding
    }
  }
  return null;
}

// The app's private key as PKCS#8 PEM, or null when it is no RSA private key.
export function normalisePrivateKey(text: string): string | null {
  const k = readKey(
    text,
    (key, type?: 'pkcs8' | 'pkcs1') =>
      typeof key === 'string' ? createPrivateKey(key) : createPrivateKey({ key, format: 'der', type: type! }),
    ['pkcs8', 'pkcs1'],
  );
  return k ? String(k.export({ type: 'pkcs8', format: 'pem' })) : null;
}

// The provider's public key as SPKI PEM, or null when it is no RSA public key.
export function normalisePublicKey(text: string): string | null {
  const k = readKey(
    text,
    (key, type?: 'spki' | 'pkcs1') =>
      typeof key === 'string' ? createPublicKey(key) : createPublicKey({ key, format: 'der', type: type! }),
    ['spki', 'pkcs1'],
  );
  return k ? String(k.export({ type: 'spki', format: 'pem' })) : null;
}

const BUILT_IN = 'lyceum: test payments move no money; set LYCEUM_SECRET for a key of your own';

// The test provider signs its notifications with a key of the organisation derived from
// LYCEUM_SECRET: a notification forged without it is refused like any bad signature.
export function testSigningKey(orgId: number, env: NodeJS.ProcessEnv = process.env): Buffer {
  return createHmac('sha256', env.LYCEUM_SECRET?.trim() || BUILT_IN)
    .update(`test payments of organisation ${orgId}`)
    .digest();
}

// Sorted `key=value` pairs without the signature, as Alipay and the test provider sign them.
export function canonical(fields: Record<string, string>, skip: readonly string[] = ['sign', 'sign_type']): string {
  return Object.keys(fields)
    .filter((k) => !skip.includes(k) && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

const day = () => clock.date().toISOString().slice(0, 10).replaceAll('-', '');

// `<org>_<yyyymmdd>_<random>`: 40 characters at most, letters, digits and underscores (Alipay's
// out_trade_no allows 64 of them).
export function newPaymentNo(orgId: number): string {
  return `${orgId}_${day()}_${randomBytes(6).toString('hex')}`;
}

export function newRefundNo(orgId: number): string {
  return `${orgId}_R${day()}_${randomBytes(6).toString('hex')}`;
}

// The organisation a payment number names, or null when it is none of ours.
export function orgOfPaymentNo(paymentNo: string): number | null {
  const m = /^([1-9][0-9]{0,15})_[0-9]{8}_[0-9a-f]{12}$/.exec(paymentNo);
  const n = m ? Number(m[1]) : Number.NaN;
  return Number.isSafeInteger(n) ? n : null;
}
