import type { Db, DbOrTx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import type { Audit } from '#server/lib/audit/audit';
import { AppError } from '#server/lib/errors';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { formatAmount } from '#shared/money';
import type { TCheckoutSession } from '#shared/payments/payments.schemas';
import {
  ZMilestonePlanInput,
  ZMilestoneResolveInput,
  type TMilestonePlanInput,
  type TMilestoneResolveInput,
} from '#shared/talent/escrow.schemas';
import type { TGigDetail } from '#shared/talent/talent.schemas';
import type { PaymentsService } from '../payments';
import { escrowRepo, type MilestoneRow } from './escrow.repo';
import { escrowed, type EscrowFlow } from './escrow-flow';
import { isHeld, planEditable, planTotalError, presentEscrow, presentMilestone } from './escrow-view';
import type { GigContext } from './gig-context';
import { partiesOf, takeTransition } from './gig-machine';
import { gigsRepo, type GigRow } from './gigs.repo';
import { milestoneNotFound } from './milestone-purchase';
import { UUID } from './gig-context';

const naira = (minor: number) => formatAmount(minor, 'NGN');
const ADMIN_QUEUES = [['/api/admin/queues']];

export interface EscrowServiceDeps {
  db: Db;
  payments: PaymentsService;
  realtime: RealtimeService;
  audit: Audit;
  now: () => Date;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * What the poster, the talent and admins do with a gig's milestones (decision 060): plan, fund
 * (a checkout of the `gig_milestone` purchase kind), cancel, dispute, and an admin's decision.
 * Each answers the gig as the caller sees it (`detail`).
 */
export function createEscrowService(
  deps: EscrowServiceDeps,
  ctx: GigContext,
  flow: EscrowFlow,
  detail: (user: TUser, gigId: string) => Promise<TGigDetail>,
) {
  const { db, payments, realtime, audit, now, log } = deps;

  /** A milestone with its gig, for the two on the gig (and admins when `admins`); anyone else gets a 404. */
  async function milestoneOf(tx: DbOrTx, user: TUser, id: string, admins = false) {
    const found = UUID.test(id) ? await escrowRepo.withGig(tx, id) : undefined;
    const parties = found ? partiesOf(found.gig, user) : [];
    const allowed = parties.includes('poster') || parties.includes('talent') || (admins && parties.includes('admin'));
    if (!found || !allowed) throw milestoneNotFound();
    return { ...found, parties };
  }

  const posterOnly = (parties: string[], what: string) => {
    if (!parties.includes('poster')) throw new AppError('FORBIDDEN', `Only the gig’s poster ${what}.`);
  };

  /** The accepted bid's amount: what the plan must add up to. */
  async function planTotal(tx: DbOrTx, gig: GigRow): Promise<number> {
    const bid = gig.acceptedBidId ? await gigsRepo.findBid(tx, gig.acceptedBidId) : undefined;
    return bid?.amount ?? 0;
  }

  /** The refund through the payment's gateway now; one that cannot be reached is left to payments' job. */
  async function refundNow(refundId: string): Promise<void> {
    try {
      await payments.partialRefunds.complete(refundId);
    } catch (err) {
      log?.warn({ err, refundId }, 'escrow refund not reached yet: the job tries again');
    }
  }

  return {
    /** The gig's milestones and escrow for its poster, its talent and admins; nothing for anyone else. */
    async view(tx: DbOrTx, gig: GigRow, user: TUser | null): Promise<Pick<TGigDetail, 'milestones' | 'escrow'>> {
      const parties = partiesOf(gig, user);
      if (parties.length === 0 || !gig.talentId) return {};
      const rows = await escrowRepo.ofGig(tx, gig.id);
      if (rows.length === 0) return {};
      const persons = await ctx.personsFor([gig.posterId, gig.talentId], tx);
      const viewer = parties.includes('poster') ? 'poster' : parties.includes('talent') ? 'talent' : 'admin';
      return {
        milestones: rows.map((m) => presentMilestone(m, gig, parties, payments.feeOf)),
        escrow: presentEscrow(gig, rows, {
          viewer,
          planTotalMinor: await planTotal(tx, gig),
          posterName: persons.get(gig.posterId)?.fullName ?? 'The poster',
          talentName: persons.get(gig.talentId)?.fullName ?? 'The talent',
          feePercent: payments.feePercent,
        }),
      };
    },

    /** The poster's plan replaces the milestones not yet funded, while nothing is funded or released. */
    async plan(user: TUser, gigId: string, raw: TMilestonePlanInput): Promise<TGigDetail> {
      const input = ZMilestonePlanInput.parse(raw);
      await transaction(db, async (tx) => {
        const gig = await ctx.gigOr404(gigId, tx);
        posterOnly(partiesOf(gig, user), 'plans its milestones');
        if (!gig.talentId) throw new AppError('CONFLICT', 'Milestones are planned once a bid is accepted.');
        if (!escrowed(gig))
          throw new AppError('CONFLICT', 'Only fixed-price gigs in naira are paid through escrow with milestones.');
        const rows = await escrowRepo.lockOfGig(tx, gig.id);
        if (!planEditable(gig, rows))
          throw new AppError(
            'CONFLICT',
            'The plan can change only while no milestone is funded, released or disputed.',
          );
        const wrong = planTotalError(
          input.milestones.map((m) => m.amountMinor),
          await planTotal(tx, gig),
        );
        if (wrong) throw new AppError('VALIDATION_FAILED', wrong, { milestones: wrong });
        await escrowRepo.deleteUnfunded(tx, gig.id);
        // Cancelled and refunded milestones stay as the gig's history, before the new plan.
        const start = rows.filter((r) => r.status !== 'unfunded').reduce((n, r) => Math.max(n, r.position + 1), 0);
        await escrowRepo.insertMany(
          tx,
          input.milestones.map((m, i) => ({
            gigId: gig.id,
            position: start + i,
            title: m.title,
            amountMinor: m.amountMinor,
            dueDate: m.dueDate ?? null,
          })),
          now(),
        );
        ctx.announce(tx, gig.id);
      });
      return detail(user, gigId);
    },

    /** The poster pays an unfunded milestone into escrow: payments' checkout of the `gig_milestone` kind. */
    checkout: (user: TUser, milestoneId: string): Promise<TCheckoutSession> =>
      payments.checkout(user, 'gig_milestone', milestoneId),

    async cancel(user: TUser, milestoneId: string): Promise<TGigDetail> {
      const gigId = await transaction(db, async (tx) => {
        const { milestone: m, gig, parties } = await milestoneOf(tx, user, milestoneId);
        posterOnly(parties, 'cancels its milestones');
        const at = now();
        const moved = await escrowRepo.move(tx, m.id, ['unfunded'], { status: 'cancelled', updatedAt: at });
        if (!moved) throw new AppError('CONFLICT', 'Only a milestone that is not funded yet can be cancelled.');
        await ctx.notifyGig(
          tx,
          [gig.talentId!],
          gig,
          'Milestone cancelled',
          `“${m.title}” (${naira(m.amountMinor)}) of “${gig.title}” was cancelled before it was funded.`,
        );
        ctx.announce(tx, gig.id);
        return gig.id;
      });
      return detail(user, gigId);
    },

    /** Either side disputes money in escrow: it waits for an admin; a delivered gig goes to dispute with it. */
    async dispute(user: TUser, milestoneId: string, reason: string): Promise<TGigDetail> {
      const gigId = await transaction(db, async (tx) => {
        const { milestone: m, gig, parties } = await milestoneOf(tx, user, milestoneId);
        const at = now();
        const moved = await escrowRepo.move(tx, m.id, ['funded', 'submitted'], {
          status: 'disputed',
          disputedBy: user.id,
          disputeReason: reason,
          disputedAt: at,
          updatedAt: at,
        });
        if (!moved) throw new AppError('CONFLICT', 'Only a funded or submitted milestone can be disputed.');
        if (gig.status === 'delivered') {
          const party = parties.includes('poster') ? 'poster' : 'talent';
          await takeTransition(tx, gig.id, 'dispute', { party, actorId: user.id, now: at, note: reason });
          await flow.disputeHeld(tx, gig.id, user.id, reason);
        }
        const other = gig.posterId === user.id ? gig.talentId! : gig.posterId;
        await ctx.notifyGig(
          tx,
          [other],
          gig,
          'Milestone disputed',
          `“${m.title}” of “${gig.title}” went to the team for a decision: its ${naira(m.amountMinor)} stays in escrow until then.`,
        );
        ctx.announce(tx, gig.id);
        afterCommit(tx, () => realtime.emitToRole('admin', 'data:updated', { queryKeys: ADMIN_QUEUES }));
        return gig.id;
      });
      return detail(user, gigId);
    },

    /**
     * An admin's decision on money in escrow: release it to the talent, refund it to the poster's
     * payment (partly, for a split), with a reason both read. One conditional update beside the
     * posting: of a release and a refund racing, one wins. The refund reaches the gateway after the commit.
     */
    async resolve(admin: TUser, milestoneId: string, raw: TMilestoneResolveInput): Promise<TGigDetail> {
      const input = ZMilestoneResolveInput.parse(raw);
      const { gigId, refundId } = await transaction(db, async (tx) => {
        const { milestone: m, gig } = await milestoneOf(tx, admin, milestoneId, true);
        if (!isHeld(m.status)) throw new AppError('CONFLICT', 'This milestone has no money in escrow to decide.');
        const talentPart = shareOf(m, input);
        const refundPart = m.amountMinor - talentPart;
        const at = now();
        const moved = await escrowRepo.move(tx, m.id, ['funded', 'submitted', 'disputed'], {
          status: talentPart > 0 ? 'released' : 'refunded',
          releasedMinor: talentPart,
          refundedMinor: refundPart,
          releasedAt: talentPart > 0 ? at : null,
          resolution: input.outcome,
          resolutionReason: input.reason,
          resolvedBy: admin.id,
          resolvedAt: at,
          updatedAt: at,
        });
        if (!moved) throw new AppError('CONFLICT', 'This milestone was settled a moment ago: reload it.');
        if (talentPart > 0) await flow.payTalent(tx, gig, moved, talentPart);
        const refund = refundPart > 0 ? await openRefund(tx, gig, moved, refundPart) : undefined;
        await audit.action(
          {
            adminId: admin.id,
            action: `milestone.${input.outcome}`,
            target: `gig_milestone:${m.id}`,
            details: { gigId: gig.id, amountMinor: m.amountMinor, talentMinor: talentPart, refundMinor: refundPart },
            reason: input.reason,
          },
          tx,
        );
        const parts = [
          talentPart > 0 && `${naira(talentPart)} is released to the talent`,
          refundPart > 0 && `${naira(refundPart)} is refunded to the poster’s payment`,
        ].filter(Boolean);
        await ctx.notifyGig(
          tx,
          [gig.posterId, gig.talentId!],
          gig,
          'Dispute decided',
          `The team decided “${m.title}” of “${gig.title}”: ${parts.join(' and ')}. ${input.reason}`.slice(0, 1_000),
        );
        flow.refreshWallets(tx, [gig.posterId, gig.talentId!]);
        ctx.announce(tx, gig.id);
        afterCommit(tx, () => realtime.emitToRole('admin', 'data:updated', { queryKeys: ADMIN_QUEUES }));
        return { gigId: gig.id, refundId: refund?.id };
      });
      if (refundId) await refundNow(refundId);
      return detail(admin, gigId);
    },
  };

  /** The refund of `amount` of the payment that funded the milestone, opened in the decision's transaction. */
  async function openRefund(tx: DbOrTx, gig: GigRow, m: MilestoneRow, amount: number) {
    const payment = m.paymentId ? await payments.partialRefunds.lockPayment(tx, m.paymentId) : undefined;
    const refund = payment
      ? await payments.partialRefunds.open(tx, payment, amount, `“${m.title}” of “${gig.title}”, decided by the team`)
      : undefined;
    if (!refund)
      throw new AppError(
        'CONFLICT',
        'The payment that funded this milestone cannot be refunded here (it is missing or already refunded).',
      );
    return refund;
  }
}

/** The talent's share by the outcome: all, none, or the split's amount (1 to the amount less 1). */
function shareOf(m: Pick<MilestoneRow, 'amountMinor'>, input: { outcome: string; talentMinor?: number }): number {
  if (input.outcome === 'release') return m.amountMinor;
  if (input.outcome === 'refund') return 0;
  const share = input.talentMinor ?? 0;
  if (share < 1 || share > m.amountMinor - 1) {
    const message = `A split gives the talent between ${naira(1)} and ${naira(m.amountMinor - 1)}.`;
    throw new AppError('VALIDATION_FAILED', message, { talentMinor: message });
  }
  return share;
}

export type EscrowService = ReturnType<typeof createEscrowService>;
