import type { Capabilities, Capability } from './capabilities.ts';
import type { ModuleLife, Platform, RoutePlugin, TendModule } from './module.ts';

// Any module's descriptor, whatever it makes and needs (the list in app.ts holds them all).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModule = TendModule<any, Capability>;

export interface BuiltModules {
  capabilities: Partial<Capabilities>;
  routes: { public: RoutePlugin[]; signedIn: RoutePlugin[]; care: RoutePlugin[] };
  lives: ModuleLife[];
  decorations: Record<string, unknown>;
}

type AnyFunction = (...args: unknown[]) => unknown;

/**
 * What one module is given of the capabilities it named: each a function that looks its provider
 * up when called, so modules may need each other (accounts and two-step do) and the list's order
 * decides only the order of routes.
 */
function neededBy(module: AnyModule, capabilities: Partial<Capabilities>) {
  const given: Record<string, AnyFunction> = {};
  for (const need of module.needs) {
    given[need] = (...args) => {
      const provided = capabilities[need] as AnyFunction | undefined;
      if (!provided) throw new Error(`${module.name} called ${need}, which no module provides`);
      return provided(...args);
    };
  }
  return given as Pick<Capabilities, Capability>;
}

/** Builds each module in the order given, then checks that every capability asked for is offered. */
export function buildModules(platform: Platform, modules: readonly AnyModule[]): BuiltModules {
  const built: BuiltModules = {
    capabilities: {},
    routes: { public: [], signedIn: [], care: [] },
    lives: [],
    decorations: {},
  };
  for (const module of modules) {
    const service: unknown = module.create(platform, neededBy(module, built.capabilities));
    for (const [name, offered] of Object.entries(module.provides?.(service) ?? {})) {
      if (name in built.capabilities) throw new Error(`${name} is offered twice (${module.name})`);
      if (typeof offered !== 'function')
        throw new Error(`${module.name} offers ${name}, not a function`);
      Object.assign(built.capabilities, { [name]: offered });
    }
    const routes = module.routes?.(service) ?? {};
    built.routes.public.push(...(routes.public ?? []));
    built.routes.signedIn.push(...(routes.signedIn ?? []));
    built.routes.care.push(...(routes.care ?? []));
    if (module.life) built.lives.push(module.life(service, platform));
    Object.assign(built.decorations, module.decorations?.(service));
  }
  const missing = modules.flatMap((m) =>
    m.needs
      .filter((need) => !(need in built.capabilities))
      .map((need) => `${m.name} needs ${need}`),
  );
  if (missing.length > 0)
    throw new Error(`No module offers what these need: ${missing.join('; ')}`);
  return built;
}
