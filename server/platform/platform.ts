import type { FastifyInstance } from 'fastify';
import type { BuildOptions } from '../app';
import { openDatabase } from '../db/client';
import { createAudit } from '../lib/audit/audit';
import { registerMailJobs } from '../lib/mail.queue';
import { createMailer, reportingMailer } from '../lib/mailer';
import { createQueue } from '../queue/queue.service';
import { attachRealtimeServer } from '../realtime/realtime-server';
import { createRealtimeService } from '../realtime/realtime.service';
import { createEvents } from './events';
import type { Platform, RealtimeHooks } from './module';
import { createReadiness } from './readiness';

/** What the way out keeps, past the running jobs, for closing the database and the logs. */
const CLOSE_RESERVE_MS = 1_000;

/**
 * The services every area is given: the database (opened and migrated unless the caller brings
 * one; with MIGRATE_ON_START=false, `npm run migrate` must have run), the mailer, the queue,
 * realtime, the audit log, the events and readiness (each dependency's owner registers its check:
 * the database and queue here, Redis with realtime, the bucket with uploads). Closing the app stops
 * the queue first (running jobs finish), then the mailer and the database go.
 */
export async function createPlatform(app: FastifyInstance, opts: BuildOptions): Promise<Platform> {
  const { config } = opts;
  const ownsDatabase = !opts.database;
  const database =
    opts.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` }));
  if (ownsDatabase) await (config.migrateOnStart ? database.migrate() : database.requireMigrated());
  app.decorate('database', database);
  const events = createEvents(app.log);
  const readiness = createReadiness();
  app.decorate('readiness', readiness);
  const mailer = reportingMailer(
    opts.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    events,
  );
  const now = opts.now ?? (() => new Date());
  const { delayMs, timeoutMs } = config.shutdown;
  const queue = createQueue({
    database,
    log: app.log,
    now,
    worker: config.jobsWorker,
    testClock: opts.jobsClock,
    events,
    stopTimeoutMs: Math.max(CLOSE_RESERVE_MS, timeoutMs - delayMs - CLOSE_RESERVE_MS),
  });
  registerMailJobs(queue, mailer);
  readiness.add('database', () => database.ping());
  readiness.add('queue', () => queue.ping());

  // The realtime server asks accounts (last seen) and auth (sessions), which plug in as they are built.
  const realtimeHooks: RealtimeHooks = {};
  const hook = <K extends keyof RealtimeHooks>(name: K) => {
    const fn = realtimeHooks[name];
    if (!fn) throw new Error(`realtime needs "${name}", which no module has plugged in`);
    return fn as NonNullable<RealtimeHooks[K]>;
  };
  const io = await attachRealtimeServer(app, {
    appUrl: config.appUrl,
    allowedOrigins: config.allowedOrigins,
    redisUrl: config.redisUrl,
    authenticate: (token) => hook('authenticate')(token),
    now,
    readiness,
  });
  const lastSeen = {
    lastSeen: (userId: string) => hook('lastSeen').lastSeen(userId),
    setLastSeen: (userId: string, at: Date) => hook('lastSeen').setLastSeen(userId, at),
  };
  const realtime = createRealtimeService({ io, log: app.log, now, lastSeen, shared: Boolean(config.redisUrl) });

  // Hooked before the queue starts, so that closing an app whose later plugin or listen failed stops its worker.
  app.addHook('preClose', () => queue.stop());
  app.addHook('onClose', async () => {
    mailer.close();
    if (ownsDatabase) await database.close();
  });
  return {
    config,
    database,
    db: database.db,
    log: app.log,
    now,
    mailer,
    queue,
    realtime,
    audit: createAudit(database.db),
    events,
    readiness,
    realtimeHooks,
  };
}
