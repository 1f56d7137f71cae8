import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/api/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // Integration tests each build a fresh database; PostgreSQL schema setup can take a moment on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
