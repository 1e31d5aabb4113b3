import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SecurityOptions {
  appUrl: string;
  allowedOrigins: string[];
  secureCookies: boolean;
}

/** Security headers with a real CSP, and the Origin check that backs SameSite=Lax against CSRF. */
export async function registerSecurity(app: FastifyInstance, opts: SecurityOptions) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(opts.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The API docs page and media need no cross-origin isolation.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: opts.secureCookies,
  });

  const trusted = new Set([new URL(opts.appUrl).origin, ...opts.allowedOrigins]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    // Browsers send Origin on every cross-site POST; a request without one is not from a page.
    if (!origin) {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden();
      return;
    }
    const sameHost = `${request.protocol}://${request.headers.host}` === origin;
    if (!sameHost && !trusted.has(origin)) throw forbidden();
  });
}

function forbidden() {
  return new AppError('CSRF_REJECTED', 'This request came from another site and was refused.');
}
