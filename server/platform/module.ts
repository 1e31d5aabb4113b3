import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../env';
import type { Database, Db } from '../db/client';
import type { Audit } from '../lib/audit/audit';
import type { Mailer } from '../lib/mailer';
import type { QueueService } from '../queue/queue.service';
import type { LastSeenStore } from '../realtime/presence';
import type { RealtimeService } from '../realtime/realtime.service';
import type { Events } from './events';
import type { Readiness } from './readiness';

/** What every area is given: the platform's own services, made before any area. */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  mailer: Mailer;
  /** The background queue (server/queue); areas name it `jobs` in their deps. */
  queue: QueueService;
  realtime: RealtimeService;
  audit: Audit;
  /** What happened, for whoever listens (the metrics); areas emit at the one place it happens. */
  events: Events;
  /** The dependencies this process needs to serve: an area that owns one registers its check. */
  readiness: Readiness;
  /** What the realtime server asks of the areas that know it: filled in by accounts and auth. */
  realtimeHooks: RealtimeHooks;
}

export interface RealtimeHooks {
  authenticate?: (
    token: string,
  ) => Promise<{ user: import('#shared/accounts/accounts.schemas').TUser; expiresAt: Date } | undefined>;
  lastSeen?: LastSeenStore;
}

/**
 * The services of each area by module name. Each area adds its own entry where it defines its
 * module (`declare module '.../platform/module' { interface ModuleMap { courses: {...} } }`), so
 * a module's `deps` are typed by the names in its `needs` and nothing else.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleMap {}

/**
 * What an area hands to others' extension points (upload readers, report kinds, admin queues...).
 * The area that owns an extension point adds its key here and accepts it (`accepts`); the others
 * contribute without depending on it, which is what keeps admin, privacy and payments out of cycles.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Contributions {}

export type ModuleName = keyof ModuleMap;
export type ContributionKey = keyof Contributions;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** The services of the modules named in `needs`, as one object. */
export type DepsOf<D extends ModuleName> = [D] extends [never]
  ? Record<string, never>
  : UnionToIntersection<ModuleMap[D]>;

export interface AreaModule<N extends ModuleName = ModuleName, D extends ModuleName = never> {
  name: N;
  /** The modules whose services this one's build needs: they are built first. */
  needs: readonly D[];
  /** One sentence for docs/ARCHITECTURE.md's module table. */
  about: string;
  build(platform: Platform, deps: DepsOf<D>): ModuleMap[N] | Promise<ModuleMap[N]>;
  /** Handed to the extension points of other areas once every module is built. */
  contributes?(services: ModuleMap[N], deps: DepsOf<D>, platform: Platform): Contributions;
  /** The extension points this area owns: each takes the contributions of every module, in module order. */
  accepts?: { [K in ContributionKey]?: (services: ModuleMap[N], contribution: NonNullable<Contributions[K]>) => void };
  /** Anything else it plugs into a needed area or the platform (realtime handlers, call sources). */
  plug?(services: ModuleMap[N], deps: DepsOf<D>, platform: Platform): void;
  /** Background jobs: handlers and schedules, registered before the queue starts. */
  queue?(queue: QueueService, services: ModuleMap[N], deps: DepsOf<D>): void;
  /** Instance-wide hooks and decorations, before any route (the admin gate). */
  http?(app: FastifyInstance, services: ModuleMap[N]): void;
  /** Its route plugins, each registered in its own encapsulated context. */
  routes?(services: ModuleMap[N], deps: DepsOf<D>, platform: Platform): FastifyPluginAsync[];
  /** Work once the queue runs (uploads: image copies still missing). */
  started?(services: ModuleMap[N], platform: Platform): Promise<void>;
}

/** A module as the composer sees it: names and hooks, its types erased. */
export type AnyModule = AreaModule<ModuleName, ModuleName>;

/** Types a module against the map, then erases the types for the module list. */
export function defineModule<N extends ModuleName, D extends ModuleName = never>(module: AreaModule<N, D>): AnyModule {
  return module as unknown as AnyModule;
}

/** Every area's services as one object: for route signatures (`Pick<AllServices, 'courses'>`) and the test harness. */
export type AllServices = DepsOf<ModuleName>;
