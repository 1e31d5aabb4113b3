import { describe, expect, it } from 'vitest';
import { MISSING_TOKEN, VERIFY_NETWORK_ERROR, verifyStateFromParams } from './verify-email-state';

const state = (query: string, online = true) => verifyStateFromParams(new URLSearchParams(query), online);

describe('verify-email state', () => {
  it('shows success after the server redirect', () => {
    expect(state('success=true')).toEqual({ kind: 'success' });
  });

  it('shows the decoded error text', () => {
    expect(state('error=This%20link%20has%20expired.')).toEqual({ kind: 'failure', message: 'This link has expired.' });
    expect(state('error=Already%2520used')).toEqual({ kind: 'failure', message: 'Already used' });
  });

  it('hands a token to the server by navigation', () => {
    expect(state('token=abc+/def')).toEqual({
      kind: 'loading',
      redirectTo: '/api/verify-email/direct?token=abc%20%2Fdef',
    });
  });

  it('fails without a token, and when offline', () => {
    expect(state('')).toEqual({ kind: 'failure', message: MISSING_TOKEN });
    expect(state('token=')).toEqual({ kind: 'failure', message: MISSING_TOKEN });
    expect(state('token=abc', false)).toEqual({ kind: 'failure', message: VERIFY_NETWORK_ERROR });
  });
});
