import { createHmac } from 'node:crypto';

/**
 * A small RFC 6238 (TOTP over RFC 4226 HOTP, HMAC-SHA1) written for the tests alone, so they check
 * Tend's codes against an implementation that shares nothing with it. Checked against the RFC's
 * own test vectors in rfc6238.test.ts.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code for `atMs`, from a base32 secret as an authenticator app would read it from the QR code. */
export function totp(secretBase32: string, atMs: number, { digits = 6, periodS = 30 } = {}) {
  return hotp(base32Decode(secretBase32), Math.floor(atMs / 1000 / periodS), digits);
}

/** The same from raw key bytes (the RFC's vectors give the key as ASCII). */
export function totpFromKey(key: Buffer, atMs: number, digits = 6, periodS = 30) {
  return hotp(key, Math.floor(atMs / 1000 / periodS), digits);
}
