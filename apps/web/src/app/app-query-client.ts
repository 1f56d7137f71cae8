import { createQueryClient } from './providers';

/**
 * The app's one server-data cache, made with the module rather than in a component, so a route
 * can start its page's requests before the page is drawn (route-prefetch.ts).
 */
export const appQueryClient = createQueryClient();
