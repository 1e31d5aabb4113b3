import { describe, expect, it } from 'vitest';
import { ZSignInLinkUse, SIGN_IN_LINK_INVALID, SIGN_IN_LINK_MISSING } from '#shared/auth/sign-in-link.schemas';
import { ApiError, NetworkError } from '#client/lib/api-client';
import { offersSignInLink } from './sign-in-link';

const apiError = (status: number, body: object) => new ApiError(status, JSON.stringify(body), body);

describe('offersSignInLink', () => {
  it('offers the link on a sign-in the account lock refused', () => {
    expect(offersSignInLink(apiError(429, { error: 'Too many…', code: 'RATE_LIMITED', signInLink: true }))).toBe(true);
  });

  it('offers nothing for a wrong password, a flood limit or no answer', () => {
    expect(offersSignInLink(apiError(401, { error: 'Invalid credentials', code: 'INVALID_CREDENTIALS' }))).toBe(false);
    expect(offersSignInLink(apiError(429, { error: 'Too many attempts.', code: 'RATE_LIMITED' }))).toBe(false);
    expect(offersSignInLink(new NetworkError(new Error('offline')))).toBe(false);
  });
});

describe('the link page reads its token as the route does', () => {
  const token = ZSignInLinkUse.shape.token;
  it('tells a missing token from a cut-short one', () => {
    expect(token.safeParse('').error?.issues[0]?.message).toBe(SIGN_IN_LINK_MISSING);
    expect(token.safeParse('abc').error?.issues[0]?.message).toBe(SIGN_IN_LINK_INVALID);
    expect(token.safeParse(` ${'a'.repeat(43)} `).data).toBe('a'.repeat(43));
  });
});
