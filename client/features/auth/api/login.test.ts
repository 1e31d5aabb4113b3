import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '#client/lib/api-client';
import { loginErrorMessage } from './login';

const apiError = (status: number, body: object) => new ApiError(status, JSON.stringify(body), body);

describe('loginErrorMessage', () => {
  it('asks an unverified user to verify their email', () => {
    const err = apiError(403, { error: 'Please verify your email address first', code: 'EMAIL_NOT_VERIFIED' });
    expect(loginErrorMessage(err)).toBe('Please verify your email before logging in.');
  });

  it("shows the server's words, or Invalid credentials", () => {
    expect(loginErrorMessage(apiError(429, { error: 'Too many attempts. Try again in a minute.' }))).toBe(
      'Too many attempts. Try again in a minute.',
    );
    expect(loginErrorMessage(new ApiError(401, 'Unauthorized', undefined))).toBe('Invalid credentials');
  });

  it('says when the server could not be reached', () => {
    expect(loginErrorMessage(new NetworkError(new TypeError('Failed to fetch')))).toMatch(/connection/);
  });
});
