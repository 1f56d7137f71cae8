import type * as Argon2 from '@node-rs/argon2';
import { vi } from 'vitest';

// Tend hashes passwords with OWASP's argon2id baseline (19 MiB, 2 passes: accounts/passwords.ts), about
// 40 ms of a core each time. The integration suite registers and signs in thousands of people, and
// those hashes were half its CPU time on CI's two cores, where the browser tests run beside it. Here
// the same argon2id hashes and checks every password, with the smallest cost it accepts; the
// parameters travel inside each hash, so checking is unchanged. Servers the tests start as processes
// of their own (several instances, the browser tests) keep the real cost.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return {
    ...argon2,
    hash: (password: string | Uint8Array, options?: Argon2.Options) =>
      argon2.hash(password, { ...options, memoryCost: 1024, timeCost: 1 }),
  };
});
