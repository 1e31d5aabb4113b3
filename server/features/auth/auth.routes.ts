import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminLogin,
  ZLogin,
  ZRegister,
  ZRequestReset,
  ZResendVerification,
  ZResetPassword,
  ZVerifyEmailQuery,
} from '../../../shared/auth/auth.schemas';
import { ZMessage, ZSessionInfo, ZUser } from '../../../shared/accounts/accounts.schemas';
import { AppError } from '../../lib/errors';
import { clearSessionCookie, currentUser, requireUser, sessionToken, setSessionCookie } from '../../plugins/session';
import type { ClientMeta } from './auth.service';

const MINUTE = 60_000;

function meta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
}

export async function authRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { auth } = app.services;
  const scale = app.rateLimitScale;

  /** Per-IP limits run before parsing; per-account limits need the parsed body. */
  const perIp = (max: number, minutes: number) => ({ rateLimit: { max: max * scale, timeWindow: minutes * MINUTE } });
  /**
   * Per-account limits need the parsed body, and the plugin runs one limiter per request, so
   * this second limiter is checked by hand in a preHandler.
   */
  const perAccount = (field: 'username' | 'email', max: number, minutes: number) => {
    const check = app.createRateLimit({
      max: max * scale,
      timeWindow: minutes * MINUTE,
      keyGenerator: (req) => `account:${req.routeOptions.url}:${String((req.body as Record<string, unknown>)[field]).toLowerCase()}`,
    });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError('RATE_LIMITED', 'Too many attempts for this account. Please wait a few minutes and try again.');
    };
  };

  const tags = ['auth'];

  app.post(
    '/api/register',
    { config: { ...perIp(20, 60), answers: [409] }, schema: { tags, body: ZRegister, response: { 201: ZUser } } },
    async (request, reply) => reply.status(201).send(await auth.register(request.body)),
  );

  app.post(
    '/api/resend-verification',
    {
      config: perIp(20, 60),
      preHandler: perAccount('email', 5, 60),
      schema: { tags, body: ZResendVerification, response: { 200: ZMessage } },
    },
    async (request) => ({ message: await auth.resendVerification(request.body.email) }),
  );

  app.get(
    '/api/verify-email/direct',
    { config: perIp(60, 60), schema: { tags, querystring: ZVerifyEmailQuery } },
    async (request, reply) => {
      const { token } = request.query;
      try {
        if (!token) throw new AppError('TOKEN_INVALID', 'Missing verification token. Please check your email link and try again.');
        await auth.verifyEmail(token);
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
      config: { ...perIp(50, 15), answers: [401] },
      preHandler: perAccount('username', 10, 15),
      schema: { tags, body: ZLogin, response: { 200: ZUser } },
    },
    async (request, reply) => {
      const result = await auth.login(request.body, meta(request), sessionToken(request));
      setSessionCookie(reply, result.token, result.expiresAt);
      return result.user;
    },
  );

  app.post(
    '/api/admin/login',
    {
      config: { ...perIp(30, 15), answers: [401] },
      preHandler: perAccount('email', 10, 15),
      schema: { tags, body: ZAdminLogin, response: { 200: ZUser } },
    },
    async (request, reply) => {
      const result = await auth.adminLogin(request.body, meta(request), sessionToken(request));
      setSessionCookie(reply, result.token, result.expiresAt);
      return result.user;
    },
  );

  app.post('/api/logout', { schema: { tags } }, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await auth.logout(token);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.get(
    '/api/user',
    { preHandler: requireUser, schema: { tags, response: { 200: ZUser } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return currentUser(request);
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
      config: perIp(20, 60),
      preHandler: perAccount('email', 5, 60),
      schema: { tags, body: ZRequestReset, response: { 200: ZMessage } },
    },
    async (request) => ({ message: await auth.requestPasswordReset(request.body.email) }),
  );

  app.post(
    '/api/reset-password',
    { config: perIp(30, 60), schema: { tags, body: ZResetPassword, response: { 200: ZMessage } } },
    async (request) => ({ message: await auth.resetPassword(request.body) }),
  );
}
