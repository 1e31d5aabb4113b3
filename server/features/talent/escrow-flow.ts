import type { DbOrTx } from '#server/db/client';
import { afterCommit } from '#server/db/transaction';
import { sendMailJob } from '#server/lib/mail.queue';
import { noticeMail } from '#server/lib/mail-templates';
import type { QueueService } from '#server/queue/queue.service';
import type { RealtimeService } from '#server/realtime/realtime.service';
import { formatAmount } from '#shared/money';
import { AUTO_RELEASE_AFTER_MS, AUTO_RELEASE_WARNING_MS } from '#shared/talent/escrow.schemas';
import type { AccountsService } from '../accounts';
import type { NotificationsService } from '../notifications';
import { WALLET_KEYS, type WalletService } from '../wallet';
import { escrowRepo, type MilestoneRow } from './escrow.repo';
import { feeOn, isHeld } from './escrow-view';
import type { GigRow } from './gigs.repo';
import { autoCompleteJob, autoReleaseWarningJob } from './talent.queue';

export interface EscrowDeps {
  wallet: WalletService;
  accounts: AccountsService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  jobs: QueueService;
  appUrl: string;
  now: () => Date;
}

const naira = (minor: number) => formatAmount(minor, 'NGN');

/** Gigs paid through escrow: fixed-price, in naira (decision 060). Hourly and dollar gigs are paid off the platform as before. */
export const escrowed = (gig: Pick<GigRow, 'budgetType' | 'currency'>) =>
  gig.budgetType === 'fixed' && gig.currency === 'NGN';

/**
 * The escrow's steps inside the transactions of the gig's own transitions (decision 060): hiring
 * plans one milestone, delivering submits what is funded, changes send it back, accepting (or 14
 * days of silence) releases it, a dispute holds it for an admin. Each status change is one
 * conditional update beside the ledger posting that moves the money.
 */
