import { startTendServer } from '../scripts/lib/tend-server.ts';

/** One Tend server for the whole run; workers read its address from TEND_E2E_URL. */
export default async function globalSetup() {
  // TRUST_PROXY lets API-created test accounts come from distinct (forwarded) client addresses, so the
  // per-address registration limit applies to each as it would to different people.
  const server = await startTendServer({ LOG_LEVEL: 'warn', TRUST_PROXY: 'true' });
  process.env.TEND_E2E_URL = server.url;
  return async () => {
    await server.stop();
  };
}
