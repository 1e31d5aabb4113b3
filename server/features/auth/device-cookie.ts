import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAIL_TOKEN_PATTERN } from '#shared/auth/auth.schemas';
import { DEVICE_COOKIE_DAYS } from './login-guard';

/**
 * The device cookie (OWASP's "device cookie"): set at each successful sign-in, it lets this
 * browser's right password through while strangers' failures slow the account down elsewhere.
 * Sent only to the API, never readable by scripts.
 */
export const DEVICE_COOKIE = 'device';
const PATH = '/api';

/** The cookie's value if it has the shape of one we issue (the same 43 characters as mail tokens). */
export function deviceToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[DEVICE_COOKIE];
  return raw && MAIL_TOKEN_PATTERN.test(raw) ? raw : undefined;
}

export function setDeviceCookie(reply: FastifyReply, token: string) {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.secureCookies,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}