export function createEscrowFlow(deps: EscrowDeps) {
  const { wallet, accounts, notifications, realtime, jobs, appUrl, now } = deps;

  /** After the commit, the wallets of these members refresh in their open tabs. */
  function refreshWallets(tx: DbOrTx, userIds: string[]) {
    afterCommit(tx, () => {
      for (const id of userIds) realtime.emitToUser(id, 'data:updated', { queryKeys: WALLET_KEYS });
    });
  }

  /**
   * Pays the talent `part` of one milestone from the poster's escrow, less its share of the fee:
   * the caller has already moved the milestone (its conditional update), so this posts once.
   */
  async function payTalent(tx: DbOrTx, gig: GigRow, m: MilestoneRow, part: number): Promise<number> {
    const fee = feeOn(m, part);
    await wallet.escrow.release(tx, {
      milestoneId: m.id,
      paymentId: m.paymentId!,
      title: m.title,
      posterId: gig.posterId,
      talentId: gig.talentId!,
      amountMinor: part,
      feeMinor: fee,
      currency: m.currency,
      at: now(),
    });
    refreshWallets(tx, [gig.posterId, gig.talentId!]);
    return part - fee;
  }

  return {
    payTalent,
    refreshWallets,

    /** Hiring plans one milestone for the accepted bid, titled as the gig (the poster may split it). */
    async hired(tx: DbOrTx, gig: GigRow, amountMinor: number): Promise<void> {
      if (!escrowed(gig)) return;
      await escrowRepo.insertMany(
        tx,
        [{ gigId: gig.id, position: 0, title: gig.title, amountMinor, dueDate: gig.deadline }],
        now(),
      );
    },

    /** A delivery submits every funded milestone. Answers whether money is held now. */
    async delivered(tx: DbOrTx, gig: GigRow): Promise<boolean> {
      const at = now();
      await escrowRepo.moveAll(tx, gig.id, ['funded'], { status: 'submitted', submittedAt: at, updatedAt: at });
      return (await escrowRepo.ofGig(tx, gig.id)).some((m) => isHeld(m.status));
    },

    /** Changes asked: what was submitted is funded again, waiting for the next delivery. */
    async changesRequested(tx: DbOrTx, gig: GigRow): Promise<void> {
      await escrowRepo.moveAll(tx, gig.id, ['submitted'], { status: 'funded', submittedAt: null, updatedAt: now() });
    },

    held: async (tx: DbOrTx, gigId: string) => (await escrowRepo.ofGig(tx, gigId)).filter((m) => isHeld(m.status)),

    /** How many milestones are still to be funded. */
    unfunded: async (tx: DbOrTx, gigId: string) =>
      (await escrowRepo.ofGig(tx, gigId)).filter((m) => m.status === 'unfunded').length,

    /** The poster accepted (or 14 days passed): every funded and submitted milestone is released, once. */
    async releaseHeld(tx: DbOrTx, gig: GigRow): Promise<void> {
      const at = now();
      let gross = 0;
      let net = 0;
      for (const m of await escrowRepo.ofGig(tx, gig.id)) {
        if (m.status !== 'funded' && m.status !== 'submitted') continue;
        const moved = await escrowRepo.move(tx, m.id, ['funded', 'submitted'], {
          status: 'released',
          releasedMinor: m.amountMinor,
          releasedAt: at,
          updatedAt: at,
        });
        if (!moved) continue;
        gross += m.amountMinor;
        net += await payTalent(tx, gig, moved, m.amountMinor);
      }
      if (gross === 0) return;
      await notifications.notify(
        gig.talentId!,
        {
          type: 'payment_received',
          title: 'Payment released',
          message: `${naira(net)} for “${gig.title}” is in your wallet to withdraw (${naira(gross)} less the platform fee).`,
          link: '/wallet',
        },
        tx,
      );
    },

    /** A gig that closes leaves nothing planned behind: milestones never funded are cancelled. */
    async closeUnfunded(tx: DbOrTx, gigId: string): Promise<void> {
      await escrowRepo.moveAll(tx, gigId, ['unfunded'], { status: 'cancelled', updatedAt: now() });
    },

    /** The gig itself disputed: what is in escrow waits for an admin's decision, with the same note. */
    async disputeHeld(tx: DbOrTx, gigId: string, userId: string, note: string): Promise<void> {
      const at = now();
      await escrowRepo.moveAll(tx, gigId, ['funded', 'submitted'], {
        status: 'disputed',
        disputedBy: userId,
        disputeReason: note || 'The gig was disputed.',
        disputedAt: at,
        updatedAt: at,
      });
    },

    /**
     * A delivery with money held releases itself 14 days on (the gig's auto-complete job, keyed by
     * the delivery), and the poster is warned 48 hours before. Both jobs re-check the gig when they run.
     */
    async scheduleRelease(tx: DbOrTx, gig: GigRow): Promise<void> {
      const key = `${gig.id}:${gig.statusAt.getTime()}`;
      const due = gig.statusAt.getTime() + AUTO_RELEASE_AFTER_MS;
      await jobs.send(
        tx,
        autoCompleteJob,
        { gigId: gig.id },
        { startAfter: new Date(due), singletonKey: `${key}:held` },
      );
      await jobs.send(
        tx,
        autoReleaseWarningJob,
        { gigId: gig.id, deliveredAt: gig.statusAt.toISOString() },
        { startAfter: new Date(due - AUTO_RELEASE_WARNING_MS), singletonKey: key },
      );
    },

    /** The `talent.auto-release-warning` job: the poster hears (and is mailed) 48 hours before the release. */
    async warnPoster(tx: DbOrTx, gig: GigRow, heldMinor: number): Promise<void> {
      const when = new Date(gig.statusAt.getTime() + AUTO_RELEASE_AFTER_MS);
      const message = `${naira(heldMinor)} held for “${gig.title}” will be released to the talent in 48 hours unless you accept the work, ask for changes or open a dispute.`;
      await notifications.notify(
        gig.posterId,
        { type: 'system_update', title: 'Escrow releases in 48 hours', message, link: `/gigs/${gig.id}` },
        tx,
        { emailCopy: false },
      );
      const poster = await accounts.findById(gig.posterId, tx);
      if (poster && !poster.deletedAt)
        await jobs.send(
          tx,
          sendMailJob,
          noticeMail(poster.email, 'Escrow releases in 48 hours', poster.fullName, [
            message,
            `It releases on ${when.toUTCString()}. Open the gig to answer: ${appUrl}/gigs/${gig.id}`,
          ]),
        );
    },
  };
}

export type EscrowFlow = ReturnType<typeof createEscrowFlow>;
