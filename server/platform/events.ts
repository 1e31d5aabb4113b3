import type { FastifyBaseLogger } from 'fastify';

/**
 * What happened, told once at the one place it happens, for whoever listens (the metrics of
 * server/features/ops). The platform's own events are here; an area adds its own by declaration
 * merging where it defines its module (payments: `payments.fulfilled`), as with `Contributions`.
 */
export interface PlatformEvents {
  /** A mail left for its server (or the dev mailbox). */
  'mail.sent': Record<string, never>;
  /** A mail attempt failed; its job tries again later. */
  'mail.failed': Record<string, never>;
  /** A job failed its last attempt in this process: it stays failed. */
  'jobs.failed': { queue: string };
}

export type PlatformEvent = keyof PlatformEvents;

/**
 * Listeners run at once, in the emitter's turn, and must be cheap; one that throws is logged and
 * never fails what emitted (a payment is not undone by a broken counter).
 */
export function createEvents(log: FastifyBaseLogger) {
  const listeners = new Map<PlatformEvent, Array<(payload: never) => void>>();
  return {
    on<E extends PlatformEvent>(event: E, listener: (payload: PlatformEvents[E]) => void): void {
      listeners.set(event, [...(listeners.get(event) ?? []), listener as (payload: never) => void]);
    },
    emit<E extends PlatformEvent>(event: E, payload: PlatformEvents[E]): void {
      for (const listener of listeners.get(event) ?? []) {
        try {
          (listener as (p: PlatformEvents[E]) => void)(payload);
        } catch (err) {
          log.error({ err, event }, 'event listener failed');
        }
      }
    },
  };
}

export type Events = ReturnType<typeof createEvents>;
