import type { FastifyInstance } from 'fastify';

/**
 * One line per request, written once the answer has gone: method, masked URL and address (the
 * logger's `req` serializer), status and time. Fastify's own request logging writes two lines,
 * one on arrival and one on completion; the second says all the first did, and the pair cost the
 * cheapest route more than half its throughput (decision 016).
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}
