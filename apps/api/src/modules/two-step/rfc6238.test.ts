import { describe, expect, it } from 'vitest';
import { base32Decode, hotp, totpFromKey } from '../../../test/rfc6238.ts';

// The tests' own TOTP must be right before it can judge Tend's: RFC 4226 appendix D and RFC 6238
// appendix B (SHA-1 rows), with their 20-byte ASCII key.
const KEY = Buffer.from('12345678901234567890', 'ascii');

describe("the tests' RFC 6238 implementation", () => {
  it('gives RFC 4226 HOTP values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676'];
    expect(expected.map((_, counter) => hotp(KEY, counter))).toEqual(expected);
  });

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives RFC 6238 TOTP at %i s: %s', (seconds, code) => {
    expect(totpFromKey(KEY, seconds * 1000, 8)).toBe(code);
  });

  it('reads base32 secrets', () => {
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString('ascii')).toBe(
      '12345678901234567890',
    );
  });
});
