import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../lib/errors';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A route's own limit on what one member may do, on top of the shared write limit. */
export interface MemberLimit {
  /** The bucket's name: routes that share a name share a count. */
  name: string;
  max: number;
  windowMs: number;
  /** The 429's `error` sentence. */
  message: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A tighter per-member limit for this route (decision 015); writes also count in WRITE_LIMIT. */
    memberLimit?: MemberLimit;
  }
}

/**
 * Every signed-in member's writes together: 120 a minute, twice what Mastodon allows for all of
 * an account's requests. People never reach it (the busiest real writer, a tutor reordering a
 * syllabus, makes a few a second for a few seconds); a script does, and then waits.
 */
export const WRITE_LIMIT: MemberLimit = {
  name: 'writes',
  max: 120,
  windowMs: MINUTE,
  message: 'You are making changes faster than a person can. Please wait a minute and try again.',
};

/** Limits for writes that store something lasting, where a loop costs storage. */
export const COURSE_CREATION_LIMIT: MemberLimit = {
  name: 'course-create',
  max: 20,
  windowMs: 24 * HOUR,
  message: 'You can create up to 20 courses a day. Please finish or delete a draft, or try again tomorrow.',
};
export const CONTENT_CREATION_LIMIT: MemberLimit = {
  name: 'content-create',
  max: 300,
  windowMs: HOUR,
  message: 'You have added 300 sections and lessons in the last hour, the most an hour allows. Please try again later.',
};

/**
 * One mechanism for every state-changing route: when a route is added, a check goes after its
 * own guards (so the member is known), counting the member's writes in WRITE_LIMIT and, if the
 * route sets `config.memberLimit`, in that bucket too. Writes without a member (sign-up, login,
 * webhooks) keep the per-address and per-account limits of their own routes.
 */
export function registerMemberLimits(app: FastifyInstance) {
  const checks = new Map<string, (request: FastifyRequest, reply: FastifyReply) => Promise<void>>();
  const checkFor = (limit: MemberLimit) => {
    let check = checks.get(limit.name);
    if (!check) {
      check = limiter(app, limit);
      checks.set(limit.name, check);
    }
    return check;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (![route.method].flat().some((m) => WRITES.has(m))) return;
    const own = route.config?.memberLimit;
    // The route's own limit first: when both are reached at once, its message says what to wait for.
    const added = [...(own ? [checkFor(own)] : []), checkFor(WRITE_LIMIT)];
    route.preHandler = [...[route.preHandler ?? []].flat(), ...added];
  });
}

function limiter(app: FastifyInstance, limit: MemberLimit) {
  const check = app.createRateLimit({
    max: limit.max * app.rateLimitScale,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${limit.name}:${request.user!.id}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) return;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError('RATE_LIMITED', limit.message);
  };
}
