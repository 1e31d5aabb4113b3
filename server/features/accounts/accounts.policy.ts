import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TRestriction, TRole } from '#shared/roles';
import { AppError } from '#server/lib/errors';

/**
 * docs/spec.md §6: suspended users are blocked from the areas their suspension names.
 * Each restricted area's routes call this before any rule of their own.
 */
export function assertAreaOpen(user: Pick<TUser, 'suspended' | 'restrictions'>, area: TRestriction): void {
  if (!areaOpen(user, area)) {
    throw new AppError('ACCOUNT_SUSPENDED', 'Your account is suspended from this area.');
  }
}

/** The same rule as a yes or no, for checks that refuse without an error of their own (a 404). */
export function areaOpen(user: Pick<TUser, 'suspended' | 'restrictions'>, area: TRestriction): boolean {
  return !(user.suspended && user.restrictions.includes(area));
}

export function isAdmin(user: { role: TRole } | undefined): boolean {
  return user?.role === 'admin';
}
