import { VERIFY_LINK_INVALID, VERIFY_TOKEN_MISSING, mailTokenProblem } from '#shared/auth/auth.schemas';

export type VerifyState =
  { kind: 'loading'; redirectTo: string } | { kind: 'success' } | { kind: 'failure'; message: string };

export const MISSING_TOKEN = VERIFY_TOKEN_MISSING;
export const VERIFY_NETWORK_ERROR = 'An error occurred during verification. Please try again later.';

/** Servers may encode twice; show words, never percent signs. */
function decodeMessage(raw: string): string {
  if (!/%[0-9a-f]{2}/i.test(raw)) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * /verify-email reads its state from the address: the server's redirect brings `success=true`
 * or `error`; a bare `token` (the link in the email) is handed to the server by navigation.
 */
export function verifyStateFromParams(params: URLSearchParams, online: boolean, apiBase = ''): VerifyState {
  if (params.get('success') === 'true') return { kind: 'success' };
  const error = params.get('error');
  if (error) return { kind: 'failure', message: decodeMessage(error) };
  const token = params.get('token')?.trim();
  if (!token) return { kind: 'failure', message: params.has('success') ? VERIFY_NETWORK_ERROR : MISSING_TOKEN };
  if (mailTokenProblem(token)) return { kind: 'failure', message: VERIFY_LINK_INVALID };
  if (!online) return { kind: 'failure', message: VERIFY_NETWORK_ERROR };
  return { kind: 'loading', redirectTo: `${apiBase}/api/verify-email/direct?token=${encodeURIComponent(token)}` };
}
