import type { TUser } from '#shared/accounts/accounts.schemas';

/** Only administrators take a credential back by hand; evidence withdrawn revokes by itself. */
export const canRevokeCredentials = (user: Pick<TUser, 'role'> | null) => user?.role === 'admin';
