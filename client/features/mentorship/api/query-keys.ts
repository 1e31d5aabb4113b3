/**
 * Query keys are the request paths split at their ids (shared/realtime/events.ts), so that the
 * spec's events (mentor_plan:*, subscription:*) refresh exactly these.
 */
export const ownPlansKey = ['/api/mentor/plans'] as const;
export const mentorPlansKey = (mentorId: string) => ['/api/mentors', mentorId, 'plans'] as const;
export const mentorsKey = ['/api/mentors'] as const;
export const mentorKey = (mentorId: string) => ['/api/mentors', mentorId] as const;
export const mentorSubscriptionsKey = ['/api/mentor/subscriptions'] as const;
export const menteeSubscriptionsKey = ['/api/mentee/subscriptions'] as const;
export const earningsKey = ['/api/mentor/earnings'] as const;
export const myApplicationsKey = ['/api/mentorship/applications'] as const;
export const applicationQueueKey = ['/api/admin/mentor-applications'] as const;
export const reviewsKey = (mentorId: string) => ['/api/mentorship/reviews', mentorId] as const;
