import type { TUser } from '#shared/accounts/accounts.schemas';
import type { AccountRow, SuspensionRow } from './accounts.repo';

/** The parts of a suspension a user is shown with. */
export type PresentedSuspension = Pick<SuspensionRow, 'restrictions' | 'reason' | 'endsAt'>;

/** The only shape a user leaves the server in: no hash, no token, ever. */
export function presentUser(user: AccountRow, suspension?: PresentedSuspension | null): TUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    role: user.role,
    roles: user.roles,
    emailVerified: user.emailVerified,
    avatarUrl: user.avatarUrl,
    createdAt: user.createdAt.toISOString(),
    suspended: Boolean(suspension),
    restrictions: suspension?.restrictions ?? [],
    suspensionReason: suspension?.reason ?? null,
    suspendedUntil: suspension?.endsAt?.toISOString() ?? null,
    timeZone: user.timeZone,
  };
}
