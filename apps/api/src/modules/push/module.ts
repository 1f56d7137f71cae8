import { defineModule } from '../module.ts';
import { pushRoutes } from './routes.ts';
import { createPushService, type PushService } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** A Web Push queued to each browser the person subscribed, in the caller's transaction. */
    queuePush: PushService['queue'];
  }
}

/** Web Push: browsers subscribe; reminders and notices are pushed through a job per browser. */
export const pushModule = defineModule({
  name: 'push',
  needs: ['actionTokenFor'],
  create: ({ db, config, clock, jobs }, needs) =>
    createPushService({ db, config, clock, jobs, tokenFor: needs.actionTokenFor }),
  provides: (push) => ({ queuePush: push.queue.bind(push) }),
  routes: (push) => ({ signedIn: [pushRoutes(push)] }),
});
