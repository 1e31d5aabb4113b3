import type { TUser } from '#shared/accounts/accounts.schemas';
import { isSelfService } from '#shared/accounts/roles.schemas';
import { holdsRole, ROLE_LABELS, type TRestriction, type TRole } from '#shared/roles';
import { AppError } from '#server/lib/errors';
import { assertAreaOpen } from '../accounts';

/** Why a role cannot be taken from /profile (docs/product.md "How roles change"). */
const REFUSALS: Partial<Record<TRole, string>> = {
  mentor: 'You become a mentor when an admin approves your mentor application: apply at /mentorship/mentor/apply.',
  mentee: 'You become a mentee when you first subscribe to a mentor plan.',
  admin: 'Administrator accounts are never taken on from a profile.',
};

/**
 * The area whose suspension closes a role (RESTRICTION_LABELS): teaching and learning are
 * courses, hiring and looking for work are jobs, a talent profile is talent.
 */
export const ROLE_AREA: Partial<Record<TRole, TRestriction>> = {
  tutor: 'courses',
  student: 'courses',
  employer: 'jobs',
  job_seeker: 'jobs',
  talent: 'talent',
  mentor: 'mentorship',
  mentee: 'mentorship',
};

function assertRoleAreaOpen(user: TUser, role: TRole) {
  const area = ROLE_AREA[role];
  if (area) assertAreaOpen(user, area);
}

/** Admin accounts sign in only at /admin and stay admins: they take no member roles. */
function assertNotAdmin(user: TUser) {
  if (user.role === 'admin') throw new AppError('FORBIDDEN', 'Administrator accounts do not take on member roles.');
}

export function assertMayTake(user: TUser, role: TRole): void {
  assertNotAdmin(user);
  if (!isSelfService(role))
    throw new AppError('FORBIDDEN', REFUSALS[role] ?? `The ${ROLE_LABELS[role]} role cannot be taken on here.`);
  assertRoleAreaOpen(user, role);
}

export function assertMayMakePrimary(user: TUser, role: TRole): void {
  assertNotAdmin(user);
  if (!holdsRole(user, role)) {
    const message = `You do not hold the ${ROLE_LABELS[role]} role: take it on first.`;
    throw new AppError('CONFLICT', message, { role: message });
  }
  assertRoleAreaOpen(user, role);
}

/** Role details are edited by a member who holds the role and whose area is open. */
export function assertMayEditDetails(user: TUser, role: TRole): void {
  if (!holdsRole(user, role)) {
    const message = `Take on the ${ROLE_LABELS[role]} role before filling in its details.`;
    throw new AppError('CONFLICT', message, { role: message });
  }
  assertRoleAreaOpen(user, role);
}
