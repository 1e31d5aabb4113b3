import type { FastifyBaseLogger } from 'fastify';
import {
  PgBoss,
  fromPglite,
  type ConstructorOptions,
  type Job,
  type JobResult,
  type Queue,
  type TestClock,
} from 'pg-boss';
import type { Database, DbOrTx } from '../db/client';
import { queueConnection } from '../db/queue-connection';
import { afterCommit } from '../db/transaction';
import type { Events } from '../platform/events';
import { discardJobs } from './queue-jobs.repo';
import type { JobDefinition } from './define-job';

/** pg-boss keeps its tables in their own schema, which it creates and migrates at start. */
const SCHEMA = 'pgboss';
/** Jobs of one queue a worker runs at once. */
const BATCH = 5;

const failure = (err: unknown) => ({ message: err instanceof Error ? err.message : String(err) });

export type JobHandler<T> = (payload: T, job: { id: string; attempt: number }) => Promise<void>;

export interface SendOptions {
  /** Not before this time (a reminder 24 h before a session). */
  startAfter?: Date;
  /** Needed by a `keyed` job: a second send with the same key, while one waits or runs, is a no-op. */
  singletonKey?: string;
}

export interface DeadJob {
  id: string;
  name: string;
  payload: unknown;
  error: unknown;
  attempts: number;
  failedAt: Date;
}

export interface QueueOptions {
  database: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Take jobs from the queues in this process (the in-process worker, or `npm run worker`). */
  worker: boolean;
  /** Tests: pg-boss reads time from this clock, moved to `now()` by `runDue()`. */
  testClock?: TestClock;
  /** Told of each job that failed its last attempt (the metrics). */
  events?: Events;
  /** Stopping waits this long for running jobs; those still running are taken again after their timeout. */
  stopTimeoutMs?: number;
  /** Shorter pauses for the multi-process tests; production keeps pg-boss's defaults. */
  tuning?: Pick<ConstructorOptions, 'superviseIntervalSeconds' | 'monitorIntervalSeconds'> & {
    pollingIntervalSeconds?: number;
  };
}

/**
 * Background jobs on the application's own database (pg-boss): PGlite in-process or PostgreSQL.
 * A job sent with a transaction is written by that transaction, so it exists exactly when the
 * change that caused it does (decision 009).
 */
