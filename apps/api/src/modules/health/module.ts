import type { IncomingMessage, ServerResponse } from 'node:http';
import { latestBackup } from '../../backup/backups-repo.ts';
import { defineModule } from '../module.ts';
import { healthFastPath } from './fast-path.ts';
import { healthRoutes } from './routes.ts';
import { createHealthStatus } from './status.ts';

/** How old a health answer may be when it is sent without asking the database again. */
export const HEALTH_MAX_AGE_MS = 1000;

declare module '../capabilities.ts' {
  interface Capabilities {
    /**
     * Answers a health check before Fastify while the last one is under a second old (the server
     * asks it first, decision 017); false for Fastify to handle the request.
     */
    answerHealthFast: (request: IncomingMessage, response: ServerResponse) => boolean;
  }
}

/** Whether this instance and its database are up, and when the last backup was made. */
export const healthModule = defineModule({
  name: 'health',
  needs: [],
  create: ({ db }) => {
    const status = createHealthStatus(db, { maxAgeMs: HEALTH_MAX_AGE_MS, latestBackup });
    return { status, fastPath: healthFastPath(status) };
  },
  provides: ({ fastPath }) => ({ answerHealthFast: fastPath.handle.bind(fastPath) }),
  routes: ({ status }) => ({ public: [healthRoutes(status)] }),
  // From here on every check goes to Fastify, which answers 503 while the server closes.
  life: ({ fastPath }) => ({ preClose: () => fastPath.close() }),
});
