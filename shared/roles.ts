import { z } from 'zod';

/** docs/spec.md §1 names these roles; "job seeker" is stored as job_seeker. */
export const ROLES = [
  'general',
  'mentor',
  'mentee',
  'tutor',
  'student',
  'job_seeker',
  'employer',
  'talent',
  'admin',
] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** Whether the member holds `role` among all their roles (not only the primary one). */
export function holdsRole(user: { roles: readonly TRole[] } | null | undefined, role: TRole): boolean {
  return Boolean(user?.roles.includes(role));
}

/** docs/product.md "Capabilities": creating courses needs tutor or mentor, held in any place, primary or not. */
export const canTeach = (user: { roles: readonly TRole[] } | null | undefined) =>
  holdsRole(user, 'tutor') || holdsRole(user, 'mentor');

/** Areas a suspension can close (docs/product.md "Suspension"). */
export const RESTRICTIONS = ['courses', 'jobs', 'mentorship', 'talent', 'chat', 'profile_hidden'] as const;
export const ZRestriction = z.enum(RESTRICTIONS);
export type TRestriction = z.infer<typeof ZRestriction>;

export const RESTRICTION_LABELS: Record<TRestriction, string> = {
  courses: 'Courses: browsing, enrolling and teaching',
  jobs: 'Jobs: applying and posting',
  mentorship: 'Mentorship: plans, subscriptions and sessions',
  talent: 'Talent and gigs: posting, bidding and your talent profile',
  chat: 'Chat and video calls',
  profile_hidden: 'Your profile is hidden from other members',
};

/** How a role is named to people (profile, admin lists). */
export const ROLE_LABELS: Record<TRole, string> = {
  general: 'General',
  mentor: 'Mentor',
  mentee: 'Mentee',
  tutor: 'Tutor',
  student: 'Student',
  job_seeker: 'Job seeker',
  employer: 'Employer',
  talent: 'Talent',
  admin: 'Admin',
};
