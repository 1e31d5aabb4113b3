import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ZErrorBody } from '#shared/errors';

/** The 4xx (and 402/502) answers the API document can list, with what each means. */
const DESCRIPTIONS = {
  400: 'The request is invalid: VALIDATION_FAILED with a message per field in `fields` (a NUL character included), or BAD_REQUEST (malformed JSON, a bad token or signature).',
  401: 'Not signed in, or the session has ended (UNAUTHENTICATED, INVALID_CREDENTIALS).',
  402: 'The payment provider does not show this payment as paid (PAYMENT_FAILED).',
  403: "Not allowed: another role's route (FORBIDDEN), an area closed by a suspension (ACCOUNT_SUSPENDED), an unverified email (EMAIL_NOT_VERIFIED), a write from another site (CSRF_REJECTED), a money step under the minimum age (UNDER_AGE), or a destructive admin action without a recent password confirmation (CONFIRMATION_REQUIRED).",
  404: 'Nothing with this id, or nothing the caller may see (NOT_FOUND).',
  409: 'The current state forbids it (CONFLICT, USERNAME_TAKEN, EMAIL_TAKEN).',
  413: 'The body is larger than the route accepts (PAYLOAD_TOO_LARGE).',
  414: 'A path parameter is longer than any id (BAD_REQUEST).',
  415: 'The body is not in a type the route reads: JSON, or multipart for uploads (UNSUPPORTED_MEDIA_TYPE).',
  428: "A step where money moves needs the date of birth first (DATE_OF_BIRTH_REQUIRED) or, under 18, a parent or guardian's consent (GUARDIAN_CONSENT_REQUIRED).",
  429: 'Too many requests: `retry-after` says in how many seconds to try again (RATE_LIMITED).',
  502: 'The payment provider did not answer or refused (GATEWAY_UNAVAILABLE).',
} as const;
export type ErrorStatus = keyof typeof DESCRIPTIONS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers only the service knows it gives (a taken username, a gateway's refusal), for the API document. */
    answers?: ErrorStatus[];
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const guardAnswers = new WeakMap<object, ErrorStatus[]>();

/** Records what a guard can answer (requireUser: 401), so the document lists it for every route that uses the guard. */
export function answering<T extends object>(statuses: ErrorStatus[], guard: T): T {
  guardAnswers.set(guard, statuses);
  return guard;
}

/** Whether a hook is a guard (it was given its answers with `answering`). */
export const isGuard = (hook: unknown): boolean => typeof hook === 'function' && guardAnswers.has(hook);

type RouteShape = Pick<RouteOptions, 'method' | 'onRequest' | 'preHandler' | 'config' | 'schema'>;

/**
 * What a route can answer besides success, derived once from what every route has: its guards,
 * its method, its inputs and its limits. Every route can answer 400 (the NUL rule reads any
 * query); writes can also be refused as from another site, too large, not JSON, or too many.
 */
export function errorAnswersOf(route: RouteShape): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400]);
  const write = [route.method].flat().some((m) => WRITES.has(m));
  // Guards run at onRequest (plugins/session.ts moves them there), or where a route put them.
  const guards = [route.onRequest ?? [], route.preHandler ?? []].flat();
  for (const guard of guards) for (const status of guardAnswers.get(guard) ?? []) statuses.add(status);
  const signedIn = statuses.has(401);
  const schema = (route.schema ?? {}) as { params?: unknown };
  if (schema.params) {
    statuses.add(404);
    statuses.add(414);
  }
  if (write) for (const status of [403, 413, 415] as const) statuses.add(status);
  // Signed-in writes count against the member's write limit (member-limits.ts).
  if (route.config?.rateLimit || route.config?.memberLimit || (write && signedIn)) statuses.add(429);
  for (const status of route.config?.answers ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteShape };

/**
 * The API document's transform: each operation's error answers, all pointing at the one
 * ErrorBody component. Only the document changes; the routes' runtime schemas stay as written.
 */
export function documentErrors(input: TransformInput) {
  const schema = input.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const errors = Object.fromEntries(
    errorAnswersOf(input.route).map((status) => [
      status,
      { description: DESCRIPTIONS[status], content: { 'application/json': { schema: ZErrorBody } } },
    ]),
  );
  return jsonSchemaTransform({
    ...input,
    schema: { ...schema, response: { ...errors, ...(schema.response as object) } },
  });
}

/**
 * The document's components, without those nothing refers to: zod's registry emits an input
 * twin of every output schema (ErrorBodyInput), which only answers use.
 */
export function documentComponents(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const doc = jsonSchemaTransformObject(input);
  const schemas = 'openapi' in doc ? doc.components?.schemas : undefined;
  if (!schemas) return doc;
  for (const name of Object.keys(schemas)) {
    const { [name]: own, ...others } = schemas;
    const elsewhere = JSON.stringify({ ...doc, components: { schemas: others } });
    if (own && !elsewhere.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return doc;
}
