import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { freshWithin } from '../lib/fresh-within';
import type { EarlyAnswers } from './early-answer';
import { requestLine } from './request-log';
import { API_HEADERS } from './security';
import { openToAll } from './session';

const ZHealth = z.object({ status: z.enum(['ok', 'degraded']), database: z.string() });

/** How old the database's state may be. Probes come every few seconds; nobody needs it fresher. */
const DATABASE_STATE_MAX_AGE_MS = 1_000;

const HEALTH_URL = '/api/health';

/**
 * Liveness with the database's state; 503 when the database does not answer. The route has no
 * rate limit, so it pings the database at most once a second (one ping shared by concurrent
 * callers): a flood of health checks must not become a flood of queries.
 *
 * A plain `GET /api/health` is answered before Fastify (plugins/early-answer.ts), with the same
 * status, headers, body and request line as the route below, which still serves everything else
 * (HEAD, a query string, injected requests) and documents the answer at /api/docs.
 */
export async function healthRoutes(app: FastifyInstance, opts: { early?: EarlyAnswers }) {
  const databaseUp = freshWithin(DATABASE_STATE_MAX_AGE_MS, () => app.database.ping());

  const answer = (up: boolean) =>
    JSON.stringify(
      ZHealth.parse({ status: up ? 'ok' : 'degraded', database: `${app.database.driver}: ${up ? 'up' : 'down'}` }),
    );
  const answers = { up: answer(true), down: answer(false) };
  const contentType = 'application/json; charset=utf-8';

  app.get(
    HEALTH_URL,
    {
      preHandler: openToAll,
      config: { rateLimit: false },
      schema: { tags: ['health'], response: { 200: ZHealth, 503: ZHealth } },
    },
    async (_request, reply) => {
      const up = await databaseUp();
      // Pre-serialised: the two possible answers never change, and probes come often.
      return reply
        .status(up ? 200 : 503)
        .type(contentType)
        .send(up ? answers.up : answers.down);
    },
  );

  if (!opts.early) return;
  const headers = (body: string) => ({
    ...API_HEADERS,
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(body)),
  });
  const sent = { up: headers(answers.up), down: headers(answers.down) };
  const line = requestLine(app.log);
  let served = 0;
  opts.early.set((req, res) => {
    if (req.url !== HEALTH_URL || req.method !== 'GET') return false;
    const started = performance.now();
    const send = (up: boolean) => {
      res.writeHead(up ? 200 : 503, up ? sent.up : sent.down).end(up ? answers.up : answers.down);
      // The balancer's own address: it asks directly, so no forwarded header names a client.
      line(
        `health-${(served++).toString(36)}`,
        { method: 'GET', url: HEALTH_URL, ip: req.socket.remoteAddress },
        res.statusCode,
        performance.now() - started,
      );
    };
    const up = databaseUp();
    if (typeof up === 'boolean') send(up);
    else void up.then(send);
    return true;
  });
}
