import type { FastifyRequest } from 'fastify';
import { requireAdmin } from '#server/plugins/session';
import { requireConfirmedAdmin } from './admin-confirm';

/** The admin routes a visitor may call: the spec's sign-in and its two-factor code step (decision 033). */
const OPEN = new Set(['/api/admin/login', '/api/admin/login/two-factor']);

/**
 * Destructive routes other areas own, which need a fresh password confirmation like the
 * console's own (decision 027). Route patterns as Fastify names them.
 */
const DESTRUCTIVE = new Set<string>(['POST /api/admin/refund-requests/:id/decision']);

/** Another area marks one of its admin routes destructive without editing the console. */
export function markDestructive(method: string, url: string) {
  DESTRUCTIVE.add(`${method} ${url}`);
}

/**
 * Default deny for the whole `/api/admin/` prefix, before the body is even read: a route that
 * forgets its guard is still closed to members (403) and visitors (401). Each route keeps its
 * own guard too, which the API document lists (generated matrix: admin-authz.integration.test.ts).
 */
export async function adminGate(request: FastifyRequest) {
  const url = request.routeOptions.url;
  if (!url?.startsWith('/api/admin/') || OPEN.has(url)) return;
  if (DESTRUCTIVE.has(`${request.method} ${url}`)) await requireConfirmedAdmin(request);
  else await requireAdmin(request);
}
