import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/** Keys of the HTTP limits in Redis, apart from socket.io's channels and anything else sharing it. */
export const RATE_LIMIT_NAMESPACE = 'blet:rate-limit:';

/**
 * The per-address HTTP limits (routes opt in with `config.rateLimit`, and `app.createRateLimit`
 * for per-email keys). Without REDIS_URL they count in this process's memory; with it they count
 * in Redis, so N app nodes behind a load balancer allow the limit once, not N times (issue 28,
 * decision 069). A Redis outage lets requests through (`skipOnError`) rather than failing every
 * sign-in; the limits kept in the database (per member, per account) still hold, and readiness
 * reports Redis down.
 */
export async function registerRateLimits(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  if (!redisUrl) {
    await app.register(rateLimit, { global: false });
    return;
  }
  // No offline queue: a limit check waits for Redis at most the command timeout, then lets the request by.
  // ioredis loads only when Redis is set (decision 084).
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', (err) => app.log.error({ err }, 'rate limits: redis connection error'));
  // A wrong REDIS_URL stops the start, as it does for realtime.
  await redis.connect();
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  await app.register(rateLimit, { global: false, redis, nameSpace: RATE_LIMIT_NAMESPACE, skipOnError: true });
}
