import { hash, verify } from '@node-rs/argon2';
import { createRequire } from 'node:module';
import type commonPasswordList from 'fxa-common-password-list';
import { COMMON_PASSWORD_MESSAGE, passwordLengthProblem } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';

// OWASP's argon2id baseline (DESIGN.md): 19 MiB, 2 passes, 1 lane.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so response time does not tell whether an email is registered. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('a password nobody has');
  await verifyPassword(await dummyHash, password);
  return false;
}

// The list is a 6 MB bloom filter that only registration and password changes need; an idle
// server does not load it (docs/decisions/015). It is CommonJS, so it loads synchronously.
let commonPasswords: typeof commonPasswordList | undefined;
function isCommon(password: string): boolean {
  commonPasswords ??= createRequire(import.meta.url)(
    'fxa-common-password-list',
  ) as typeof commonPasswordList;
  return commonPasswords.test(password) || commonPasswords.test(password.toLowerCase());
}

/** The server's half of the password policy; throws a 400 naming the field and the rule broken. */
export function assertAcceptablePassword(password: string, field: string): void {
  const problem =
    passwordLengthProblem(password) ?? (isCommon(password) ? COMMON_PASSWORD_MESSAGE : null);
  if (problem) {
    throw new AppError(
      400,
      'password_does_not_meet_requirements',
      `Choose a different password: ${problem}`,
      {
        [field]: problem,
      },
    );
  }
}
