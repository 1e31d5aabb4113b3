import type { FastifyRequest } from 'fastify';

/**
 * The pattern of the route a request matched (`/api/courses/:id`), or undefined for none: what
 * `request.routeOptions.url` answers, read without it. That getter builds a fresh object of
 * thirteen fields on each read, and on every request that was 4 % of a cheap route's CPU
 * (`npm run bench -- --only=metrics`: with metrics / without 1.06x, 1.02x without the getter;
 * decision 068's addendum). The route's context, which the getter reads its `url` from, is a
 * field under Fastify's own symbol (`fastify.context`, the one `request.is404` reads too),
 * found once; should a Fastify release rename it, the getter answers instead.
 */
let contextKey: symbol | null | undefined;

export function routePattern(request: FastifyRequest): string | undefined {
  if (contextKey === undefined)
    contextKey = Object.getOwnPropertySymbols(request).find((s) => s.description === 'fastify.context') ?? null;
  const context = contextKey ? (request as unknown as Record<symbol, { config?: { url?: string } }>)[contextKey] : null;
  return context ? context.config?.url : request.routeOptions.url;
}
