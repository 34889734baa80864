import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newPaymentNo, normalisePrivateKey, normalisePublicKey, orgOfPaymentNo } from './payment-keys';
import { decimalToMinor, minorToDecimal } from './payment-provider';

// Money crosses to Alipay as text with two decimals and back, never through floats; keys are taken
// as schools paste them; payment numbers name their organisation.

describe('payment keys and amounts', () => {
  it('turns minor units into yuan text and back, refusing what is not an amount', () => {
    expect([1230, 5, 100, 0, 123456789].map((n) => minorToDecimal(n))).toEqual([
      '12.30',
      '0.05',
      '1.00',
      '0.00',
      '1234567.89',
    ]);
    expect(['12.30', '12.3', '12', '0.05', '12.300'].map((s) => decimalToMinor(s))).toEqual([
      1230, 1230, 1200, 5, 1230,
    ]);
    expect(['12.305', '-1', '1e3', '', 'abc'].map((s) => decimalToMinor(s))).toEqual([null, null, null, null, null]);
    expect(decimalToMinor('1200', 0)).toBe(1200);
  });

  it('reads RSA keys as PEM or bare base64 (PKCS#1 or PKCS#8) and refuses anything else', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const pkcs1Der = privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64');
    expect(normalisePrivateKey(pkcs1Der)).toBe(pkcs8);
    expect(normalisePrivateKey(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString())).toBe(pkcs8);
    const spki = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(normalisePublicKey(publicKey.export({ type: 'spki', format: 'der' }).toString('base64'))).toBe(spki);
    expect(normalisePrivateKey('not a key')).toBeNull();
    expect(normalisePublicKey('')).toBeNull();
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(normalisePrivateKey(ec.toString())).toBeNull();
    expect(createPrivateKey(normalisePrivateKey(pkcs8)!).asymmetricKeyType).toBe('rsa');
  });

  it('numbers payments with their organisation first', () => {
    const no = newPaymentNo(42);
    expect(no).toMatch(/^42_\d{8}_[0-9a-f]{12}$/);
    expect(no.length).toBeLessThanOrEqual(40);
    expect(orgOfPaymentNo(no)).toBe(42);
    expect(orgOfPaymentNo('x_20260101_abcdefabcdef')).toBeNull();
    expect(orgOfPaymentNo('42_20260101_short')).toBeNull();
  });
});
