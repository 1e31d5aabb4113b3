import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The least a request body must bring in each window: 8 KB, a few seconds of a poor 2G link. */
export const BODY_MIN_BYTES = 8 * 1024;

const TOO_SLOW = JSON.stringify({
  error: 'The request arrived too slowly and was stopped. Check the connection and try again.',
  code: 'REQUEST_TIMEOUT',
});
const TOO_SLOW_RESPONSE =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
  `Content-Length: ${Buffer.byteLength(TOO_SLOW)}\r\n\r\n${TOO_SLOW}`;

const hasBody = (raw: IncomingMessage) =>
  raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;

/**
 * Slow bodies (issue 25): a body that trickles in (a byte every half second) held its
 * connection, and the memory behind it, for as long as the sender liked. A body must bring at
 * least BODY_MIN_BYTES in every window of `windowMs` until it is complete, whatever its route:
 * a large video on a slow link keeps going, a trickle is cut with a 408. Watched on the socket's
 * byte count, so no stream is touched (multipart reads the raw request itself). Node's own
 * `requestTimeout` would bound the whole request instead, which a long upload must not meet.
 */
export function registerSlowBodies(app: FastifyInstance, windowMs: number) {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const socket = raw.socket as (typeof raw.socket & { bytesRead?: number }) | null;
    // Injected requests (tests) have no network under them.
    if (raw.complete || typeof socket?.bytesRead !== 'number' || !hasBody(raw)) return done();
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete) return clearInterval(timer);
      const read = socket.bytesRead ?? seen;
      if (read - seen >= BODY_MIN_BYTES) {
        seen = read;
        return;
      }
      clearInterval(timer);
      request.log.info({ received: read }, 'request body too slow: connection closed');
      if (reply.raw.headersSent) socket.destroy();
      else socket.end(TOO_SLOW_RESPONSE);
    }, windowMs);
    timer.unref();
    const stop = () => clearInterval(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}
