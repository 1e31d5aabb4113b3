import { AppError } from '#server/lib/errors';
import { transaction } from '#server/db/transaction';
import type { DbOrTx } from '#server/db/client';
import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  LIVE_STATUSES,
  PERIOD_DAYS,
  type TSubscription,
  type TSubscriptionStatus,
} from '#shared/mentorship/mentorship.schemas';
import { formatMoney, type TCurrency } from '#shared/money';
import type { PaymentsService } from '#server/features/payments';
import type { MentorshipDeps } from '../mentorship.deps';
import { resumeJob } from './mentorship.queue';
import { can, isParty } from '../mentorship.policy';
import { mayPause, presentSubscription } from '../mentorship.presenter';
import { mentorshipRepo, type SubscriptionRow } from '../mentorship.repo';
import { addDays, gatewayRenews, type Lifecycle } from './subscription-lifecycle';
import { createGatewayBilling } from './subscription-billing';

const notFound = () => new AppError('NOT_FOUND', 'Subscription not found.');
const dateOf = (d: Date) =>
  new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' }).format(d);
const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status);

/**
 * Subscribing, the two dashboards' lists, cancel, pause, renew, and the subscription's clock
 * (issue 15 item 3, decision 031). Payments sells the paid periods (mentor-plan-purchase.ts).
 */
