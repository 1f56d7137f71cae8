import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/lib/chromium.ts';

/**
 * Drives the real production build in Debian's Chromium (nothing is downloaded). global-setup.ts starts
 * Tend on a free port with a throwaway database and hands its address to the tests.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // Four workers on two cores: a browser test mostly waits (for pages, mail, the server), so four
  // keep the machine busy where two left it idle most of the time (14 min instead of 23 here).
  workers: 4,
  // One retry in CI: a test that fails twice is a failure; one that passes on retry is reported as
  // flaky. TEND_E2E_RETRIES=0 turns it off, for the runs that show the suite needs none (issue 46).
  retries: process.env.TEND_E2E_RETRIES
    ? Number(process.env.TEND_E2E_RETRIES)
    : process.env.CI
      ? 1
      : 0,
  // Two minutes a test and its hooks: under CI's load (four browsers beside the API suite, load
  // average about 20) a set-up signing in three people took over one (expect's 15 s still holds
  // what a person waits for).
  timeout: 120_000,
  // A bound, not a goal: in CI the browser lane shares two cores with the API suite (load average
  // about 20), where a dashboard after sign-in once took more than 10 s to render.
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    ...devices['Desktop Chrome'],
    // A trace records a screencast of every page as it paints: recording one for every test was a
    // third of the browsers' CPU time. Kept for the retry of a failed test (CI) and for failures here.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Tend respects a wish for less motion (theme.ts): pages settle at once instead of animating
    // menus and dialogs in, which costs software-rendering Chromium less CPU on two cores.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: chromiumPath(),
      args: [...CHROMIUM_ARGS, '--disable-dev-shm-usage'],
    },
  },
});
