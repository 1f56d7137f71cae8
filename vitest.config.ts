import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/api/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/src/**/*.test.ts',
      'eslint/**/*.test.ts',
    ],
    // Vitest's default is one worker per core less one: a single file at a time on two cores, while
    // much of an integration test's time is spent waiting on PostgreSQL. Three keep both cores busy.
    maxWorkers: 3,
    setupFiles: ['apps/api/test/light-password-hashing.ts'],
    // Integration tests each build a fresh database; on a busy two-core machine that can take a moment.
    // Beside CI's four browsers (load average 18) a permission test of booking took 31 s, its
    // neighbours 5–18 s each, against about 1 s alone. Run at a lower priority than the browsers
    // (npm test), a FHIR scenario's set-up once took over a minute: two minutes is a hang.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
