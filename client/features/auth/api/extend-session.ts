import type { TSessionInfo } from '#shared/accounts/accounts.schemas';
import { apiPost } from '#client/lib/api-client';

/** The spec's "session extension call": slides the session's 360 minutes forward. */
export const extendSession = () => apiPost<TSessionInfo>('/api/session/extend');
