import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { serializeRequest } from '../lib/logger';
import { registerRequestLog } from './request-log';

describe('the request line', () => {
  it('is one line per request with its id, the masked URL, status and time, written past the redaction', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger: FastifyBaseLogger = pino({ redact: ['*.password'], serializers: { req: serializeRequest } }, sink);
    const app = Fastify({ loggerInstance: logger, logController: new LogController({ disableRequestLogging: true }) });
    registerRequestLog(app);
    app.get('/reset', async (request) => {
      request.log.warn({ form: { password: 'hunter2' } }, 'a handler line');
      return 'ok';
    });
    const res = await app.inject({ method: 'GET', url: '/reset?token=abc' });
    await app.close();

    expect(res.statusCode).toBe(200);
    const [handler, request] = lines;
    // The handler's own lines keep the redaction.
    expect(handler).toMatchObject({ msg: 'a handler line', form: { password: '[Redacted]' } });
    expect(request).toMatchObject({
      level: 30,
      reqId: handler!.reqId,
      req: { method: 'GET', url: '/reset?token=[masked]' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
    expect(lines).toHaveLength(2);
  });
});
