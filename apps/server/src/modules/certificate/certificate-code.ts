import { randomBytes } from 'node:crypto';

// A certificate's public code: 120 random bits (15 bytes) written as 24 Crockford base32 characters
// (no I, L, O, U), so it cannot be guessed or counted through, and reads aloud without look-alikes.
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 24;

export function newCertificateCode(): string {
  const bytes = randomBytes(15);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += CODE_ALPHABET[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

// What a person typed or scanned, as stored: upper case, spaces and dashes dropped, and Crockford's
// look-alikes read as the digits they stand for. Null when it cannot be a code.
export function normaliseCode(input: string): string | null {
  const s = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (s.length !== CODE_LENGTH) return null;
  for (const c of s) if (!CODE_ALPHABET.includes(c)) return null;
  return s;
}
