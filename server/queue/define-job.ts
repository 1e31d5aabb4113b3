import type { z } from 'zod';

/** How a failing job is tried again; delays in seconds. */
export interface RetryPolicy {
  /** Attempts after the first one; after the last the job is dead (listed by `jobs.dead()`). */
  limit: number;
  /** Delay before the first retry; with backoff, doubled on each further one (with jitter). */
  delaySeconds: number;
  backoff: boolean;
  /** The longest wait between two attempts, whatever the backoff says. */
  maxDelaySeconds?: number;
}

export interface JobDefinition<T> {
  /** The queue's name: `<feature>.<what>`, e.g. `auth.purge-sessions`. */
  name: string;
  schema: z.ZodType<T>;
  retry: RetryPolicy;
  /** How long one attempt may run before it counts as failed (a worker that died mid-job). */
  timeoutSeconds: number;
  /**
   * At most one job per singleton key waits or runs at a time (`session:<id>:reminder-24h`):
   * sending another with the same key is a no-op. Every job of such a queue needs a key.
   */
  keyed: boolean;
  /** How long a finished (completed or dead) job stays in the table; pg-boss's default is 7 days. */
  keepSeconds?: number;
  /**
   * How late a job may start when nothing in the working process saw it sent: the worker polls
   * its queue this often. A job sent (or falling due) in a working process starts at once.
   */
  latencySeconds: number;
}

/** pg-boss's own polling pause: what a person waiting on a job (a sign-in mail) may notice. */
export const PROMPT = 2;
/** Housekeeping and reminders nobody waits on: a poll every 30 s instead of 2 (decision 087). */
export const UNHURRIED = 30;

const DEFAULT_RETRY: RetryPolicy = { limit: 5, delaySeconds: 10, backoff: true, maxDelaySeconds: 3_600 };

/**
 * Declares a job: its queue name, the zod schema of its payload and how it retries. Declared in
 * the feature's `<f>.queue.ts` next to the function that registers its handler with
 * `jobs.handle(job, handler)`; the declaration alone is what senders import.
 */
export function defineJob<S extends z.ZodType>(def: {
  name: string;
  schema: S;
  retry?: Partial<RetryPolicy>;
  timeoutSeconds?: number;
  keyed?: boolean;
  keepSeconds?: number;
  latencySeconds?: number;
}): JobDefinition<z.infer<S>> {
  if (!/^[a-z][a-z0-9-]*\.[a-z0-9.-]+$/.test(def.name))
    throw new Error(`job name ${def.name} must read <feature>.<what>`);
  return {
    name: def.name,
    schema: def.schema as z.ZodType<z.infer<S>>,
    retry: { ...DEFAULT_RETRY, ...def.retry },
    timeoutSeconds: def.timeoutSeconds ?? 15 * 60,
    keyed: def.keyed ?? false,
    keepSeconds: def.keepSeconds,
    latencySeconds: def.latencySeconds ?? PROMPT,
  };
}
