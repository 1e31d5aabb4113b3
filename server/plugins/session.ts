import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TRestriction } from '#shared/roles';
import { AppError } from '../lib/errors';
import { assertAreaOpen } from '../features/accounts';
import { isGuard } from './error-answers';
import { guard, ruleOf, type GuardRule } from './guard-rules';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session guards below; null for a visitor. */
    user: TUser | null;
    sessionExpiresAt: Date | null;
  }
  interface FastifyInstance {
    secureCookies: boolean;
    /** Each route's guards' rules, by `METHOD url` (plugins/guard-rules.ts): none for an open route. */
    routeGuards: Map<string, GuardRule[]>;
    /** The session behind a cookie's token, as auth finds it (decorated by the auth module). */
    sessionOf(token: string): Promise<{ user: TUser; expiresAt: Date } | undefined>;
  }
}

export function sessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  return raw && raw.length <= 100 ? raw : undefined;
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: reply.server.secureCookies });
}

/**
 * The request's user, and authorization before anything else (issue 25): every route's guards
 * (the hooks marked with `answering`, wherever a route lists them) run at onRequest, before the
 * body is read or validated. A stranger gets 401 for an invalid body as for a valid one: they
 * learn nothing of the route's schema and cost no parsing. Registered before any route.
 */
export function registerSessionGuards(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionExpiresAt', null);
  const routeGuards = new Map<string, GuardRule[]>();
  app.decorate('routeGuards', routeGuards);
  app.addHook('onRoute', (route) => {
    const hooks = [route.preHandler ?? []].flat();
    const guards = hooks.filter(isGuard);
    const declared = [...[route.onRequest ?? []].flat(), ...guards].flatMap((hook) => ruleOf(hook) ?? []);
    for (const method of [route.method].flat()) routeGuards.set(`${method} ${route.url}`, declared);
    if (guards.length === 0) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), ...guards];
    route.preHandler = hooks.filter((hook) => !isGuard(hook));
  });
}

/** Loads the session's user if there is one; never refuses. */
export async function optionalUser(request: FastifyRequest) {
  if (request.user) return;
  const token = sessionToken(request);
  if (!token) return;
  const found = await request.server.sessionOf(token);
  request.user = found?.user ?? null;
  request.sessionExpiresAt = found?.expiresAt ?? null;
}

export const requireUser = guard({ signedIn: true }, async (request: FastifyRequest) => {
  await optionalUser(request);
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
});

export const requireAdmin = guard({ signedIn: true, admin: 'any' }, async (request: FastifyRequest) => {
  await requireUser(request);
  if (request.user?.role !== 'admin') throw new AppError('FORBIDDEN', 'Only administrators can do this.');
});

/** A guard for the routes of one area: signed in, and that area not closed by a suspension. */
export function requireArea(area: TRestriction) {
  return guard({ signedIn: true, area }, async (request: FastifyRequest) => {
    await requireUser(request);
    assertAreaOpen(request.user!, area);
  });
}

/** For what visitors may read in an area: open without a session, closed to a member suspended from it. */
export function openToVisitors(area: TRestriction) {
  return guard({ signedIn: false, area }, async (request: FastifyRequest) => {
    await optionalUser(request);
    if (request.user) assertAreaOpen(request.user, area);
  });
}

/** A route open to everyone, visitors included: said so, so that the access matrix knows it is meant. */
export const openToAll = guard({ signedIn: false }, async () => undefined);

/** The signed-in user, for handlers behind requireUser. */
export function currentUser(request: FastifyRequest): TUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  return request.user;
}
