import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TEarnings } from '#shared/mentorship/mentorship.schemas';
import { AppError } from '#server/lib/errors';
import type { PaymentsService } from '../payments';
import type { PurchaseKind } from '../payments';
import { createApplicationsService } from './applications.service';
import { mentorPlanPurchase, mentorRenewalPurchase } from './subscriptions/mentor-plan-purchase';
import type { MentorshipDeps } from './mentorship.deps';
import { can } from './mentorship.policy';
import { createMentorsService } from './mentors.service';
import { createPlansService } from './plans/plans.service';
import { createReviewRepliesService } from './reviews/review-replies.service';
import { createReviewsService } from './reviews/reviews.service';
import { createLifecycle } from './subscriptions/subscription-lifecycle';
import { subscriptionMandates } from './subscriptions/subscription-mandates';
import { createSubscriptionsService } from './subscriptions/subscriptions.service';

export type { MentorshipDeps } from './mentorship.deps';

/**
 * Mentorship's services, and the purchase kinds it sells through payments (a plan and its
 * renewals), which its module hands to payments once every area is built (index.ts).
 */
export function createMentorship(deps: MentorshipDeps & { payments: PaymentsService }): MentorshipService {
  const { payments } = deps;
  const life = createLifecycle(deps);
  const subscriptions = createSubscriptionsService({ ...deps, life });
  const mentors = createMentorsService(deps);
  return {
    purchaseKinds: [
      mentorPlanPurchase(life, deps.now),
      mentorRenewalPurchase(life, deps.now, subscriptionMandates(life, deps)),
    ],
    applications: createApplicationsService(deps),
    plans: createPlansService(deps),
    mentors,
    reviews: createReviewsService(deps, mentors),
    reviewReplies: createReviewRepliesService(deps),
    subscriptions,
    /** GET /api/mentor/earnings: the mentor's plan sales by month, from payments. */
    async earnings(user: TUser): Promise<TEarnings> {
      if (!can(user, 'manage_plans')) throw new AppError('FORBIDDEN', 'Only mentors have mentoring earnings.');
      return payments.earnings(user.id, ['mentor_plan', 'mentor_renewal'], 'NGN');
    },
  };
}

export interface MentorshipService {
  purchaseKinds: PurchaseKind[];
  applications: ReturnType<typeof createApplicationsService>;
  plans: ReturnType<typeof createPlansService>;
  mentors: ReturnType<typeof createMentorsService>;
  reviews: ReturnType<typeof createReviewsService>;
  reviewReplies: ReturnType<typeof createReviewRepliesService>;
  subscriptions: ReturnType<typeof createSubscriptionsService>;
  earnings(user: TUser): Promise<TEarnings>;
}