export function createQueue(opts: QueueOptions) {
  const { database, log, now } = opts;
  const handlers = new Map<string, { def: JobDefinition<unknown>; handler: JobHandler<unknown> }>();
  const schedules: Array<{ name: string; cron: string }> = [];
  /** This process's worker of each queue, once started: what a send here wakes. */
  const workers = new Map<string, string>();
  let started = false;

  const connection: ConstructorOptions =
    database.driver === 'pglite'
      ? { db: fromPglite(database.pglite!), backend: 'pglite' }
      : // A process that works no queue only sends (on the app's connections) and reads.
        { connectionString: database.url!, max: opts.worker ? 4 : 2 };
  const boss = new PgBoss({
    ...connection,
    schema: SCHEMA,
    clock: opts.testClock,
    supervise: opts.worker,
    schedule: opts.worker,
    registerInstance: false,
    // pg-boss checks these by presence, so an undefined one must not be passed.
    ...(opts.tuning
      ? {
          superviseIntervalSeconds: opts.tuning.superviseIntervalSeconds,
          monitorIntervalSeconds: opts.tuning.monitorIntervalSeconds,
        }
      : {}),
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));

  function registered<T>(def: JobDefinition<T>) {
    if (!handlers.has(def.name))
      throw new Error(`job ${def.name} has no handler: register it with jobs.handle() in its module's queue hook`);
  }

  /** A transaction's own connection, so the job row commits or rolls back with it. */
  const on = (db: DbOrTx) => queueConnection(db);

  /**
   * A job sent here needs no poll to be found: once its row is committed the queue's worker (if
   * this process has one) fetches at once, or when a delayed job falls due. Polls remain for jobs
   * sent elsewhere, retries and cron ticks, at the queue's `latencySeconds` (decision 087). The
   * test clock's time is not the timers', and its harness runs jobs itself.
   */
  function wake(db: DbOrTx, name: string, startAfter: Date) {
    const worker = workers.get(name);
    if (!worker || opts.testClock) return;
    afterCommit(db, () => {
      const delay = startAfter.getTime() - Date.now();
      if (delay <= 0) return boss.notifyWorker(worker);
      // Beyond a day the polls find it; a timer that far out would only hold memory.
      if (delay < 86_400_000) setTimeout(() => boss.notifyWorker(worker), delay).unref();
    });
  }

  /** One attempt: a payload that does not fit the schema fails like a throwing handler. */
  async function run(job: Job<unknown>): Promise<void> {
    const entry = handlers.get(job.name)!;
    const parsed = entry.def.schema.safeParse(job.data);
    if (!parsed.success) throw new Error(`bad payload for ${job.name}: ${parsed.error.message}`);
    await entry.handler(parsed.data, { id: job.id, attempt: job.retryCount + 1 });
  }

  async function settle(job: Job<unknown>): Promise<JobResult> {
    try {
      await run(job);
      return { id: job.id, status: 'completed' };
    } catch (err) {
      log.warn({ err, job: job.name, id: job.id, attempt: job.retryCount + 1 }, 'job failed');
      if (job.retryCount >= handlers.get(job.name)!.def.retry.limit)
        opts.events?.emit('jobs.failed', { queue: job.name });
      return { id: job.id, status: 'failed', output: failure(err) };
    }
  }

  function queueOptions(def: JobDefinition<unknown>): Omit<Queue, 'name'> {
    return {
      policy: def.keyed ? 'exclusive' : 'standard',
      retryLimit: def.retry.limit,
      retryDelay: def.retry.delaySeconds,
      retryBackoff: def.retry.backoff,
      ...(def.retry.backoff && def.retry.maxDelaySeconds ? { retryDelayMax: def.retry.maxDelaySeconds } : {}),
      expireInSeconds: def.timeoutSeconds,
      ...(def.keepSeconds ? { deleteAfterSeconds: def.keepSeconds } : {}),
    };
  }

  return {
    /** Registers the handler of a job (before `start()`); each process that may send it registers it too. */
    handle<T>(def: JobDefinition<T>, handler: JobHandler<T>): void {
      if (started) throw new Error(`jobs.handle(${def.name}) after start`);
      handlers.set(def.name, { def: def as JobDefinition<unknown>, handler: handler as JobHandler<unknown> });
    },

    /** A recurring job on a cron expression (UTC), run once per tick by one of the workers. */
    schedule<T>(def: JobDefinition<T>, cron: string): void {
      if (started) throw new Error(`jobs.schedule(${def.name}) after start`);
      schedules.push({ name: def.name, cron });
    },

    /**
     * Enqueues a job in `db`'s transaction (or at once with the database): a rollback enqueues
     * nothing. Answers the job's id, or null when a keyed job with that key already waits.
     */
    async send<T>(db: DbOrTx, def: JobDefinition<T>, payload: T, options: SendOptions = {}): Promise<string | null> {
      registered(def);
      const data = def.schema.parse(payload) as object;
      if (def.keyed && !options.singletonKey) throw new Error(`job ${def.name} is keyed: send it with a singletonKey`);
      // The app's clock, not the database's, decides when a job is due: both agree in production,
      // and tests move the app's.
      const startAfter = options.startAfter ?? now();
      const id = await boss.send(def.name, data, { db: on(db), startAfter, singletonKey: options.singletonKey });
      if (id) wake(db, def.name, startAfter);
      return id;
    },

    /** Many jobs of one kind in one statement (a broadcast's mail copies). */
    async sendMany<T>(db: DbOrTx, def: JobDefinition<T>, payloads: T[]): Promise<void> {
      registered(def);
      if (payloads.length === 0) return;
      const startAfter = now();
      await boss.insert(
        def.name,
        payloads.map((p) => ({ data: def.schema.parse(p) as object, startAfter })),
        { db: on(db) },
      );
      wake(db, def.name, startAfter);
    },

    /** Cancels the waiting job of this key (a session called off cancels its reminders). */
    async cancel<T>(db: DbOrTx, def: JobDefinition<T>, singletonKey: string): Promise<number> {
      registered(def);
      const waiting = await boss.findJobs(def.name, { key: singletonKey, queued: true, db: on(db) });
      if (waiting.length === 0) return 0;
      await boss.cancel(
        def.name,
        waiting.map((j) => j.id),
        { db: on(db) },
      );
      return waiting.length;
    },

    /**
     * Deletes the jobs of this kind whose payload contains `match` (JSON containment: `{ userIds:
     * [id] }` matches a list holding id), or equals it with `exact`, whatever their state but
     * running: an erased member's words leave the mails that were still to go.
     */
    async discard<T>(
      db: DbOrTx,
      def: JobDefinition<T>,
      match: Record<string, unknown>,
      opts: { exact?: boolean } = {},
    ): Promise<number> {
      registered(def);
      return discardJobs(db, SCHEMA, def.name, match, opts.exact ?? false);
    },

    /** Jobs that failed their last retry, newest first: what the admin will see. */
    async dead(limit = 100): Promise<DeadJob[]> {
      const { rows } = await boss
        .getDb()
        .executeSql(
          `SELECT id, name, data, output, retry_count, completed_on FROM ${SCHEMA}.job WHERE state = 'failed' ORDER BY completed_on DESC LIMIT $1`,
          [limit],
        );
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        payload: r.data,
        error: r.output,
        attempts: r.retry_count + 1,
        failedAt: new Date(r.completed_on),
      }));
    },

    /** Installs or migrates pg-boss's schema, creates the queues, and starts taking jobs when this process works them. */
    async start(): Promise<void> {
      started = true;
      await boss.start();
      // One read of the queues and schedules, then writes only for what is new or changed: each
      // create or update is two statements, and with fifty queues that was half the start-up (decision 084).
      // pg-boss's start cached every existing queue, and createQueue caches the new one, so a send
      // inside a PGlite transaction never needs a second query on the one connection it holds.
      const queues = new Map((await boss.getQueues()).map((q) => [q.name, q]));
      for (const { def } of handlers.values()) {
        const options = queueOptions(def);
        const queue = queues.get(def.name);
        if (!queue) {
          await boss.createQueue(def.name, options);
          continue;
        }
        const { policy: _policy, ...changeable } = options;
        const stale = Object.entries(changeable).some(([key, value]) => queue[key as keyof typeof queue] !== value);
        if (stale) await boss.updateQueue(def.name, changeable);
      }
      const scheduled = new Map((await boss.getSchedules()).map((s) => [`${s.name} ${s.key}`, s]));
      for (const s of schedules) {
        const known = scheduled.get(`${s.name} `);
        if (known?.cron === s.cron && known.timezone === 'UTC') continue;
        await boss.schedule(s.name, s.cron, {}, { tz: 'UTC' });
      }
      if (!opts.worker) return;
      for (const [name, { def }] of handlers) {
        // Up to BATCH jobs at once, each settled on its own; a full batch fetches again at once
        // rather than after the polling pause, so a backlog drains at the handlers' pace.
        const worker = await boss.work(
          name,
          {
            batchSize: BATCH,
            burstWhenBatchFull: true,
            perJobResults: true,
            pollingIntervalSeconds: opts.tuning?.pollingIntervalSeconds ?? def.latencySeconds,
          },
          (batch) => Promise.all(batch.map((job) => settle(job))),
        );
        workers.set(name, worker);
      }
    },

    /**
     * Tests: runs every job due at `now()` (retries whose delay has passed on that clock
     * included) until none is left, one at a time, in this process; only the jobs of `only` when
     * given (a test about payouts need not send every notification's mail).
     */
    async runDue(only?: ReadonlyArray<JobDefinition<unknown>>): Promise<number> {
      if (!opts.testClock) throw new Error('runDue() needs the test clock');
      await opts.testClock.setTime(now());
      const names = only ? only.map((def) => def.name) : [...handlers.keys()];
      let ran = 0;
      for (let found = true; found;) {
        found = false;
        for (const name of names) {
          const [job] = await boss.fetch<unknown>(name, { batchSize: 1 });
          if (!job) continue;
          found = true;
          ran++;
          const result = await settle(job);
          if (result.status === 'completed') await boss.complete(name, job.id);
          else await boss.fail(name, job.id, result.output);
        }
      }
      return ran;
    },

    /** True when the queue's own connection answers (readiness). */
    async ping(): Promise<boolean> {
      try {
        await boss.getDb().executeSql('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },

    /**
     * Jobs waiting in each queue (deferred ones included), as the supervising worker last counted
     * them (pg-boss's monitor, about once a minute): one read of pg-boss's queue table.
     */
    async sizes(): Promise<Array<{ queue: string; size: number }>> {
      // This app's queues only: pg-boss keeps internal ones of its own (`__pgboss__send-it`).
      const queues = await boss.getQueues([...handlers.keys()]);
      return queues.map((q) => ({ queue: q.name, size: q.queuedCount }));
    },

    /** Stops taking jobs and waits for the ones running (bounded), before the database closes. */
    stop: () => boss.stop({ graceful: true, timeout: opts.stopTimeoutMs ?? 10_000 }),
  };
}

export type QueueService = ReturnType<typeof createQueue>;
