import { startTendServer } from '../scripts/lib/tend-server.ts';

/** One Tend server for the whole run; workers read its address from TEND_E2E_URL. */
export default async function globalSetup() {
  const server = await startTendServer({ LOG_LEVEL: 'warn' });
  process.env.TEND_E2E_URL = server.url;
  return async () => {
    await server.stop();
  };
}
