import type { DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { formatMoney, type TCurrency } from '#shared/money';
import type { TPurchaseItem } from '#shared/payments/payments.schemas';
import type { PurchaseKind, Quote } from '../payments';
import { escrowRepo } from './escrow.repo';
import { LIVE_GIG } from './escrow-view';
import { UUID } from './gig-context';

const gigPath = (gigId: string) => `/gigs/${gigId}`;
const GIG_KEYS = [['/api/talent/gigs'], ['/api/talent/my-gigs']];
const WALLET = [['/api/wallet'], ['/api/wallet/entries']];

export const milestoneNotFound = () => new AppError('NOT_FOUND', 'Milestone not found.');

/**
 * A gig milestone as something to buy (decision 060): the poster pays it into escrow through any
 * gateway, with the fulfilment courses have (exactly once, whichever confirmation comes first).
 * `escrow` tells the wallet the money is the poster's, held, not the talent's earnings.
 * `onFunded` runs in the payment's transaction after the milestone is funded (timers of a gig
 * already delivered).
 */
export function milestonePurchase(
  now: () => Date,
  onFunded: (tx: DbOrTx, gigId: string) => Promise<void>,
): PurchaseKind {
  return {
    kind: 'gig_milestone',
    escrow: true,

    async quote(buyer: TUser, milestoneId: string, tx: DbOrTx): Promise<Quote> {
      const found = UUID.test(milestoneId) ? await escrowRepo.withGig(tx, milestoneId) : undefined;
      // Nobody but the two on the gig learns that a milestone exists.
      if (!found || (found.gig.posterId !== buyer.id && found.gig.talentId !== buyer.id)) throw milestoneNotFound();
      const { milestone: m, gig } = found;
      if (gig.posterId !== buyer.id) throw new AppError('FORBIDDEN', 'Only the gig’s poster funds its milestones.');
      if (m.status !== 'unfunded') throw new AppError('CONFLICT', 'This milestone is already funded or closed.');
      if (!LIVE_GIG.includes(gig.status) || !gig.talentId)
        throw new AppError('CONFLICT', 'Milestones are funded while the gig is in progress or delivered.');
      return {
        item: { kind: 'gig_milestone', id: m.id, title: `${m.title} (${gig.title})`, link: gigPath(gig.id) },
        amountMinor: m.amountMinor,
        currency: m.currency as TCurrency,
        payeeId: gig.talentId,
        // The gateway adds `?gateway=…&session_id=…`: the gig page confirms with POST /api/payments/verify.
        successPath: gigPath(gig.id),
        cancelPath: gigPath(gig.id),
      };
    },

    /** Unfunded → funded, once: a milestone replaced or cancelled meanwhile makes it a payment to refund. */
    async grant(tx, _buyerId, milestoneId, payment) {
      const at = payment?.paidAt ?? now();
      const funded = await escrowRepo.move(tx, milestoneId, ['unfunded'], {
        status: 'funded',
        fundedAt: at,
        paymentId: payment?.id ?? null,
        feeMinor: payment?.feeMinor ?? 0,
        updatedAt: at,
      });
      if (!funded) return false;
      await onFunded(tx, funded.gigId);
      return true;
    },

    /** Escrow goes back only by a decision on the gig (dispute), never by taking the item back. */
    async revoke() {},

    /** Money in escrow is refunded through a dispute; a payment that funded nothing may be refunded. */
    async refundBlocker(tx, _buyerId, milestoneId) {
      const m = await escrowRepo.find(tx, milestoneId);
      return m && m.status !== 'unfunded' && m.status !== 'cancelled'
        ? 'Money paid into escrow comes back through the gig: open a dispute on the milestone and the team decides.'
        : null;
    },

    async describe(db, ids): Promise<Map<string, TPurchaseItem>> {
      const found = new Map((await escrowRepo.describe(db, [...new Set(ids)])).map((r) => [r.id, r]));
      return new Map(
        ids.map((id) => {
          const r = found.get(id);
          return [
            id,
            r
              ? { kind: 'gig_milestone', id, title: `${r.title} (${r.gigTitle})`, link: gigPath(r.gigId) }
              : { kind: 'gig_milestone', id, title: 'A gig milestone no longer available', link: '/gigs' },
          ];
        }),
      );
    },

    pages: { buyer: '/gigs', payee: '/wallet' },

    refreshKeys: () => ({
      buyer: [...GIG_KEYS, ...WALLET, ['/api/user/payments']],
      payee: GIG_KEYS,
    }),

    purchaseNotices(item, amount) {
      const paid = formatMoney(amount.grossMinor, amount.currency);
      return {
        buyer: {
          type: 'system_update',
          title: 'Milestone funded',
          message: `You paid ${paid} into escrow for “${item.title}”. It is held until you release it.`,
          link: item.link,
        },
        payee: {
          type: 'payment_received',
          title: 'Milestone funded',
          message: `${paid} is held in escrow for “${item.title}”: the work is paid for. It is yours once the poster accepts it.`,
          link: item.link,
        },
      };
    },
  };
}
