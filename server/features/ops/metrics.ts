import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Platform } from '#server/platform/module';
import { asPromMetric, createRequestHistogram } from './request-histogram';

/** The route label of a request that matched no route: raw URLs would make a series per scan. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The platform's Prometheus metrics, on a registry of this app's own (tests build several apps in
 * one process). Counters listen to the platform's events, so no area knows prom-client; gauges
 * are read when Prometheus asks, so they never drift from what they count.
 */
export function createMetrics(p: Pick<Platform, 'database' | 'queue' | 'realtime' | 'events' | 'log'>) {
  const registry = new Registry();
  const registers = [registry];
  // process_* and nodejs_*: CPU, memory, heap, event-loop lag, GC, handles.
  collectDefaultMetrics({ register: registry });

  const requests = createRequestHistogram();
  registry.registerMetric(asPromMetric(requests));

  const { driver } = p.database;
  new Gauge({
    name: 'db_pool_in_use',
    help: 'Database connections running a query (PGlite: its one connection, 0 or 1).',
    labelNames: ['driver'] as const,
    registers,
    collect() {
      this.set({ driver }, p.database.pool().inUse);
    },
  });
  new Gauge({
    name: 'db_pool_waiting',
    help: 'Queries waiting for a database connection (PGlite: calls waiting their turn).',
    labelNames: ['driver'] as const,
    registers,
    collect() {
      this.set({ driver }, p.database.pool().waiting);
    },
  });

  new Gauge({
    name: 'jobs_queue_size',
    help: 'Jobs waiting in each queue, as the supervising worker last counted them (about once a minute).',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      try {
        const sizes = await p.queue.sizes();
        this.reset();
        for (const { queue, size } of sizes) this.set({ queue }, size);
      } catch (err) {
        // The database is down: readiness says so; the scrape still answers the rest.
        p.log.warn({ err }, 'metrics: the job queue sizes could not be read');
      }
    },
  });
  const jobsFailed = new Counter({
    name: 'jobs_failed_total',
    help: 'Jobs that failed their last attempt in this process.',
    labelNames: ['queue'] as const,
    registers,
  });
  p.events.on('jobs.failed', ({ queue }) => jobsFailed.inc({ queue }));

  new Gauge({
    name: 'realtime_sockets',
    help: 'socket.io clients connected to this process.',
    registers,
    collect() {
      this.set(p.realtime.localSockets());
    },
  });

  const mailSent = new Counter({ name: 'mail_sent_total', help: 'Mails handed to the mail server.', registers });
  const mailFailed = new Counter({
    name: 'mail_failed_total',
    help: 'Mail attempts that failed (each is tried again later).',
    registers,
  });
  p.events.on('mail.sent', () => mailSent.inc());
  p.events.on('mail.failed', () => mailFailed.inc());

  const fulfilled = new Counter({
    name: 'payments_fulfilled_total',
    help: 'Payments that went from pending to paid, by what was bought.',
    labelNames: ['kind'] as const,
    registers,
  });
  p.events.on('payments.fulfilled', ({ kind }) => fulfilled.inc({ kind }));

  return {
    registry,
    /** One answered request; `route` is the pattern it matched (`/api/courses/:id`), or none. */
    observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number) {
      requests.observe(method, route ?? UNMATCHED_ROUTE, statusCode, seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
