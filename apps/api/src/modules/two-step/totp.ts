import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps expect it: HMAC-SHA1, 6 digits, 30-second steps, 160-bit secrets. */
const PERIOD_S = 30;
/** A code of the step before or after now is taken too: phone clocks drift, people type slowly. */
const WINDOW = 1;

function totpFor(secretBase32: string, label = '') {
  return new TOTP({
    issuer: 'Tend',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUrl(secretBase32: string, accountName: string): string {
  return totpFor(secretBase32, accountName).toString();
}

/** The time step `code` belongs to (within the window around `at`), or null if it matches none. */
export function stepOfCode(secretBase32: string, code: string, at: Date): number | null {
  const timestamp = at.getTime();
  const delta = totpFor(secretBase32).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD_S, timestamp }) + delta;
}
