import { randomInt } from 'node:crypto';
import { PRESCRIPTION_CODE_ALPHABET, PRESCRIPTION_CODE_LENGTH } from '@tend/shared';

/**
 * A new verification code: 11 characters drawn uniformly (crypto.randomInt rejects the biased
 * draws) from 31 that cannot be mistaken for one another, log2(31) × 11 ≈ 54.5 bits. Stored bare;
 * printed grouped (groupPrescriptionCode). Uniqueness is the database's unique index.
 */
export function newPrescriptionCode(): string {
  let code = '';
  for (let i = 0; i < PRESCRIPTION_CODE_LENGTH; i++) {
    code += PRESCRIPTION_CODE_ALPHABET[randomInt(PRESCRIPTION_CODE_ALPHABET.length)];
  }
  return code;
}
