import type { FastifyInstance } from 'fastify';
import type { AnyModule, ContributionKey, ModuleMap, ModuleName, Platform } from './module';

/**
 * Orders the modules so each comes after what it needs (Kahn's algorithm; among the ready ones the
 * earliest in the list goes first, so the list's order holds wherever the needs allow it). Throws
 * on a need no module provides, on a name given twice and on a cycle, naming the modules involved.
 */
export function orderModules(modules: readonly AnyModule[]): AnyModule[] {
  const byName = new Map<string, AnyModule>();
  for (const m of modules) {
    if (byName.has(m.name)) throw new Error(`Two modules are named "${m.name}"`);
    byName.set(m.name, m);
  }
  for (const m of modules) {
    for (const need of m.needs)
      if (!byName.has(need)) throw new Error(`Module "${m.name}" needs "${need}", which no module provides`);
  }
  const ordered: AnyModule[] = [];
  const placed = new Set<string>();
  while (ordered.length < modules.length) {
    const next = modules.find((m) => !placed.has(m.name) && m.needs.every((n) => placed.has(n)));
    if (!next) {
      const stuck = modules.filter((m) => !placed.has(m.name));
      const cycle = stuck.map((m) => `${m.name} needs ${m.needs.filter((n) => !placed.has(n)).join(', ')}`).join('; ');
      throw new Error(`The modules' needs form a cycle: ${cycle}`);
    }
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

export interface Composed {
  modules: AnyModule[];
  /** Each module's services by module name. */
  services: Map<ModuleName, ModuleMap[ModuleName]>;
  /** The contribution keys each module handed over, by module name (for docs/ARCHITECTURE.md). */
  contributed: Map<ModuleName, ContributionKey[]>;
}

const depsOf = (m: AnyModule, services: Composed['services']) =>
  Object.assign({}, ...m.needs.map((n) => services.get(n))) as never;

/**
 * Builds every module in order, then hands each module's contributions to the extension points
 * that accept them (in module order, so registries keep a stable order), then the plugs and the
 * queue's handlers. Routes and `started` wait for the app: see `registerModuleRoutes`.
 */
export async function composeModules(list: readonly AnyModule[], platform: Platform): Promise<Composed> {
  const modules = orderModules(list);
  const services: Composed['services'] = new Map();
  for (const m of modules) services.set(m.name, await m.build(platform, depsOf(m, services)));

  const acceptors = new Map<ContributionKey, { module: AnyModule; accept: (s: never, c: never) => void }>();
  for (const m of modules) {
    for (const [key, accept] of Object.entries(m.accepts ?? {}) as [ContributionKey, (s: never, c: never) => void][]) {
      if (acceptors.has(key))
        throw new Error(`Both "${acceptors.get(key)!.module.name}" and "${m.name}" accept "${key}"`);
      acceptors.set(key, { module: m, accept });
    }
  }
  const contributed: Composed['contributed'] = new Map();
  for (const m of modules) {
    const given = m.contributes?.(services.get(m.name)!, depsOf(m, services), platform) ?? {};
    contributed.set(m.name, Object.keys(given) as ContributionKey[]);
    for (const [key, contribution] of Object.entries(given) as [ContributionKey, never][]) {
      const acceptor = acceptors.get(key);
      if (!acceptor) throw new Error(`Module "${m.name}" contributes "${key}", which no module accepts`);
      acceptor.accept(services.get(acceptor.module.name) as never, contribution);
    }
  }
  for (const m of modules) m.plug?.(services.get(m.name)!, depsOf(m, services), platform);
  for (const m of modules) m.queue?.(platform.queue, services.get(m.name)!, depsOf(m, services));
  return { modules, services, contributed };
}

/** The instance-wide hooks of every module, in module order. */
export function registerModuleHooks(app: FastifyInstance, composed: Composed): void {
  for (const m of composed.modules) m.http?.(app, composed.services.get(m.name)!);
}

/** Every module's route plugins, in module order. */
export async function registerModuleRoutes(
  app: FastifyInstance,
  composed: Composed,
  platform: Platform,
): Promise<void> {
  for (const m of composed.modules) {
    for (const plugin of m.routes?.(composed.services.get(m.name)!, depsOf(m, composed.services), platform) ?? [])
      await app.register(plugin);
  }
}

/** What each module does once the queue has started. */
export async function startModules(composed: Composed, platform: Platform): Promise<void> {
  for (const m of composed.modules) await m.started?.(composed.services.get(m.name)!, platform);
}
