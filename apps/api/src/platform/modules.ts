import { Bind, Container, ContainerModule, ContainerModuleLoadOptions, ResolutionContext, ServiceIdentifier } from 'inversify';

/**
 * One module of the API (DESIGN.md 2): the folder `apps/api/src/<name>` and
 * the Inversify bindings it makes. `requires` names every module whose
 * bindings this one resolves (their tokens or their use cases); bindings are
 * resolved when first used, so modules load in any order, and the
 * composition root refuses a set of modules where a required one is missing.
 * A module of several parts names each part `<module>:<part>`.
 */
export interface KioskModule {
  readonly name: string;
  readonly requires: readonly string[];
  readonly container: ContainerModule;
  /** The service identifiers the module bound, once loaded (what a dependency check resolves). */
  readonly bound: ReadonlySet<ServiceIdentifier>;
}

export function defineModule(spec: {
  name: string;
  requires: readonly string[];
  register: (options: ContainerModuleLoadOptions) => void;
}): KioskModule {
  const bound = new Set<ServiceIdentifier>();
  const container = new ContainerModule((options) => {
    const bind = ((id: ServiceIdentifier) => {
      bound.add(id);
      return options.bind(id);
    }) as Bind;
    spec.register({ ...options, bind });
  });
  return { name: spec.name, requires: [...spec.requires], container, bound };
}

/** The folder a module lives in: its name without the part. */
export const folderOf = (module: Pick<KioskModule, 'name'>) => module.name.split(':')[0];

/** Checks that names are unique and every required module is there, then loads them all. */
export function loadModules(container: Container, modules: readonly KioskModule[]): void {
  const names = new Set<string>();
  for (const m of modules) {
    if (names.has(m.name)) throw new Error(`module ${m.name} is loaded twice`);
    names.add(m.name);
  }
  for (const m of modules) {
    for (const required of m.requires) {
      if (required === m.name) throw new Error(`module ${m.name} requires itself`);
      if (!names.has(required)) throw new Error(`module ${m.name} requires ${required}, which is not loaded`);
    }
  }
  container.load(...modules.map((m) => m.container));
}

/**
 * A port a lower module owns and a higher module binds (docs/architecture.md, "Module order"): the lower module
 * holds this stand-in, which looks the port up at each use. So the lower module's bindings resolve without the
 * higher module loaded, its `requires` and its imports point down only, and the modules still load in any order.
 */
export function boundAbove<T extends object>(context: ResolutionContext, id: ServiceIdentifier<T>): T {
  return new Proxy({} as T, {
    get: (_target, key) => {
      const port = context.get(id);
      const value = Reflect.get(port, key);
      return typeof value === 'function' ? value.bind(port) : value;
    },
  });
}
