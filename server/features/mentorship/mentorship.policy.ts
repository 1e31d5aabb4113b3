import type { TUser } from '#shared/accounts/accounts.schemas';
import { holdsRole } from '#shared/roles';

/**
 * Who may do what in mentorship, as pure functions (decision 031). Suspensions closing the
 * `mentorship` area are refused by the routes' guard before these run.
 */
export type MentorshipAction = 'apply' | 'manage_plans' | 'subscribe' | 'decide_applications';

export function can(user: TUser, action: MentorshipAction): boolean {
  switch (action) {
    case 'apply':
    case 'subscribe':
      // Administrators run the platform; they neither mentor nor buy mentoring.
      return user.role !== 'admin';
    case 'manage_plans':
      return user.role !== 'admin' && holdsRole(user, 'mentor');
    case 'decide_applications':
      return user.role === 'admin';
  }
}

/** The two parties of a subscription, and admins, may see it; only the parties act on it. */
export const isParty = (user: TUser, s: { mentorId: string; menteeId: string }) =>
  user.id === s.mentorId || user.id === s.menteeId;
