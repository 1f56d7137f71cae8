import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { CounterStore } from '../counters/counter-store.ts';
import type { Outbox } from '../mail/outbox.ts';

/**
 * What every module may use, made by buildApp before any module: the database, the clock, the
 * background jobs, the outgoing mail, the shared counters. Anything else a module needs from
 * another it names in its own `needs`, and app.ts hands it in (docs/architecture.md).
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

/** A module's routes, by who may call them: the API's three scopes (app.ts). */
export interface ModuleRoutes {
  /** Before any session: health, sign-in, links opened from emails, calendar feeds. */
  public?: FastifyPluginAsync;
  /** Anyone signed in, each route with its gate (`config: { gate }`, plugins/gates.ts). */
  signedIn?: FastifyPluginAsync;
  /** The care of patients by doctors: a pharmacy is refused all of it before any gate runs. */
  care?: FastifyPluginAsync;
}

/** Work a module does beside answering, tied to the server's life (Fastify's hooks of the same names). */
export interface ModuleLife {
  /** Once the server is ready: start a watch, queue a first job. */
  onReady?: () => Promise<void> | void;
  /** Before the server stops taking requests: end what never ends by itself (live streams). */
  preClose?: () => Promise<void> | void;
  /** After the last request: close connections. */
  onClose?: () => Promise<void> | void;
}

/**
 * One module as the app is built from it: its service, made from the platform and what it needs
 * of others, then its routes and its part in the server's life. `Needs` is declared by the module
 * itself (small functions, never another module's types), so modules stand side by side.
 */
export interface TendModule<Service, Needs = void> {
  name: string;
  create(platform: Platform, needs: Needs): Service;
  routes?(service: Service): ModuleRoutes;
  life?(service: Service): ModuleLife;
}

/** A module's descriptor, typed by its service and needs: `export const careModule = defineModule({...})`. */
export function defineModule<Service, Needs = void>(
  module: TendModule<Service, Needs>,
): TendModule<Service, Needs> {
  return module;
}
