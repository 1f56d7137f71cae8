import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { CounterStore } from '../counters/counter-store.ts';
import type { Db } from '../db/database.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { Capabilities, Capability } from './capabilities.ts';

/**
 * What every module may use, made by buildApp before any module: the database, the clock, the
 * background jobs, the outgoing mail, the shared counters. What a module needs from another it
 * names in its `needs` (capabilities.ts).
 */
export interface Platform {
  config: Config;
  db: Db;
  clock: () => Date;
  log: FastifyBaseLogger;
  jobs: JobRunner;
  outbox: Outbox;
  counters: CounterStore;
}

/** A group of routes, as Fastify registers it. */
export type RoutePlugin = FastifyPluginAsync | FastifyPluginAsyncZod;

/** A module's routes, by who may call them: the API's three scopes (app.ts). */
export interface ModuleRoutes {
  /** Before any session: health, sign-in, links opened from emails, calendar feeds. */
  public?: RoutePlugin[];
  /** Anyone signed in, each route with its gate (`config: { gate }`, plugins/gates.ts). */
  signedIn?: RoutePlugin[];
  /** The care of patients by doctors: a pharmacy is refused all of it before any gate runs. */
  care?: RoutePlugin[];
}

/** Work a module does beside answering, tied to the server's life (Fastify's hooks of these names). */
export interface ModuleLife {
  /** Once the server is ready: start a watch, queue a first job. */
  onReady?: () => Promise<void> | void;
  /** Before the server stops taking requests: end what never ends by itself (live streams). */
  preClose?: () => Promise<void> | void;
  /** After the last request: close connections. */
  onClose?: () => Promise<void> | void;
}

/**
 * One module as the app is built from it: its service, made from the platform and the
 * capabilities it needs of others; what it offers them; its routes; its part in the server's life.
 * Capabilities are functions, so a module may hold one from the start: it is looked up when called.
 */
export interface TendModule<Service, Need extends Capability = never> {
  name: string;
  /** The capabilities `create` is given; asked at request time, so their order does not matter. */
  needs: readonly Need[];
  create(platform: Platform, needs: Pick<Capabilities, Need>): Service;
  provides?(service: Service): Partial<Capabilities>;
  routes?(service: Service): ModuleRoutes;
  life?(service: Service, platform: Platform): ModuleLife;
  /** What tests reach through the app (`app.liveEvents`): decorations of the Fastify instance. */
  decorations?(service: Service): Record<string, unknown>;
}

/** A module's descriptor, typed by what it makes and needs: `export const careModule = defineModule({…})`. */
export function defineModule<Service, Need extends Capability = never>(
  module: TendModule<Service, Need>,
): TendModule<Service, Need> {
  return module;
}
