import { describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { createEvents } from '#server/platform/events';
import type { QueueService } from '#server/queue/queue.service';
import type { RealtimeService } from '#server/realtime/realtime.service';
import { silentLog } from '#server/test/silent-log';
import { UNMATCHED_ROUTE, createMetrics } from './metrics';
import { parsePrometheusText, samplesOf, valueOf } from './testing/prometheus-text';

function metricsOf(opts: { sizes?: () => Promise<Array<{ queue: string; size: number }>> } = {}) {
  const events = createEvents(silentLog);
  const metrics = createMetrics({
    database: { driver: 'postgres', pool: () => ({ inUse: 3, waiting: 2 }) } as unknown as Database,
    queue: { sizes: opts.sizes ?? (async () => [{ queue: 'mail.send', size: 4 }]) } as unknown as QueueService,
    realtime: { localSockets: () => 7 } as unknown as RealtimeService,
    events,
    log: silentLog,
  });
  const scrape = async () => parsePrometheusText(await metrics.registry.metrics());
  return { metrics, events, scrape };
}

describe('metrics', () => {
  it('counts requests by method, route pattern and status, in a histogram, unmatched ones under one label', async () => {
    const { metrics, scrape } = metricsOf();
    metrics.observeRequest('GET', '/api/courses/:id', 200, 0.004);
    metrics.observeRequest('GET', '/api/courses/:id', 200, 0.2);
    metrics.observeRequest('GET', undefined, 404, 0.001);
    const s = await scrape();
    const route = { method: 'GET', route: '/api/courses/:id', status_code: '200' };
    expect(valueOf(s, 'http_request_duration_seconds_count', route)).toBe(2);
    expect(valueOf(s, 'http_request_duration_seconds_sum', route)).toBeCloseTo(0.204);
    expect(valueOf(s, 'http_request_duration_seconds_bucket', { ...route, le: '0.005' })).toBe(1);
    expect(valueOf(s, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(2);
    expect(valueOf(s, 'http_request_duration_seconds_count', { route: UNMATCHED_ROUTE, status_code: '404' })).toBe(1);
  });

  it('reads the pool, queue sizes and sockets when scraped', async () => {
    const s = await metricsOf().scrape();
    expect(valueOf(s, 'db_pool_in_use', { driver: 'postgres' })).toBe(3);
    expect(valueOf(s, 'db_pool_waiting', { driver: 'postgres' })).toBe(2);
    expect(valueOf(s, 'jobs_queue_size', { queue: 'mail.send' })).toBe(4);
    expect(valueOf(s, 'realtime_sockets')).toBe(7);
  });

  it('counts mail, failed jobs and fulfilled payments from the platform events', async () => {
    const { events, scrape } = metricsOf();
    events.emit('mail.sent', {});
    events.emit('mail.sent', {});
    events.emit('mail.failed', {});
    events.emit('jobs.failed', { queue: 'mail.send' });
    events.emit('payments.fulfilled', { kind: 'course' });
    events.emit('payments.fulfilled', { kind: 'course' });
    events.emit('payments.fulfilled', { kind: 'mentorship_plan' });
    const s = await scrape();
    expect(valueOf(s, 'mail_sent_total')).toBe(2);
    expect(valueOf(s, 'mail_failed_total')).toBe(1);
    expect(valueOf(s, 'jobs_failed_total', { queue: 'mail.send' })).toBe(1);
    expect(valueOf(s, 'payments_fulfilled_total', { kind: 'course' })).toBe(2);
    expect(valueOf(s, 'payments_fulfilled_total', { kind: 'mentorship_plan' })).toBe(1);
  });

  it("serves Node's default process_* and nodejs_* metrics", async () => {
    const s = await metricsOf().scrape();
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes'])
      expect(samplesOf(s, name), name).toHaveLength(1);
    expect(samplesOf(s, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
  });

  it('still answers the rest when the queue sizes cannot be read', async () => {
    const s = await metricsOf({ sizes: () => Promise.reject(new Error('database down')) }).scrape();
    expect(samplesOf(s, 'jobs_queue_size')).toEqual([]);
    expect(valueOf(s, 'realtime_sockets')).toBe(7);
  });
});

describe('the Prometheus text reader', () => {
  it('refuses a line that is no sample', () => {
    expect(() => parsePrometheusText('# TYPE x counter\nx{a="1"} 2\nnot a sample\n')).toThrow(/not a sample/);
  });
});
