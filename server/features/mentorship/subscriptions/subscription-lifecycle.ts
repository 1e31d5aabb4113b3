import { afterCommit } from '#server/db/transaction';
import type { DbOrTx } from '#server/db/client';
import { PAST_DUE_GRACE_DAYS, PERIOD_DAYS, RENEWAL_NOTICE_DAYS } from '#shared/mentorship/mentorship.schemas';
import { formatMoney, type TCurrency } from '#shared/money';
import { holdsRole } from '#shared/roles';
import type { Mandate } from '#server/features/payments';
import type { MentorshipDeps } from '../mentorship.deps';
import { expireJob, periodEndJob, renewalReminderJob } from './mentorship.queue';
import { mentorshipRepo, type PlanRow, type SubscriptionRow } from '../mentorship.repo';

const DAY = 86_400_000;
export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY);

/**
 * How long after a period's end a gateway that bills by itself (Stripe) has to say it renewed,
 * before the period counts as unpaid: Stripe finalizes a renewal invoice about an hour after
 * the period ends, and its webhook may come later still.
 */
export const GATEWAY_RENEWAL_GRACE_DAYS = 1;

/** The gateway renews it: no renewal link is mailed. */
export const gatewayRenews = (s: Pick<SubscriptionRow, 'gatewayRef'>) => Boolean(s.gatewayRef?.mandate);

const refOf = (mandate: Mandate | undefined) =>
  mandate ? { gateway: mandate.gateway, gatewayRef: { mandate: mandate.id, renews: mandate.renews } } : {};

/** The queries a subscription change refreshes for its mentee (the mentor's come with the spec's events). */
export const MENTEE_KEYS = [['/api/mentee/subscriptions'], ['/api/user/payments']];

/**
 * What every way into and through a subscription shares: the free and trial subscribe, the paid
 * one's fulfilment (mentor-plan-purchase.ts) and the renewal. Inside the caller's transaction.
 */
