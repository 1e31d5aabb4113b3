import { ZConfirmed } from '#shared/admin/admin.schemas';
import { apiPost, isApiError } from '#client/lib/api-client';

/** POST /api/admin/confirm: the admin's password again, for 15 minutes of destructive actions. */
export async function confirmPassword(password: string) {
  return ZConfirmed.parse(await apiPost<unknown>('/api/admin/confirm', { password }));
}

/** The server's "type your password again" answer (403 CONFIRMATION_REQUIRED). */
export const needsConfirmation = (err: unknown) => isApiError(err, 403) && err.body?.code === 'CONFIRMATION_REQUIRED';
