import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VERIFY_LINK_INVALID,
  VERIFY_TOKEN_MISSING,
  ZAdminLogin,
  ZLogin,
  ZRegister,
  ZRequestReset,
  ZResendVerification,
  ZResetPassword,
  ZVerifyEmailQuery,
  mailTokenProblem,
} from '#shared/auth/auth.schemas';
import {
  SIGN_IN_LINK_MINUTES,
  SIGN_IN_LINK_SENT,
  ZSignInLinkRequest,
  ZSignInLinkUse,
} from '#shared/auth/sign-in-link.schemas';
import { ZTwoFactorChallenge, ZTwoFactorLogin } from '#shared/auth/two-factor.schemas';
import { ZMessage, ZSessionInfo, ZSessionProbe, ZUser } from '#shared/accounts/accounts.schemas';
import { AppError } from '#server/lib/errors';
import { noContent, OPTIONAL_SESSION } from '#server/plugins/api-operations';
import {
  clearSessionCookie,
  currentUser,
  openToAll,
  optionalUser,
  requireUser,
  sessionToken,
  setSessionCookie,
} from '#server/plugins/session';
import { ADDRESS_LIMITS, EMAIL_LIMITS, type Limit } from './auth-limits';
import type { SignInContext } from './auth.service';
import { deviceToken, setDeviceCookie } from './device-cookie';
import { retryAfterSeconds } from './login-guard';
import { waitPhrase } from './login-limits.policy';
import type { AllServices } from '#server/platform/module';
import type { RealtimeService } from '#server/realtime/realtime.service';

const MINUTE = 60_000;

function signInContext(request: FastifyRequest): SignInContext {
  return {
    meta: { ip: request.ip ?? null, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null },
    previousToken: sessionToken(request),
    deviceToken: deviceToken(request),
  };
}