export function createLifecycle(
  deps: Pick<MentorshipDeps, 'accounts' | 'notifications' | 'realtime' | 'jobs' | 'now'>,
) {
  const { accounts, notifications, realtime, jobs, now } = deps;

  function announce(tx: DbOrTx, event: 'subscription:created' | 'subscription:updated', s: SubscriptionRow) {
    afterCommit(tx, () => {
      realtime.emitToUser(s.mentorId, event, { resourceId: s.id });
      realtime.emitToUser(s.menteeId, event, { resourceId: s.id });
      realtime.emitToUser(s.menteeId, 'data:updated', { queryKeys: MENTEE_KEYS });
    });
  }

  /** The jobs of the period that ends at s.currentPeriodEnd. */
  async function schedule(tx: DbOrTx, s: SubscriptionRow) {
    const periodEnd = s.currentPeriodEnd.toISOString();
    const payload = { subscriptionId: s.id, periodEnd };
    if (s.priceMinor > 0 && !gatewayRenews(s)) {
      const remindAt = addDays(s.currentPeriodEnd, -RENEWAL_NOTICE_DAYS);
      await jobs.send(tx, renewalReminderJob, payload, { startAfter: remindAt > now() ? remindAt : now() });
    }
    const grace = s.gatewayRef?.renews === 'gateway' && !s.cancelAtPeriodEnd ? GATEWAY_RENEWAL_GRACE_DAYS : 0;
    await jobs.send(tx, periodEndJob, payload, { startAfter: addDays(s.currentPeriodEnd, grace) });
  }

  return {
    announce,
    schedule,

    /**
     * A new subscription on the plan's terms (the price actually paid for a paid one). Undefined
     * when the mentee already has a live one on this plan: the partial unique index decides.
     */
    async start(
      tx: DbOrTx,
      plan: PlanRow,
      menteeId: string,
      opts: {
        status: 'trialing' | 'active';
        priceMinor: number;
        currency: string;
        days: number;
        gateway?: string;
        mandate?: Mandate;
        notifyMentor: boolean;
      },
    ): Promise<SubscriptionRow | undefined> {
      const at = now();
      const row = await mentorshipRepo.insertSubscription(tx, {
        planId: plan.id,
        mentorId: plan.mentorId,
        menteeId,
        status: opts.status,
        priceMinor: opts.priceMinor,
        currency: opts.currency,
        sessionsPerMonth: plan.sessionsPerMonth,
        sessionMinutes: plan.sessionMinutes,
        currentPeriodStart: at,
        currentPeriodEnd: addDays(at, opts.days),
        gateway: opts.gateway ?? null,
        ...refOf(opts.mandate),
        createdAt: at,
        updatedAt: at,
      });
      if (!row) return undefined;
      // docs/product.md "How roles change": the first subscription adds the mentee role, primary for a member who had only the general one.
      const mentee = await accounts.findById(menteeId, tx);
      if (mentee && !holdsRole(mentee, 'mentee'))
        await accounts.grantRole(menteeId, 'mentee', mentee.role === 'general', tx);
      if (opts.notifyMentor) {
        const who = (await accounts.person(menteeId, null, tx))?.fullName ?? 'A member';
        const what = opts.status === 'trialing' ? `started a ${opts.days}-day free trial of` : 'subscribed to';
        await notifications.notify(
          plan.mentorId,
          {
            type: 'mentorship_subscription',
            title: 'New mentee',
            message: `${who} ${what} your plan "${plan.name}".`,
            actorId: menteeId,
            link: '/mentor/dashboard',
          },
          tx,
        );
      }
      await schedule(tx, row);
      announce(tx, 'subscription:created', row);
      return row;
    },

    /**
     * A paid (or free) next period: from the current end while it runs, from now once it lapsed
     * (past_due). A paused one stays paused and its (already moved) end moves 30 days on: Stripe
     * bills on its own calendar, pause or not. Undefined when the subscription is over
     * (cancelled, expired). A new mandate (a renewal paid through Paystack's page) replaces the
     * stored one.
     */
    async renew(tx: DbOrTx, id: string, mandate?: Mandate): Promise<SubscriptionRow | undefined> {
      const s = await mentorshipRepo.lockSubscription(tx, id);
      if (!s || !['trialing', 'active', 'past_due', 'paused'].includes(s.status)) return undefined;
      const at = now();
      const paused = s.status === 'paused';
      const start = !paused && (s.status === 'past_due' || s.currentPeriodEnd < at) ? at : s.currentPeriodEnd;
      const renewed = await mentorshipRepo.updateSubscription(tx, id, [s.status as 'active'], {
        status: paused ? 'paused' : 'active',
        currentPeriodStart: paused ? s.currentPeriodStart : start,
        currentPeriodEnd: addDays(start, PERIOD_DAYS),
        ...refOf(mandate),
        updatedAt: at,
      });
      if (!renewed) return undefined;
      await schedule(tx, renewed);
      announce(tx, 'subscription:updated', renewed);
      return renewed;
    },

    /**
     * Unpaid: past_due now, expired after the grace unless paid meanwhile, and the mentee told by
     * mail, with the renewal link unless the gateway itself retries (Stripe). Undefined when the
     * subscription moved on meanwhile.
     */
    async lapse(tx: DbOrTx, s: SubscriptionRow, why: string): Promise<SubscriptionRow | undefined> {
      const due = await mentorshipRepo.updateSubscription(tx, s.id, [s.status as 'active'], {
        status: 'past_due',
        updatedAt: now(),
      });
      if (!due) return undefined;
      announce(tx, 'subscription:updated', due);
      await jobs.send(
        tx,
        expireJob,
        { subscriptionId: due.id, periodEnd: due.currentPeriodEnd.toISOString() },
        { startAfter: addDays(due.currentPeriodEnd, PAST_DUE_GRACE_DAYS) },
      );
      const retried = due.gatewayRef?.renews === 'gateway';
      const message = `${why} ${retried ? `Your card is tried again; without payment within ${PAST_DUE_GRACE_DAYS} days the subscription ends.` : `Renew within ${PAST_DUE_GRACE_DAYS} days to keep your mentor.`}`;
      const link = retried ? '/mentorship/mentee' : `/mentorship/mentee?renew=${due.id}`;
      await notifications.notify(
        due.menteeId,
        { type: 'mentorship_subscription', title: 'Payment due', message, link },
        tx,
        { emailCopy: true },
      );
      return due;
    },

    price: (s: Pick<SubscriptionRow, 'priceMinor' | 'currency'>) => formatMoney(s.priceMinor, s.currency as TCurrency),
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
