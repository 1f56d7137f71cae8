import { defineModule } from '../module.ts';
import { subscriptionRoutes } from './routes.ts';

/** The landing page's newsletter sign-up: public, before any account. */
export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  needs: [],
  create: ({ db }) => db,
  routes: (db) => ({ public: [subscriptionRoutes(db)] }),
});
