import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { ruleOf } from './guard-rules';
import { optionalUser, SESSION_COOKIE } from './session';

/** The session cookie as an OpenAPI security scheme: what a native shell's client must keep and send. */
export const SECURITY_SCHEMES = {
  cookieAuth: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The session cookie that POST /api/login (or a sign-in link) sets. A write that carries an Origin header must name this site or one of ALLOWED_ORIGINS (403 CSRF_REJECTED otherwise); a native client that sends none passes.',
  },
} as const;

type SecurityRequirement = Record<string, string[]>;
const REQUIRED: SecurityRequirement[] = [{ cookieAuth: [] }];
/**
 * The empty requirement first: the operation answers visitors too, and reads a session when one
 * is sent. Routes that read the cookie themselves (logout) say so with `security: OPTIONAL_SESSION`.
 */
export const OPTIONAL_SESSION: SecurityRequirement[] = [{}, { cookieAuth: [] }];

type RouteShape = Pick<RouteOptions, 'method' | 'url' | 'onRequest' | 'preHandler'>;

/**
 * Who may call a route, from the guards it already declares (guard-rules.ts), so the document
 * cannot drift from the access matrix: a guard that needs a session makes the cookie required;
 * one that only reads it (openToVisitors, optionalUser) makes it optional; otherwise none.
 */
export function securityOf(route: RouteShape): SecurityRequirement[] {
  // Guards run at onRequest (plugins/session.ts moves them there); optionalUser stays where the route put it.
  const hooks = [route.onRequest ?? [], route.preHandler ?? []].flat();
  const rules = hooks.flatMap((hook) => ruleOf(hook) ?? []);
  if (rules.some((rule) => rule.signedIn)) return REQUIRED;
  if (hooks.includes(optionalUser) || rules.some((rule) => rule.area)) return OPTIONAL_SESSION;
  return [];
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const wordsOf = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
/** The path's segments after /api: `:id` stands for a parameter. */
const segmentsOf = (url: string) =>
  url
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean);

/**
 * A stable camelCase name from the method and the path (GET /api/courses/:id → getCoursesById),
 * unique because method and path are: what client generators name their functions by.
 */
export function operationIdOf(method: string, url: string): string {
  const parts = segmentsOf(url).map((segment) =>
    segment.startsWith(':') ? `By${capitalize(segment.slice(1))}` : wordsOf(segment).map(capitalize).join(''),
  );
  return method.toLowerCase() + parts.join('');
}

/** The same in words (DELETE /api/courses/:id/sections/:sectionId → "Delete courses by id, sections by section id"). */
export function summaryOf(method: string, url: string): string {
  const camel = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const phrase = segmentsOf(url)
    .map((segment) => (segment.startsWith(':') ? ` by ${camel(segment.slice(1))},` : ` ${wordsOf(segment).join(' ')}`))
    .join('')
    .replace(/,$/, '');
  return `${capitalize(method.toLowerCase())}${phrase || ' root'}`;
}

/**
 * What the document says of an operation besides its inputs and answers: its name, a summary
 * (the route's own when it has one), and the session it needs.
 */
export function describeOperation(route: RouteShape, schema: Record<string, unknown>) {
  const method = [route.method].flat().join('');
  return {
    operationId: operationIdOf(method, route.url),
    summary: summaryOf(method, route.url),
    security: securityOf(route),
    ...schema,
  };
}

/** A documented answer without a body (204, or a redirect): the zod provider documents undefined as no content. */
export const noContent = (description: string) => z.undefined().describe(description);

/** Bytes as a handler sends them (Fastify writes buffers and streams as they are), documented as binary. */
const ZBytes = z
  .custom<Uint8Array | NodeJS.ReadableStream | ReadableStream>()
  .meta({ type: 'string', format: 'binary' });

/** A documented download: the handler sends text or bytes of this type, never serialized. */
export const download = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: type.startsWith('text/') ? z.string() : ZBytes } },
});
