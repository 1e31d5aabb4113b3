import type { MemberActivity } from '../admin';
import type { DailySource } from '../admin';
import { mentorshipAdminRepo } from './mentorship-admin.repo';

/**
 * The mentorship area in the admin console (issue 16): sessions held by UTC day (one grouped
 * query over an index of the custom migration admin_figures_custom) and a member's mentorship
 * activity. Mentorship revenue is a payments figure (payments-admin-queue.ts): it is paid
 * through the payments area's purchase kinds.
 */

/** Sessions held: completed with both people there (neither a no-show), by the day they started. */
export const sessionsHeldFigures: DailySource = {
  series: [{ key: 'sessionsHeld', label: 'Mentorship sessions held', unit: 'count' }],
  query: (tx, from, to) => mentorshipAdminRepo.sessionsHeld(tx, from, to),
};

export const mentorshipActivity: MemberActivity[] = [
  { label: 'Mentorship sessions as mentor', count: (userId, tx) => mentorshipAdminRepo.sessionsAsMentor(tx, userId) },
  { label: 'Mentorship sessions as mentee', count: (userId, tx) => mentorshipAdminRepo.sessionsAsMentee(tx, userId) },
  {
    label: 'Mentorship subscriptions taken',
    count: (userId, tx) => mentorshipAdminRepo.subscriptionsTaken(tx, userId),
  },
];
