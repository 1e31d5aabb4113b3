import type { MandateHolder } from '#server/features/payments';
import type { MentorshipDeps } from '../mentorship.deps';
import { mentorshipRepo } from '../mentorship.repo';
import type { Lifecycle } from './subscription-lifecycle';

/**
 * Subscriptions as the holders of gateway mandates (decision 034): payments finds the
 * subscription a Stripe subscription renews, and tells it when Stripe could not collect a
 * renewal (past_due) or ended the subscription (cancelled).
 */
export function subscriptionMandates(
  life: Lifecycle,
  deps: Pick<MentorshipDeps, 'notifications' | 'now'>,
): MandateHolder {
  const { notifications, now } = deps;
  return {
    async find(db, mandate) {
      const s = await mentorshipRepo.findByMandate(db, mandate.gateway, mandate.id);
      return s && { itemId: s.id, buyerId: s.menteeId, payeeId: s.mentorId };
    },

    async lapse(tx, id) {
      const s = await mentorshipRepo.lockSubscription(tx, id);
      if (!s || !['active', 'trialing'].includes(s.status)) return;
      await life.lapse(tx, s, 'The renewal payment for your mentoring was declined.');
    },

    async end(tx, id) {
      const s = await mentorshipRepo.lockSubscription(tx, id);
      if (!s || !['trialing', 'active', 'past_due', 'paused'].includes(s.status)) return;
      const ended = await mentorshipRepo.updateSubscription(tx, s.id, [s.status as 'active'], {
        status: 'cancelled',
        cancelledAt: now(),
        updatedAt: now(),
      });
      if (!ended) return;
      life.announce(tx, 'subscription:updated', ended);
      // Asked for (cancel at the period's end) it needs no news; otherwise Stripe gave up collecting.
      if (s.cancelAtPeriodEnd) return;
      await notifications.notify(
        ended.menteeId,
        {
          type: 'mentorship_subscription',
          title: 'Subscription ended',
          message:
            "Your mentoring subscription ended: the payment provider stopped renewing it. Subscribe again from your mentor's page.",
          link: '/mentorship/mentee',
        },
        tx,
        { emailCopy: true },
      );
    },
  };
}