export function createSubscriptionsService(deps: MentorshipDeps & { payments: PaymentsService; life: Lifecycle }) {
  const { db, notifications, moneySteps, payments, life, now } = deps;

  async function view(tx: DbOrTx, user: TUser, id: string): Promise<TSubscription> {
    const [row] = await mentorshipRepo.subscriptionsWithPeople(tx, { id }, now());
    if (!row) throw notFound();
    return presentSubscription(row, user, now());
  }

  /** A party's subscription, locked; anyone else gets the 404 of a missing one. */
  async function partyLocked(tx: DbOrTx, user: TUser, id: string): Promise<SubscriptionRow> {
    const s = await mentorshipRepo.lockSubscription(tx, id);
    if (!s || !isParty(user, s)) throw notFound();
    return s;
  }

  async function change(tx: DbOrTx, s: SubscriptionRow, values: Partial<SubscriptionRow>): Promise<SubscriptionRow> {
    const row = await mentorshipRepo.updateSubscription(tx, s.id, [s.status as TSubscriptionStatus], {
      ...values,
      updatedAt: now(),
    });
    if (!row) throw new AppError('CONFLICT', 'This subscription changed meanwhile. Reload and try again.');
    life.announce(tx, 'subscription:updated', row);
    return row;
  }

  /** The partial refund of the payment that bought the current period (the first one or a renewal). */
  async function refundUnused(tx: DbOrTx, s: SubscriptionRow, amountMinor: number) {
    const items = [
      { kind: 'mentor_plan', itemId: s.planId },
      { kind: 'mentor_renewal', itemId: s.id },
    ];
    const payment = await payments.partialRefunds.latestPaid(tx, s.menteeId, items);
    return payment
      ? payments.partialRefunds.open(
          tx,
          payment,
          amountMinor,
          'the unused days of a mentorship subscription the mentor ended early',
        )
      : undefined;
  }

  /** What reached the gateway now; a gateway that cannot be reached leaves it to payments' job. */
  async function refundNow(refundId: string): Promise<number> {
    try {
      const done = await payments.partialRefunds.complete(refundId);
      return done?.status === 'succeeded' ? done.amountMinor : 0;
    } catch (err) {
      deps.log.warn({ err, refundId }, 'partial refund not reached yet: the job tries again');
      return 0;
    }
  }

  const gatewayBilling = createGatewayBilling(payments);

  /** Before a cancel: Stripe is told first, so a gateway that cannot be reached changes nothing. */
  async function stopGatewayBilling(user: TUser, id: string, immediately: boolean) {
    const s = await mentorshipRepo.findSubscription(db, id);
    if (
      !s ||
      !isParty(user, s) ||
      !isLive(s.status) ||
      (immediately && user.id !== s.mentorId) ||
      (!immediately && s.cancelAtPeriodEnd)
    )
      return;
    await gatewayBilling.stop(s, { atPeriodEnd: !immediately });
  }

  /** A Paystack subscription's period end: its stored card is charged for the next period. */
  async function chargeMandate(id: string, periodEnd: string) {
    const s = await mentorshipRepo.findSubscription(db, id);
    if (
      !s ||
      s.currentPeriodEnd.toISOString() !== periodEnd ||
      !['active', 'trialing'].includes(s.status) ||
      s.cancelAtPeriodEnd ||
      s.priceMinor <= 0
    )
      return 'none';
    return gatewayBilling.charge(s);
  }

  const tellMentee = (tx: DbOrTx, s: SubscriptionRow, title: string, message: string, email = false) =>
    notifications.notify(
      s.menteeId,
      { type: 'mentorship_subscription', title, message, link: '/mentorship/mentee' },
      tx,
      { emailCopy: email },
    );

  return {
    /** A free plan or a trial: 201 the subscription. A paid plan: the checkout's { url }. */
    async subscribe(
      user: TUser,
      planId: string,
    ): Promise<{ created: true; subscription: TSubscription } | { created: false; url: string }> {
      const plan = await mentorshipRepo.findPlan(db, planId);
      if (!plan || !plan.active) throw new AppError('NOT_FOUND', 'Plan not found.');
      if (!can(user, 'subscribe')) throw new AppError('FORBIDDEN', 'Administrators do not subscribe to mentors.');
      if (user.id === plan.mentorId)
        throw new AppError('FORBIDDEN', 'This is your own plan: you cannot subscribe to it.');
      const trial =
        plan.priceMinor > 0 && plan.trialDays > 0 && !(await mentorshipRepo.everSubscribed(db, planId, user.id));
      if (plan.priceMinor > 0 && !trial) {
        const session = await payments.checkout(user, 'mentor_plan', planId);
        return { created: false, url: session.url };
      }
      // A trial turns into payments: the same age gate as a checkout.
      if (trial) await moneySteps.requireMoneyConsent(user.id);
      const id = await transaction(db, async (tx) => {
        const locked = await mentorshipRepo.lockPlan(tx, planId);
        if (!locked || !locked.active) throw new AppError('NOT_FOUND', 'Plan not found.');
        if (locked.menteeLimit !== null && (await mentorshipRepo.liveCount(tx, planId)) >= locked.menteeLimit) {
          throw new AppError('CONFLICT', 'This plan is full: the mentor takes no more mentees on it for now.');
        }
        const row = await life.start(tx, locked, user.id, {
          status: trial ? 'trialing' : 'active',
          priceMinor: locked.priceMinor,
          currency: locked.currency,
          days: trial ? locked.trialDays : PERIOD_DAYS,
          notifyMentor: true,
        });
        if (!row) throw new AppError('CONFLICT', 'You already subscribe to this plan.');
        return row.id;
      });
      return { created: true, subscription: await view(db, user, id) };
    },

    /** The next period's checkout (the renewal link's page calls it). */
    async renew(user: TUser, id: string): Promise<{ url: string }> {
      const session = await payments.checkout(user, 'mentor_renewal', id);
      return { url: session.url };
    },

    async ofMentor(user: TUser): Promise<{ subscriptions: TSubscription[] }> {
      if (!can(user, 'manage_plans')) throw new AppError('FORBIDDEN', 'Only mentors have subscribers.');
      const rows = await mentorshipRepo.subscriptionsWithPeople(db, { mentorId: user.id }, now());
      return { subscriptions: rows.map((r) => presentSubscription(r, user, now())) };
    },

    async ofMentee(user: TUser): Promise<{ subscriptions: TSubscription[] }> {
      const rows = await mentorshipRepo.subscriptionsWithPeople(db, { menteeId: user.id }, now());
      return { subscriptions: rows.map((r) => presentSubscription(r, user, now())) };
    },

    /**
     * Either side: at the period's end. The mentor may end it now instead; the unused share of a
     * paid period goes back to the mentee through payments (a partial refund of the payment that
     * bought the period, fixed in this transaction, made right after it or by payments' job).
     */
    async cancel(
      user: TUser,
      id: string,
      opts: { immediately?: boolean },
    ): Promise<TSubscription & { refundedMinor: number; refundDueMinor: number }> {
      await stopGatewayBilling(user, id, Boolean(opts.immediately));
      let refundDueMinor = 0;
      let refundId: string | undefined;
      await transaction(db, async (tx) => {
        const s = await partyLocked(tx, user, id);
        if (!isLive(s.status)) throw new AppError('CONFLICT', 'This subscription has already ended.');
        const byMentor = user.id === s.mentorId;
        if (opts.immediately && !byMentor)
          throw new AppError('FORBIDDEN', 'Only the mentor can end a subscription before its period ends.');
        if (opts.immediately) {
          const at = now();
          const left = Math.max(0, s.currentPeriodEnd.getTime() - at.getTime());
          const span = s.currentPeriodEnd.getTime() - s.currentPeriodStart.getTime();
          if (s.status === 'active' && s.priceMinor > 0 && span > 0)
            refundDueMinor = Math.floor((s.priceMinor * left) / span);
          const ended = await change(tx, s, { status: 'cancelled', cancelledAt: at, cancelAtPeriodEnd: false });
          let owed = '';
          if (refundDueMinor > 0) {
            const refund = await refundUnused(tx, s, refundDueMinor);
            refundId = refund?.id;
            refundDueMinor = refund?.amountMinor ?? refundDueMinor;
            const money = formatMoney(refundDueMinor, s.currency as TCurrency);
            owed = refund
              ? ` ${money} for the unused days is refunded to you, the way you paid.`
              : ` You are owed ${money} for the unused days; support will refund it.`;
            if (!refund)
              deps.log.warn(
                { subscriptionId: s.id, refundDueMinor, currency: s.currency },
                'mentor ended a paid subscription early: no payment to refund',
              );
          }
          await tellMentee(
            tx,
            ended,
            'Your mentor ended your subscription',
            `Your mentor ended your subscription today.${owed}`,
            true,
          );
          return;
        }
        if (s.cancelAtPeriodEnd) return;
        await change(tx, s, { cancelAtPeriodEnd: true });
        const end = dateOf(s.currentPeriodEnd);
        if (byMentor)
          await tellMentee(
            tx,
            s,
            'Your mentor will end your subscription',
            `Your mentor will not continue after ${end}. Your sessions until then stay booked.`,
          );
        else
          await notifications.notify(
            s.mentorId,
            {
              type: 'mentorship_subscription',
              title: 'A mentee is leaving',
              message: `A mentee cancelled; their subscription ends on ${end}.`,
              link: '/mentor/dashboard',
            },
            tx,
          );
      });
      return { ...(await view(db, user, id)), refundedMinor: refundId ? await refundNow(refundId) : 0, refundDueMinor };
    },

    /** The mentee pauses once per 90 days for up to 30: the period end moves by the pause. */
    async pause(user: TUser, id: string, days: number): Promise<TSubscription> {
      await transaction(db, async (tx) => {
        const s = await partyLocked(tx, user, id);
        if (user.id !== s.menteeId) throw new AppError('FORBIDDEN', 'Only the mentee can pause a subscription.');
        if (!mayPause(s, now()))
          throw new AppError(
            'CONFLICT',
            s.status === 'active' ? 'You can pause once every 90 days.' : 'Only an active subscription can be paused.',
          );
        const at = now();
        const pausedUntil = addDays(at, days);
        const paused = await change(tx, s, {
          status: 'paused',
          pausedUntil,
          lastPausedAt: at,
          currentPeriodEnd: addDays(s.currentPeriodEnd, days),
        });
        await deps.jobs.send(
          tx,
          resumeJob,
          { subscriptionId: paused.id, pausedUntil: pausedUntil.toISOString() },
          { startAfter: pausedUntil },
        );
      });
      return view(db, user, id);
    },

    // The clock (mentorship.queue.ts): each does nothing when the subscription moved on since.
    async remindRenewal(id: string, periodEnd: string): Promise<void> {
      const s = await mentorshipRepo.findSubscription(db, id);
      if (
        !s ||
        s.currentPeriodEnd.toISOString() !== periodEnd ||
        !['active', 'trialing'].includes(s.status) ||
        s.cancelAtPeriodEnd ||
        s.priceMinor <= 0
      )
        return;
      // The gateway renews it by itself: no link to pay by hand.
      if (gatewayRenews(s)) return;
      const [name] = await mentorshipRepo.subscriptionNames(db, [id]);
      await notifications.notify(
        s.menteeId,
        {
          type: 'mentorship_subscription',
          title: 'Renew your mentoring',
          message: `Your subscription to "${name?.name ?? 'your mentor'}" ends on ${dateOf(s.currentPeriodEnd)}. Renew it for ${life.price(s)} to keep your sessions.`,
          link: `/mentorship/mentee?renew=${s.id}`,
        },
        db,
        { emailCopy: true },
      );
    },

    async endPeriod(id: string, periodEnd: string): Promise<void> {
      if ((await chargeMandate(id, periodEnd)) === 'paid') return;
      await transaction(db, async (tx) => {
        const s = await mentorshipRepo.lockSubscription(tx, id);
        if (!s || s.currentPeriodEnd.toISOString() !== periodEnd || !['active', 'trialing'].includes(s.status)) return;
        if (s.cancelAtPeriodEnd) {
          await change(tx, s, { status: 'cancelled', cancelledAt: now() });
          return;
        }
        if (s.priceMinor <= 0) {
          await life.renew(tx, s.id);
          return;
        }
        const why =
          s.gatewayRef?.renews === 'charge'
            ? 'Your card was declined for the renewal of your mentoring.'
            : 'Your mentoring period ended without a renewal.';
        await life.lapse(tx, s, why);
      });
    },

    async expire(id: string, periodEnd: string): Promise<void> {
      const found = await mentorshipRepo.findSubscription(db, id);
      // Stripe would go on retrying the card of a subscription we ended: it is stopped first.
      if (found?.status === 'past_due' && found.currentPeriodEnd.toISOString() === periodEnd)
        await gatewayBilling.stop(found, { atPeriodEnd: false });
      await transaction(db, async (tx) => {
        const s = await mentorshipRepo.lockSubscription(tx, id);
        if (!s || s.status !== 'past_due' || s.currentPeriodEnd.toISOString() !== periodEnd) return;
        const ended = await change(tx, s, { status: 'expired' });
        await tellMentee(
          tx,
          ended,
          'Subscription expired',
          "Your mentoring subscription expired unpaid. Subscribe again from your mentor's page.",
        );
      });
    },

    async resume(id: string, pausedUntil: string): Promise<void> {
      await transaction(db, async (tx) => {
        const s = await mentorshipRepo.lockSubscription(tx, id);
        if (!s || s.status !== 'paused' || s.pausedUntil?.toISOString() !== pausedUntil) return;
        const resumed = await change(tx, s, { status: 'active', pausedUntil: null });
        await life.schedule(tx, resumed);
      });
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
