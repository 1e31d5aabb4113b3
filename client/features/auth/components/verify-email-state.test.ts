import { describe, expect, it } from 'vitest';
import { VERIFY_LINK_INVALID } from '#shared/auth/auth.schemas';
import { MISSING_TOKEN, VERIFY_NETWORK_ERROR, verifyStateFromParams } from './verify-email-state';

const TOKEN = 'aB3_-'.repeat(8) + 'xyz'; // 43 characters, as mailed

const state = (query: string, online = true) => verifyStateFromParams(new URLSearchParams(query), online);

describe('verify-email state', () => {
  it('shows success after the server redirect', () => {
    expect(state('success=true')).toEqual({ kind: 'success' });
  });

  it('shows the decoded error text', () => {
    expect(state('error=This%20link%20has%20expired.')).toEqual({ kind: 'failure', message: 'This link has expired.' });
    expect(state('error=Already%2520used')).toEqual({ kind: 'failure', message: 'Already used' });
  });

  it('hands a well-formed token to the server by navigation', () => {
    expect(state(`token=${TOKEN}`)).toEqual({ kind: 'loading', redirectTo: `/api/verify-email/direct?token=${TOKEN}` });
    expect(state(`token=%20${TOKEN}%0A`)).toEqual({
      kind: 'loading',
      redirectTo: `/api/verify-email/direct?token=${TOKEN}`,
    });
  });

  it('says a cut-short or mangled token is an invalid or expired link, not a missing one', () => {
    for (const bad of [TOKEN.slice(0, 20), `${TOKEN}x`, 'abc+/def', `${TOKEN.slice(0, 42)}=`]) {
      expect(state(`token=${encodeURIComponent(bad)}`)).toEqual({ kind: 'failure', message: VERIFY_LINK_INVALID });
    }
  });

  it('fails without a token, and when offline', () => {
    expect(state('')).toEqual({ kind: 'failure', message: MISSING_TOKEN });
    expect(state('token=')).toEqual({ kind: 'failure', message: MISSING_TOKEN });
    expect(state(`token=${TOKEN}`, false)).toEqual({ kind: 'failure', message: VERIFY_NETWORK_ERROR });
  });
});
