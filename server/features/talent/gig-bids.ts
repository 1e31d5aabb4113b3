import type { DbOrTx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TBid, TBidInput, TGigDetail, TMyBid } from '#shared/talent/talent.schemas';
import { ZBidInput } from '#shared/talent/talent.schemas';
import { formatMoney } from '#shared/money';
import {
  bidNotFound,
  gigNotFound,
  isUniqueViolation,
  MY_BIDS,
  UUID,
  viewerOf,
  type GigContext,
  type GigsDeps,
} from './gig-context';
import { takeTransition } from './gig-machine';
import { type BidRow, type GigRow, gigsRepo } from './gigs.repo';

/**
 * Bids on a gig: placing, editing and withdrawing one, the poster's accept (the hire), and a
 * member's own bids. `hired` runs after an accept commits (the gig's chat, then its page).
 */
export function createGigBids(
  deps: GigsDeps,
  ctx: GigContext,
  /** In the hire's transaction: the escrow plans its first milestone (decision 060). */
  onHire: (tx: DbOrTx, gig: GigRow, amountMinor: number) => Promise<void>,
  hired: (poster: TUser, talentId: string, gigId: string) => Promise<TGigDetail>,
) {
  const { db, realtime, now } = deps;
  const { presentBids, announce, notifyGig } = ctx;

  /** The bidder's own bid, and its gig share-locked and still open: what an edit or a withdrawal needs. */
  async function ownBidOnOpenGig(tx: DbOrTx, user: TUser, bidId: string, notTheBidder: string) {
    const found = UUID.test(bidId) ? await gigsRepo.findBid(tx, bidId) : undefined;
    if (!found) throw bidNotFound();
    if (found.bidderId !== user.id) throw new AppError('FORBIDDEN', notTheBidder);
    const gig = (await gigsRepo.findShared(tx, found.gigId))!;
    if (gig.status !== 'open') throw new AppError('CONFLICT', 'This gig is no longer open for bids.');
    return { found, gig };
  }

  return {
    async bid(user: TUser, gigId: string, raw: TBidInput): Promise<TBid> {
      const input = ZBidInput.parse(raw);
      const { bid, gig } = await transaction(db, async (tx) => {
        if (!UUID.test(gigId)) throw gigNotFound();
        // A share lock: an accept racing this bid either commits first (and the gig is no longer
        // open here) or waits for this bid and then rejects it with the others.
        const gig = await gigsRepo.findShared(tx, gigId);
        if (!gig) throw gigNotFound();
        if (gig.posterId === user.id) throw new AppError('FORBIDDEN', 'You cannot bid on your own gig.');
        if (gig.status !== 'open') throw new AppError('CONFLICT', 'This gig is no longer open for bids.');
        if (await gigsRepo.liveBidOf(tx, gig.id, user.id))
          throw new AppError('CONFLICT', 'You already have a bid on this gig: edit or withdraw it.');
        let bid: BidRow;
        try {
          bid = await transaction(tx, (inner) =>
            gigsRepo.insertBid(inner, { gigId: gig.id, bidderId: user.id, ...input }, now()),
          );
        } catch (err) {
          if (isUniqueViolation(err))
            throw new AppError('CONFLICT', 'You already have a bid on this gig: edit or withdraw it.');
          throw err;
        }
        // The poster hears of every new bid (issue 26), in-app and by mail as their preferences say.
        await notifyGig(
          tx,
          [gig.posterId],
          gig,
          'New bid on your gig',
          `${user.fullName} bid ${formatMoney(bid.amount, gig.currency)} on "${gig.title}", delivery in ${bid.deliveryDays} ${bid.deliveryDays === 1 ? 'day' : 'days'}.`,
        );
        afterCommit(tx, () => {
          for (const to of [gig.posterId, user.id])
            realtime.emitToUser(to, 'bid:created', { resourceId: bid.id, gigId: gig.id });
          realtime.emitToAll('gig:updated', { resourceId: gig.id });
        });
        return { bid, gig };
      });
      return (await presentBids(gig, [bid], viewerOf(user)))[0]!;
    },

    /** The bidder changes amount, days or proposal while the gig is open and the bid pending. */
    async editBid(user: TUser, bidId: string, raw: TBidInput): Promise<TBid> {
      const input = ZBidInput.parse(raw);
      const { bid, gig } = await transaction(db, async (tx) => {
        const { found, gig } = await ownBidOnOpenGig(tx, user, bidId, 'Only the bidder can change a bid.');
        const bid = await gigsRepo.moveBid(tx, found.id, 'pending', { ...input, updatedAt: now() });
        if (!bid) throw new AppError('CONFLICT', 'This bid is no longer pending.');
        afterCommit(tx, () => realtime.emitToUser(gig.posterId, 'bid:created', { resourceId: bid.id, gigId: gig.id }));
        return { bid, gig };
      });
      return (await presentBids(gig, [bid], viewerOf(user)))[0]!;
    },

    async withdrawBid(user: TUser, bidId: string): Promise<TBid> {
      const { bid, gig } = await transaction(db, async (tx) => {
        const { found, gig } = await ownBidOnOpenGig(tx, user, bidId, 'Only the bidder can withdraw a bid.');
        const bid = await gigsRepo.moveBid(tx, found.id, 'pending', { status: 'withdrawn', updatedAt: now() });
        if (!bid) throw new AppError('CONFLICT', 'This bid is no longer pending.');
        announce(tx, gig.id);
        afterCommit(tx, () => realtime.emitToUser(user.id, 'data:updated', { queryKeys: MY_BIDS }));
        return { bid, gig };
      });
      return (await presentBids(gig, [bid], viewerOf(user)))[0]!;
    },

    /**
     * The poster hires: in one transaction the gig moves open → in_progress (exactly once: the
     * conditional update and the one-accepted-bid index), the bid is accepted, the others are
     * rejected and every bidder is told. Then the gig's chat opens between the two.
     */
    async acceptBid(user: TUser, bidId: string): Promise<TGigDetail> {
      const { gig, talentId } = await transaction(db, async (tx) => {
        const bid = UUID.test(bidId) ? await gigsRepo.findBid(tx, bidId) : undefined;
        if (!bid) throw bidNotFound();
        const before = (await gigsRepo.find(tx, bid.gigId))!;
        if (before.posterId !== user.id) throw new AppError('FORBIDDEN', "Only the gig's poster can accept a bid.");
        if (bid.status !== 'pending') throw new AppError('CONFLICT', 'This bid is no longer pending.');
        const at = now();
        const gig = await takeTransition(tx, before.id, 'accept_bid', {
          party: 'poster',
          actorId: user.id,
          now: at,
          set: { talentId: bid.bidderId, acceptedBidId: bid.id },
        });
        let accepted: BidRow | undefined;
        try {
          accepted = await transaction(tx, (inner) =>
            gigsRepo.moveBid(inner, bid.id, 'pending', { status: 'accepted', updatedAt: at }),
          );
        } catch (err) {
          if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'Another bid was accepted already.');
          throw err;
        }
        if (!accepted) throw new AppError('CONFLICT', 'This bid was withdrawn a moment ago.');
        const rejected = await gigsRepo.rejectOthers(tx, gig.id, bid.id, at);
        await onHire(tx, gig, accepted.amount);
        await notifyGig(
          tx,
          [bid.bidderId],
          gig,
          'Your bid was accepted',
          `${user.fullName} hired you for "${gig.title}". Say hello in chat and agree the next steps.`,
        );
        await notifyGig(
          tx,
          rejected,
          gig,
          'Another bid was chosen',
          `"${gig.title}" went to another talent. Thank you for bidding.`,
        );
        announce(tx, gig.id);
        afterCommit(tx, () => {
          for (const id of [bid.bidderId, ...rejected]) realtime.emitToUser(id, 'data:updated', { queryKeys: MY_BIDS });
        });
        return { gig, talentId: bid.bidderId };
      });
      return hired(user, talentId, gig.id);
    },

    async myBids(user: TUser): Promise<{ bids: TMyBid[] }> {
      const rows = await gigsRepo.myBids(db, user.id);
      const out: TMyBid[] = [];
      for (const r of rows) {
        const [bid] = await presentBids({ id: r.gig.id, currency: r.gig.currency }, [r.bid], viewerOf(user));
        out.push({ ...bid!, gig: { id: r.gig.id, title: r.gig.title, status: r.gig.status } });
      }
      return { bids: out };
    },
  };
}
