import { freshWithin } from '../lib/fresh-within';

/** Answers whether a dependency serves; false or a rejection is "down". */
export type ReadinessCheck = () => Promise<boolean>;

export type CheckState = 'up' | 'down' | 'draining';

export interface ReadinessState {
  ready: boolean;
  /** Each dependency by name; `process: 'draining'` once the process is on its way out. */
  checks: Record<string, CheckState>;
}

/** How old the checks' answer may be, as for /api/health: probes come every few seconds. */
export const READINESS_MAX_AGE_MS = 1_000;
/** A dependency that has not answered by then is down: a hung Redis must not hang the probe. */
export const CHECK_TIMEOUT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process should be sent work (GET /api/health/ready), and the switch that says it should not. */
    readiness: Readiness;
  }
}

async function within(check: ReadinessCheck, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The dependencies this process needs to serve (the database, the queue, Redis and the bucket
 * when set), each registered by whoever owns it. They are asked together at most once a second;
 * once `drain()` is called the answer is "not ready" for good, whatever they say.
 */
export function createReadiness(opts: { maxAgeMs?: number; timeoutMs?: number } = {}) {
  const checks = new Map<string, ReadinessCheck>();
  let draining = false;
  let lastChecks: Record<string, CheckState> = {};

  const probe = freshWithin(opts.maxAgeMs ?? READINESS_MAX_AGE_MS, async () => {
    const states = await Promise.all(
      [...checks].map(
        async ([name, check]) =>
          [name, (await within(check, opts.timeoutMs ?? CHECK_TIMEOUT_MS)) ? 'up' : 'down'] as const,
      ),
    );
    lastChecks = Object.fromEntries(states);
    return lastChecks;
  });

  return {
    /** A dependency to check, under the name the answer shows. */
    add(name: string, check: ReadinessCheck): void {
      if (checks.has(name)) throw new Error(`readiness check "${name}" is registered twice`);
      checks.set(name, check);
    },

    async state(): Promise<ReadinessState> {
      // On the way out the dependencies are closing: the last answer is shown, not asked again.
      if (draining) return { ready: false, checks: { ...lastChecks, process: 'draining' } };
      const states = await probe();
      return { ready: Object.values(states).every((s) => s === 'up'), checks: states };
    },

    /** From now on the process answers "not ready", so that balancers send it no new work. */
    drain(): void {
      draining = true;
    },

    get draining(): boolean {
      return draining;
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
