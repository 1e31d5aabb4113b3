import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Camera, microphone and screen sharing only on the call page (issue 25); features no page of
 * ours uses (place, payment, USB), nowhere. A document keeps the policy it was loaded with, so
 * the app enters the call page with a full page load (`client/features/calls`), never a
 * client-side route change. Only features Chromium knows are named: it logs an error for others.
 */
const policy = (media: string) =>
  `camera=${media}, microphone=${media}, display-capture=${media}, geolocation=(), payment=(), usb=()`;
export const PERMISSIONS = { call: policy('(self)'), elsewhere: policy('()') };
export const CALL_PAGE = '/video-call';
const onCallPage = (url: string) => url === CALL_PAGE || url.startsWith(`${CALL_PAGE}?`);

/**
 * What an answer can be, for its headers (decision 081). A document's policy (CSP, framing,
 * opener, referrer, permissions) governs only what a browser renders as a page or runs as a
 * worker; a script or style is governed by the page that loads it, and JSON is never rendered.
 * The whole set on each of a first visit's 60-odd hashed files was about 60 KB of headers on
 * the wire, a third of what /auth costs over prepaid data. Hashed assets and JSON keep what
 * protects them as resources: no sniffing, no reading from other sites' pages; JSON adds the
 * short policy OWASP's REST guidance gives, which forbids framing and loading anything. The API
 * docs page is a document; uploads keep the whole set (inline PDFs and pictures are opened as pages).
 */
type AnswerKind = 'document' | 'api' | 'asset' | 'worker';
/**
 * The shell's own files that are not hashed: the web app manifest and its icons. Like hashed
 * assets, the browser loads them under its own policy; 600 bytes of document headers on each,
 * twice for those the worker precaches, were weight on a first visit (decision 083). `/sw.js`
 * is a worker: its script's headers give it its content and referrer policies, and nothing of a
 * page's (framing, opener, permissions, IE's and Flash's headers): 300 bytes less (decision 086).
 */
const SHELL_FILES = /^\/(manifest\.webmanifest|icons\/[^/?]+\.png)(\?|$)/;
export function answerKind(url: string): AnswerKind {
  if (url.startsWith('/assets/') || SHELL_FILES.test(url)) return 'asset';
  if (/^\/sw\.js(\?|$)/.test(url)) return 'worker';
  if (url.startsWith('/api/') && !url.startsWith('/api/docs')) return 'api';
  return 'document';
}
const ASSET_HEADERS = { 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin' };
export const API_HEADERS = {
  ...ASSET_HEADERS,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
};

export interface SecurityOptions {
  appUrl: string;
  allowedOrigins: string[];
  secureCookies: boolean;
  /** index.html's inline scripts, by hash (plugins/spa.ts `inlineScriptHashes`). */
  scriptHashes?: string[];
}

/** Security headers with a real CSP, and the Origin check that backs SameSite=Lax against CSRF. */
export async function registerSecurity(app: FastifyInstance, opts: SecurityOptions) {
  const headers = staticHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(opts.scriptHashes ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // Lessons may link a video file on another https host (ZLessonInput.videoUrl).
        mediaSrc: ["'self'", 'blob:', 'https:'],
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
  const workerHeaders = {
    ...ASSET_HEADERS,
    'content-security-policy': headers['content-security-policy']!,
    'referrer-policy': headers['referrer-policy']!,
  };
  const trusted = new Set([new URL(opts.appUrl).origin, ...opts.allowedOrigins]);
  const originAllowed = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    // Browsers send Origin on every cross-site POST; a request without one is not from a page.
    if (!origin) return request.headers['sec-fetch-site'] !== 'cross-site';
    return trusted.has(origin) || `${request.protocol}://${request.headers.host}` === origin;
  };

  // The policy has no per-request part (no nonces), so helmet's headers are built once, and the
  // hook stays synchronous: this runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    const kind = answerKind(request.url);
    if (kind === 'document') {
      reply.headers(headers);
      reply.header('permissions-policy', onCallPage(request.url) ? PERMISSIONS.call : PERMISSIONS.elsewhere);
    } else reply.headers(kind === 'api' ? API_HEADERS : kind === 'worker' ? workerHeaders : ASSET_HEADERS);
    if (SAFE_METHODS.has(request.method) || originAllowed(request)) done();
    else done(forbidden());
  });
}

/**
 * Lets our own pages frame this one answer (the employer's inline CV view), and no one else:
 * the policy is the same except `frame-ancestors 'self'` instead of 'none'.
 */
export function allowSameOriginFraming(reply: FastifyReply) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string')
    reply.header('content-security-policy', policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
}

function forbidden() {
  return new AppError('CSRF_REJECTED', 'This request came from another site and was refused.');
}

/** The headers helmet would set, captured once from a single run of its middleware. */
function staticHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}
