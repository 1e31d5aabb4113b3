import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TestClock } from 'pg-boss';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './env';
import type { Database } from './db/client';
import type { Mailer } from './lib/mailer';
import { createLogs } from './lib/logger';
import type { QueueService } from './queue/queue.service';
import { modules } from './modules';
import {
  composeModules,
  registerModuleHooks,
  registerModuleRoutes,
  startModules,
  type Composed,
} from './platform/compose';
import type { AllServices, AnyModule } from './platform/module';
import type { RealtimeService } from './realtime/realtime.service';
import { createPlatform } from './platform/platform';
import { registerCompression } from './plugins/compression';
import { registerApiDocs } from './plugins/api-docs';
import { earlyAnswers } from './plugins/early-answer';
import { registerErrorHandler } from './plugins/error-handler';
import { healthRoutes } from './plugins/health';
import { registerMemberLimits } from './plugins/member-limits';
import { registerRateLimits } from './plugins/rate-limits';
import { registerNulGuard } from './plugins/nul-guard';
import { registerRequestLog } from './plugins/request-log';
import { registerSlowBodies } from './plugins/slow-bodies';
import { registerSecurity } from './plugins/security';
import { registerSessionGuards } from './plugins/session';
import { inlineScriptHashes, registerSpa } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    rateLimitScale: number;
  }
}

export interface BuildOptions {
  config: Config;
  /** An open database; without it one is opened (and migrated) from the config. */
  database?: Database;
  mailer?: Mailer;
  /** The clock: tests move it to check expiries. */
  now?: () => Date;
  /** Tests: the job queue's clock, moved to `now()` when the test runs due jobs. */
  jobsClock?: TestClock;
  /** Tests: handlers of jobs of their own, registered before the queue starts. */
  testJobs?: (jobs: QueueService) => void;
  /** A logger (main.ts makes one to close it last); false for none; by default one on stdout. */
  logger?: false | FastifyBaseLogger;
  /** Tests: the areas to compose instead of the platform's list (server/modules.ts). */
  modules?: readonly AnyModule[];
}

/** A hop count means "trust the nearest N hops": Fastify ignores a bare count, and `true` trusts what clients write. */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Every area's services, with the platform's queue (`jobs`) and realtime: what tests, the seed and the bench call. */
export type PlatformServices = AllServices & { jobs: QueueService; realtime: RealtimeService };

/** The app and every service in it: the test harness, the seed and the bench reach services here. */
export async function buildPlatform(
  opts: BuildOptions,
): Promise<{ app: FastifyInstance; services: PlatformServices; composed: Composed }> {
  const { config } = opts;
  const early = earlyAnswers();
  const app = Fastify({
    ...(opts.logger === false
      ? { logger: false }
      : { loggerInstance: opts.logger ?? createLogs({ level: config.logLevel }).logger }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // One line per request instead of Fastify's two (plugins/request-log.ts); the top-level
    // disableRequestLogging option is deprecated (FSTDEP023) in favour of a log controller.
    logController: new LogController({ disableRequestLogging: true }),
    serverFactory: early.serverFactory,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestLog(app);
  registerNulGuard(app);
  registerSlowBodies(app, config.slowBodyWindowMs);

  const platform = await createPlatform(app, opts);
  const composed = await composeModules(opts.modules ?? modules, platform);
  opts.testJobs?.(platform.queue);
  await platform.queue.start();
  await startModules(composed, platform);
  app.decorate('rateLimitScale', config.rateLimitScale);
  app.decorate('secureCookies', config.appUrl.startsWith('https://'));
  registerSessionGuards(app);

  await registerSecurity(app, {
    appUrl: config.appUrl,
    allowedOrigins: config.allowedOrigins,
    secureCookies: app.secureCookies,
    scriptHashes: inlineScriptHashes(config.clientDir),
  });
  await registerCompression(app);
  await app.register(cookie);
  registerModuleHooks(app, composed);
  await registerRateLimits(app, config.redisUrl);
  registerMemberLimits(app);
  await registerApiDocs(app);
  await app.register(healthRoutes, { early });
  await registerModuleRoutes(app, composed, platform);
  await registerSpa(app, config.clientDir);
  const services = Object.assign(
    { jobs: platform.queue, realtime: platform.realtime },
    ...composed.services.values(),
  ) as PlatformServices;
  return { app, services, composed };
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  return (await buildPlatform(opts)).app;
}
