import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

const FIRST_MESSAGE = 'Please check the highlighted fields.';

/**
 * The one error handler: every error body has `error` and `code`; validation failures add
 * per-field messages; a 5xx says nothing about the inside.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(err.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(v.params?.missingProperty ?? '_');
        fields[key] ??= v.message ?? 'Invalid value';
      }
      const only = Object.values(fields);
      const error = only.length === 1 ? only[0]! : FIRST_MESSAGE;
      return reply.status(400).send({ error, code: 'VALIDATION_FAILED', fields });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: 'Too many attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' });
    }
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ error: 'Send the request as JSON.', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty JSON bodies and the like: the parser's message is safe and useful.
      return reply.status(status).send({ error: err.message || 'Bad request', code: 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}
