import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values are secrets (mail links carry them). */
const SECRET_PARAMS = /([?&](?:token|session_id|code|password)=)[^&]*/gi;

export function maskUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[masked]');
}

/** Request logs without cookies, tokens or passwords. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: '[masked]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
        return { method: req.method, url: maskUrl(req.url), ip: req.ip };
      },
    },
  };
}
