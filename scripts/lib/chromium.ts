/** Debian's Chromium (nothing is downloaded here), or the Chromium or Chrome CHROMIUM_PATH names. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * How the browser tests, Lighthouse and the load profile run that Chromium: as root, without a GPU,
 * on a machine whose network is closed (so nothing in the background calls home).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