/** A refused sign-in says when to come back, in its sentence and in Retry-After. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const seconds = retryAfterSeconds(err);
    if (seconds !== undefined) reply.header('retry-after', seconds);
    throw err;
  }
}

export async function authRoutes(
  root: FastifyInstance,
  { auth, realtime }: Pick<AllServices, 'auth'> & { realtime: RealtimeService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const scale = app.rateLimitScale;

  /**
   * Per-address limits run before parsing. The plugin keys them on request.ip (the client address
   * behind TRUST_PROXY's proxies), an IPv6 address by its /64.
   */
  const perIp = ({ max, minutes }: Limit) => ({ rateLimit: { max: max * scale, timeWindow: minutes * MINUTE } });
  /**
   * Per-email and per-account limits need the parsed body, and the plugin runs one limiter per
   * request, so this second limiter is checked by hand in a preHandler.
   */
  const perKey = (
    { max, minutes }: Limit,
    key: (body: Record<string, unknown>) => string | Promise<string>,
    too: string,
  ) => {
    const check = app.createRateLimit({
      max: max * scale,
      timeWindow: minutes * MINUTE,
      keyGenerator: async (req) => `account:${req.routeOptions.url}:${await key(req.body as Record<string, unknown>)}`,
    });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      const now = new Date();
      const wait = waitPhrase(new Date(now.getTime() + result.ttlInSeconds * 1000), now);
      throw new AppError('RATE_LIMITED', `${too} Please try again ${wait}.`);
    };
  };
  const perEmail = (limit: Limit) =>
    perKey(limit, (body) => String(body.email).toLowerCase(), 'Too many emails were asked for this address.');

  const tags = ['auth'];

  app.post(
    '/api/register',
    {
      preHandler: openToAll,
      config: { ...perIp(ADDRESS_LIMITS.register), answers: [409] },
      schema: { tags, body: ZRegister, response: { 201: ZUser } },
    },
    async (request, reply) => reply.status(201).send(await auth.register(request.body, signInContext(request).meta)),
  );

  app.post(
    '/api/resend-verification',
    {
      config: perIp(ADDRESS_LIMITS.resendVerification),
      preHandler: [openToAll, perEmail(EMAIL_LIMITS.resendVerification)],
      schema: { tags, body: ZResendVerification, response: { 200: ZMessage } },
    },
    async (request) => ({ message: await auth.resendVerification(request.body.email) }),
  );

  app.get(
    '/api/verify-email/direct',
    {
      preHandler: openToAll,
      config: perIp(ADDRESS_LIMITS.verifyLink),
      schema: {
        tags,
        summary: "Verify the account's email (the mail's link)",
        querystring: ZVerifyEmailQuery,
        response: {
          302: noContent(
            'To /verify-email?success=true, or /verify-email?error=<why> for a missing, invalid or used link.',
          ),
        },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      try {
        const problem = mailTokenProblem(token);
        if (problem)
          throw new AppError('TOKEN_INVALID', problem === 'missing' ? VERIFY_TOKEN_MISSING : VERIFY_LINK_INVALID);
        await auth.verifyEmail(token!.trim());
        return reply.redirect('/verify-email?success=true');
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return reply.redirect(`/verify-email?error=${encodeURIComponent(err.message)}`);
      }
    },
  );

  app.post(
    '/api/login',
    {
      preHandler: openToAll,
      // Failed attempts per account are limited in the service (login-guard.ts), in the database.
      config: { ...perIp(ADDRESS_LIMITS.login), answers: [401] },
      schema: { tags, body: ZLogin, response: { 200: ZUser } },
    },
    async (request, reply) => {
      const result = await withRetryAfter(reply, () => auth.login(request.body, signInContext(request)));
      setSessionCookie(reply, result.token, result.expiresAt);
      setDeviceCookie(reply, result.deviceToken);
      return result.user;
    },
  );

  app.post(
    '/api/admin/login',
    {
      preHandler: openToAll,
      config: { ...perIp(ADDRESS_LIMITS.adminLogin), answers: [401] },
      // The user, as the spec has it; for an admin with two-factor on, the challenge of the code step (no session yet).
      schema: { tags, body: ZAdminLogin, response: { 200: z.union([ZTwoFactorChallenge, ZUser]) } },
    },
    async (request, reply) => {
      const result = await withRetryAfter(reply, () => auth.adminLogin(request.body, signInContext(request)));
      if ('challenge' in result) return result;
      setSessionCookie(reply, result.token, result.expiresAt);
      setDeviceCookie(reply, result.deviceToken);
      return result.user;
    },
  );

  app.post(
    '/api/admin/login/two-factor',
    {
      preHandler: openToAll,
      config: { ...perIp(ADDRESS_LIMITS.adminLogin), answers: [401] },
      schema: { tags, body: ZTwoFactorLogin, response: { 200: ZUser } },
    },
    async (request, reply) => {
      const result = await withRetryAfter(reply, () => auth.adminLoginCode(request.body, signInContext(request)));
      setSessionCookie(reply, result.token, result.expiresAt);
      setDeviceCookie(reply, result.deviceToken);
      return result.user;
    },
  );

  app.post(
    '/api/sign-in-link',
    {
      config: perIp(ADDRESS_LIMITS.signInLink),
      // Per account, so its username and its email share one budget; unknown names are limited alike.
      // A signed-in caller is loaded so that the request also counts in that member's write limit.
      preHandler: [
        openToAll,
        optionalUser,
        perKey(
          EMAIL_LIMITS.signInLink,
          (body) => auth.signInLink.limitKey(String(body.login)),
          'Too many sign-in links were asked for this account.',
        ),
      ],
      schema: {
        tags,
        summary: 'Mail a one-time sign-in link',
        description: `Offered by a sign-in refused with 429 and \`signInLink: true\`. Answers the same sentence whether or not the account exists; the link works once, for ${SIGN_IN_LINK_MINUTES} minutes (decision 049).`,
        body: ZSignInLinkRequest,
        response: { 200: ZMessage.meta({ examples: [{ message: SIGN_IN_LINK_SENT }] }) },
      },
    },
    async (request) => ({ message: await auth.signInLink.request(request.body.login) }),
  );

  app.post(
    '/api/sign-in-link/use',
    {
      config: perIp(ADDRESS_LIMITS.signInLinkUse),
      preHandler: [openToAll, optionalUser],
      schema: {
        tags,
        summary: 'Sign in with a mailed link',
        description:
          'Uses the link up and signs this browser in, setting the session and device cookies, as a right password does. An admin with two-factor on gets the challenge of `POST /api/admin/login/two-factor` instead (the device cookie is set; the session waits for the code). An invalid, used or expired link, or a deleted account, answers 400 `TOKEN_INVALID`.',
        body: ZSignInLinkUse,
        response: { 200: z.union([ZTwoFactorChallenge, ZUser]) },
      },
    },
    async (request, reply) => {
      const result = await auth.signInLink.use(request.body.token, signInContext(request));
      setDeviceCookie(reply, result.deviceToken);
      if ('challenge' in result) return { twoFactorRequired: result.twoFactorRequired, challenge: result.challenge };
      setSessionCookie(reply, result.token, result.expiresAt);
      return result.user;
    },
  );

  app.post(
    '/api/logout',
    {
      preHandler: openToAll,
      schema: {
        tags,
        summary: 'Sign out',
        // Open to all, but it ends the session whose cookie it is sent.
        security: OPTIONAL_SESSION,
        response: { 204: noContent('Signed out: the session (if any) is ended and its cookie cleared.') },
      },
    },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) {
        await auth.logout(token);
        realtime.endSession(token);
      }
      clearSessionCookie(reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/user',
    { preHandler: requireUser, schema: { tags, response: { 200: ZUser } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return currentUser(request);
    },
  );

  // GET /api/user keeps the spec's contract (401 for no user); this answers a visitor with 200 and
  // null, so that a signed-out page load logs no failed request in the console.
  app.get(
    '/api/session',
    { preHandler: [openToAll, optionalUser], schema: { tags, response: { 200: ZSessionProbe } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.user ?? null };
    },
  );

  app.post(
    '/api/session/extend',
    { preHandler: requireUser, schema: { tags, response: { 200: ZSessionInfo } } },
    async (request, reply) => {
      const token = sessionToken(request)!;
      const expiresAt = await auth.extend(token);
      setSessionCookie(reply, token, expiresAt);
      return { expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/api/request-password-reset',
    {
      config: perIp(ADDRESS_LIMITS.requestReset),
      preHandler: [openToAll, perEmail(EMAIL_LIMITS.requestReset)],
      schema: { tags, body: ZRequestReset, response: { 200: ZMessage } },
    },
    async (request) => ({ message: await auth.requestPasswordReset(request.body.email) }),
  );

  app.post(
    '/api/reset-password',
    {
      preHandler: openToAll,
      config: perIp(ADDRESS_LIMITS.resetPassword),
      schema: { tags, body: ZResetPassword, response: { 200: ZMessage } },
    },
    async (request, reply) => {
      const result = await auth.resetPassword(request.body, deviceToken(request));
      setDeviceCookie(reply, result.deviceToken);
      return { message: result.message };
    },
  );
}
