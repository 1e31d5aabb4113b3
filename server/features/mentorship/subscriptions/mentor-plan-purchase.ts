import type { DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { PERIOD_DAYS, RENEWAL_NOTICE_DAYS } from '#shared/mentorship/mentorship.schemas';
import { formatMoney, type TCurrency } from '#shared/money';
import type { TPurchaseItem } from '#shared/payments/payments.schemas';
import type { MandateHolder, PurchaseKind, Quote } from '#server/features/payments';
import { can } from '../mentorship.policy';
import { mentorshipRepo } from '../mentorship.repo';
import { addDays, MENTEE_KEYS, type Lifecycle } from './subscription-lifecycle';

const MENTEE_PAGE = '/mentorship/mentee';
const MENTOR_PAGE = '/mentor/dashboard';
const pages = { buyer: MENTEE_PAGE, payee: MENTOR_PAGE };
const refreshKeys = () => ({ buyer: MENTEE_KEYS, payee: [['/api/mentor/subscriptions'], ['/api/mentor/earnings']] });
const planLink = (mentorId: string) => `/mentorship/mentor/${mentorId}`;

function notices(
  item: TPurchaseItem,
  amount: { grossMinor: number; netMinor: number; currency: TCurrency },
  buyerName: string,
  renewal: boolean,
) {
  const paid = formatMoney(amount.grossMinor, amount.currency);
  const share = amount.netMinor > 0 ? formatMoney(amount.netMinor, amount.currency) : 'nothing';
  return {
    buyer: {
      type: 'mentorship_subscription' as const,
      title: renewal ? 'Subscription renewed' : 'Subscription confirmed',
      message: `You paid ${paid} for "${item.title}". Your next ${PERIOD_DAYS} days of mentoring have started.`,
      link: MENTEE_PAGE,
    },
    payee: {
      type: 'mentorship_subscription' as const,
      title: renewal ? 'A subscription was renewed' : 'New mentee subscription',
      message: `${buyerName} ${renewal ? 'renewed' : 'subscribed to'} "${item.title}" for ${paid}; your share is ${share} after the platform fee.`,
      link: MENTOR_PAGE,
    },
  };
}

/**
 * A mentor's plan as something to buy: the first 30 days of a subscription. Payments runs the
 * checkout and calls grant exactly once per paid payment; the subscription copies the price paid.
 */
export function mentorPlanPurchase(life: Lifecycle, now: () => Date): PurchaseKind {
  return {
    kind: 'mentor_plan',
    pages,
    refreshKeys,
    recurring: { intervalDays: PERIOD_DAYS },

    async quote(buyer: TUser, planId: string, tx: DbOrTx): Promise<Quote> {
      const plan = await mentorshipRepo.findPlan(tx, planId);
      if (!plan || !plan.active) throw new AppError('NOT_FOUND', 'Plan not found.');
      if (!can(buyer, 'subscribe')) throw new AppError('FORBIDDEN', 'Administrators do not subscribe to mentors.');
      if (buyer.id === plan.mentorId)
        throw new AppError('FORBIDDEN', 'This is your own plan: you cannot subscribe to it.');
      if (await mentorshipRepo.liveSubscription(tx, planId, buyer.id))
        throw new AppError('CONFLICT', 'You already subscribe to this plan.');
      if (plan.menteeLimit !== null && (await mentorshipRepo.liveCount(tx, planId)) >= plan.menteeLimit) {
        throw new AppError('CONFLICT', 'This plan is full: the mentor takes no more mentees on it for now.');
      }
      if (plan.priceMinor <= 0) throw new AppError('BAD_REQUEST', 'This plan is free: subscribe without paying.');
      return {
        item: { kind: 'mentor_plan', id: plan.id, title: plan.name, link: planLink(plan.mentorId) },
        amountMinor: plan.priceMinor,
        currency: plan.currency as TCurrency,
        payeeId: plan.mentorId,
        successPath: MENTEE_PAGE,
        cancelPath: planLink(plan.mentorId),
      };
    },

    async grant(tx, buyerId, planId, payment, mandate): Promise<boolean> {
      const plan = await mentorshipRepo.findPlan(tx, planId);
      if (!plan) return false;
      const row = await life.start(tx, plan, buyerId, {
        status: 'active',
        priceMinor: payment?.amountMinor ?? plan.priceMinor,
        currency: payment?.currency ?? plan.currency,
        days: PERIOD_DAYS,
        gateway: payment?.gateway,
        mandate,
        notifyMentor: false,
      });
      return Boolean(row);
    },

    async revoke(tx, buyerId, planId) {
      const live = await mentorshipRepo.liveSubscription(tx, planId, buyerId);
      if (!live) return;
      const ended = await mentorshipRepo.updateSubscription(tx, live.id, [live.status as 'active'], {
        status: 'cancelled',
        cancelledAt: now(),
        updatedAt: now(),
      });
      if (ended) life.announce(tx, 'subscription:updated', ended);
    },

    refundBlocker: async () => null,

    async describe(db, ids) {
      const found = new Map((await mentorshipRepo.planNames(db, [...new Set(ids)])).map((p) => [p.id, p]));
      return new Map(
        ids.map((id) => {
          const p = found.get(id);
          return [
            id,
            {
              kind: 'mentor_plan' as const,
              id,
              title: p ? `Mentoring: ${p.name}` : 'A mentoring plan no longer available',
              link: p ? planLink(p.mentorId) : MENTEE_PAGE,
            },
          ];
        }),
      );
    },

    purchaseNotices: (item, amount, buyerName) => notices(item, amount, buyerName, false),
  };
}

/** The next 30 days of a subscription, bought with the test gateway's renewal link (or any gateway's checkout). */
export function mentorRenewalPurchase(life: Lifecycle, now: () => Date, mandates: MandateHolder): PurchaseKind {
  return {
    kind: 'mentor_renewal',
    pages,
    refreshKeys,
    mandates,

    async quote(buyer: TUser, subscriptionId: string, tx: DbOrTx): Promise<Quote> {
      const s = await mentorshipRepo.findSubscription(tx, subscriptionId);
      if (!s || s.menteeId !== buyer.id) throw new AppError('NOT_FOUND', 'Subscription not found.');
      if (!['trialing', 'active', 'past_due'].includes(s.status))
        throw new AppError('CONFLICT', 'This subscription has ended: subscribe to the plan again instead.');
      if (s.cancelAtPeriodEnd)
        throw new AppError('CONFLICT', 'This subscription is set to end with its period. Resume it before renewing.');
      if (s.priceMinor <= 0) throw new AppError('BAD_REQUEST', 'This subscription is free: it renews by itself.');
      if (s.gatewayRef?.renews === 'gateway')
        throw new AppError('CONFLICT', 'This subscription renews by itself with the card you subscribed with.');
      if (s.status === 'active' && addDays(now(), RENEWAL_NOTICE_DAYS) < s.currentPeriodEnd) {
        throw new AppError('CONFLICT', `You can renew from ${RENEWAL_NOTICE_DAYS} days before the period ends.`);
      }
      const [name] = await mentorshipRepo.subscriptionNames(tx, [s.id]);
      return {
        item: {
          kind: 'mentor_renewal',
          id: s.id,
          title: `Renewal: ${name?.name ?? 'mentoring plan'}`,
          link: MENTEE_PAGE,
        },
        amountMinor: s.priceMinor,
        currency: s.currency as TCurrency,
        payeeId: s.mentorId,
        successPath: MENTEE_PAGE,
        cancelPath: MENTEE_PAGE,
      };
    },

    async grant(tx, _buyerId, subscriptionId, _payment, mandate): Promise<boolean> {
      return Boolean(await life.renew(tx, subscriptionId, mandate));
    },

    async revoke(tx, _buyerId, subscriptionId) {
      const s = await mentorshipRepo.findSubscription(tx, subscriptionId);
      if (!s || !['trialing', 'active', 'past_due', 'paused'].includes(s.status)) return;
      const ended = await mentorshipRepo.updateSubscription(tx, s.id, [s.status as 'active'], {
        status: 'cancelled',
        cancelledAt: now(),
        updatedAt: now(),
      });
      if (ended) life.announce(tx, 'subscription:updated', ended);
    },

    refundBlocker: async () => null,

    async describe(db, ids) {
      const found = new Map((await mentorshipRepo.subscriptionNames(db, [...new Set(ids)])).map((p) => [p.id, p]));
      return new Map(
        ids.map((id) => [
          id,
          {
            kind: 'mentor_renewal' as const,
            id,
            title: `Renewal: ${found.get(id)?.name ?? 'a mentoring plan'}`,
            link: MENTEE_PAGE,
          },
        ]),
      );
    },

    purchaseNotices: (item, amount, buyerName) => notices(item, amount, buyerName, true),
  };
}
