import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@tend/shared';

// Lower-case letters and digits without the look-alikes (0/o, 1/l/i): 31 symbols, ten of them about
// 50 bits, and a wrong guess costs a throttled request against keyed hashes.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Ten new, distinct codes as people are shown them ("abcde-fghjk"). */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  return [...codes];
}
