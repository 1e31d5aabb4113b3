import { transaction } from '#server/db/transaction';
import type { DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import { cursorParam } from '#server/db/paging';
import { searchText } from '#server/lib/search/search';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { AUTO_RELEASE_AFTER_MS } from '#shared/talent/escrow.schemas';
import { AUTO_COMPLETE_AFTER_MS, DAY_MS, REVIEW_REVEAL_AFTER_MS, transitionsFor } from '#shared/talent/gig-machine';
import type {
  TGigDetail,
  TGigInput,
  TGigList,
  TGigReview,
  TGigSummary,
  TReviewInput,
} from '#shared/talent/talent.schemas';
import { ZGigInput, ZReviewInput, type ZGigsQuery } from '#shared/talent/talent.schemas';
import type { z } from 'zod';
import { formatMoney } from '#shared/money';
import type { Viewer } from '../accounts';
import { createEscrowFlow } from './escrow-flow';
import { createEscrowService } from './escrow.service';
import { milestonePurchase } from './milestone-purchase';
import { createGigBids } from './gig-bids';
import { createGigContext, GIG_POSTED_DAILY_CAP, viewerOf, type GigsDeps } from './gig-context';
import { createGigDelivery } from './gig-delivery';
import { createGigMatch } from './gig-match';
import { mayReadDelivery } from './gig-files';
import { partiesOf, takeTransition } from './gig-machine';
import { type GigRow, gigSkills, gigsRepo } from './gigs.repo';
import { matchingTalents } from './talent-search.repo';
import { gigPostedJob } from './talent.queue';
import { iso, presentGig, presentReview, type Persons } from './talent.presenter';

export { GIG_POSTED_DAILY_CAP, type GigsDeps };

export function createGigsService(deps: GigsDeps) {
  const { db, realtime, notifications, jobs, skills, chat, files, now } = deps;
  const ctx = createGigContext(deps);
  const { gigOr404, personsFor, presentGigs, presentBids, announce, notifyGig, act, completed, liveBidCount } = ctx;
  const flow = createEscrowFlow(deps);
  const detail = (user: TUser | null, id: string) => gigs.detail(user, id);
  const escrow = createEscrowService(deps, ctx, flow, detail);
  const delivery = createGigDelivery(deps, ctx, flow, detail);

  const gigs = {
    async list(user: TUser | null, q: z.output<typeof ZGigsQuery>): Promise<TGigList> {
      const slugs = [...new Set(q.skills ?? [])];
      const filter = {
        text: searchText(q.q),
        skillSlugs: slugs,
        status: q.status ?? 'open',
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
        cursor: cursorParam(q.cursor),
        now: now(),
      };
      let found = await gigsRepo.list(db, filter);
      // Typos on titles only when the words matched nothing: an OR of both would scan every row.
      // Every page of a list the typos found (by number or cursor) is asked of the typos too.
      if (filter.text && found.total === 0) found = await gigsRepo.list(db, { ...filter, fuzzy: true });
      // An unknown skill is the same 400 as everywhere; the page answers the question when it has a row.
      if (slugs.length > 0 && (found.knownSkills === null || found.knownSkills < slugs.length))
        await skills.resolveSlugs(slugs, db, 'skills');
      const viewer = viewerOf(user);
      const gigList = found.rows.map((g) => {
        const persons: Persons = new Map([
          [g.posterId, g.poster],
          ...(g.talent ? ([[g.talent.id, g.talent]] as const) : []),
        ]);
        return presentGig(g, { persons, skills: new Map([[g.id, g.skills]]), viewer });
      });
      return {
        gigs: gigList,
        total: found.total,
        page: q.page,
        pageSize: q.pageSize,
        totalCapped: found.totalCapped,
        nextCursor: found.nextCursor,
      };
    },

    async create(user: TUser, raw: TGigInput): Promise<TGigDetail> {
      const input = ZGigInput.parse(raw);
      const id = await transaction(db, async (tx) => {
        const attachmentUploadIds = await files.requireAttachments(user.id, input.attachmentUploadIds, tx);
        const gig = await gigsRepo.insert(tx, { posterId: user.id, ...input, attachmentUploadIds }, now());
        await skills.setLinks(gigSkills, gig.id, input.skills, tx);
        if (input.skills.length > 0) await jobs.send(tx, gigPostedJob, { gigId: gig.id });
        announce(tx, gig.id, 'gig:created');
        return gig.id;
      });
      return gigs.detail(user, id);
    },

    async detail(user: TUser | null, id: string, tx: DbOrTx = db): Promise<TGigDetail> {
      const gig = await gigOr404(id, tx);
      const viewer = viewerOf(user);
      const parties = partiesOf(gig, user);
      const seesAll = parties.includes('poster') || parties.includes('admin');
      const bidRows = seesAll
        ? await gigsRepo.bidsOf(tx, gig.id)
        : user
          ? await gigsRepo.bidsOf(tx, gig.id, user.id)
          : [];
      const [summary] = await presentGigs([{ ...gig, bidCount: 0 }], viewer, tx);
      const bids = await presentBids(gig, bidRows, viewer, tx);
      const reviewRows = await gigsRepo.reviewsOfGig(tx, gig.id);
      const persons = await personsFor(
        reviewRows.map((r) => r.authorId),
        tx,
      );
      const mine = user ? reviewRows.find((r) => r.authorId === user.id) : undefined;
      const actions: TGigDetail['actions'] = transitionsFor(
        gig.status,
        parties.filter((p) => p !== 'admin'),
      );
      if (user && gig.status === 'open' && !parties.includes('poster') && !bidRows.some((b) => b.status === 'pending'))
        actions.push('bid');
      if (gig.status === 'completed' && !mine && (parties.includes('poster') || parties.includes('talent')))
        actions.push('review');
      // Accepting a delivery goes on to the next milestone through the same route (decision 060).
      const shown = actions.filter((a) => a !== 'accept_part');
      // With money in escrow a silent poster has 14 days, not 7 (decision 060).
      const wait =
        gig.status === 'delivered' && (await flow.held(tx, gig.id)).length > 0
          ? AUTO_RELEASE_AFTER_MS
          : AUTO_COMPLETE_AFTER_MS;
      return {
        ...summary!,
        bidCount: await liveBidCount(gig.id, tx),
        bids,
        changeRequests: gig.changeRequests,
        deliveryNote: user && mayReadDelivery(gig, user) ? gig.deliveryNote : null,
        deliveredAt: iso(gig.deliveredAt),
        ...(await files.present(gig, user, tx)),
        autoCompleteAt: gig.status === 'delivered' ? new Date(gig.statusAt.getTime() + wait).toISOString() : null,
        completedAt: iso(gig.completedAt),
        reviews: reviewRows.filter((r) => r.revealedAt).map((r) => presentReview(r, gig.title, persons, viewer)),
        myReview: mine ? presentReview(mine, gig.title, persons, viewer) : null,
        actions: shown,
        ...(await escrow.view(tx, gig, user)),
      };
    },

    /** The conversation of the gig between poster and talent; a block between them leaves it closed. */
    async openChat(poster: TUser, talentId: string, gigId: string): Promise<void> {
      try {
        await chat.start(poster, talentId, { kind: 'gig', id: gigId });
      } catch (err) {
        deps.log?.warn({ err, gigId }, 'gig chat not opened');
      }
    },

    // Transitions --------------------------------------------------------------------------

    async cancel(user: TUser, gigId: string): Promise<TGigDetail> {
      await transaction(db, async (tx) => {
        const gig = await act(tx, user, gigId, 'cancel');
        const rejected = await gigsRepo.rejectOthers(tx, gig.id, '00000000-0000-0000-0000-000000000000', now());
        await notifyGig(tx, rejected, gig, 'Gig cancelled', `"${gig.title}" was cancelled by its poster.`);
      });
      return gigs.detail(user, gigId);
    },

    async dispute(user: TUser, gigId: string, note: string): Promise<TGigDetail> {
      await transaction(db, async (tx) => {
        const gig = await act(tx, user, gigId, 'dispute', { note: note || null });
        await flow.disputeHeld(tx, gig.id, user.id, note);
        const other = gig.posterId === user.id ? gig.talentId! : gig.posterId;
        await notifyGig(tx, [other], gig, 'Gig disputed', `"${gig.title}" went to the team for a decision.`);
      });
      return gigs.detail(user, gigId);
    },

    /**
     * An admin decides a dispute (the console's queue, in its transaction): `complete` sides with
     * the talent (the gig completes, reviews open), `cancel` with the poster. Both sides read why.
     * A dispute already decided is a 409 (the transition's conditional update).
     */
    async resolveDispute(
      admin: TUser,
      gigId: string,
      outcome: 'complete' | 'cancel',
      note: string | null,
      tx: DbOrTx,
    ): Promise<GigRow> {
      const gig = await gigOr404(gigId, tx);
      // Money in escrow is decided milestone by milestone (POST /api/admin/milestones/{id}/resolve).
      if ((await flow.held(tx, gig.id)).length > 0)
        throw new AppError(
          'CONFLICT',
          'Decide this gig’s milestones first (release, refund or split): money is still held in escrow.',
        );
      const at = now();
      const name = outcome === 'complete' ? 'resolve_complete' : 'resolve_cancel';
      const moved = await takeTransition(tx, gig.id, name, {
        party: 'admin',
        actorId: admin.id,
        now: at,
        set: outcome === 'complete' ? { completedAt: at } : {},
        note,
      });
      await flow.closeUnfunded(tx, moved.id);
      if (outcome === 'complete') await completed(tx, moved);
      const decided =
        outcome === 'complete'
          ? `The team decided "${moved.title}" is complete.`
          : `The team cancelled "${moved.title}".`;
      await notifyGig(
        tx,
        [moved.posterId, moved.talentId!],
        moved,
        'Dispute decided',
        note ? `${decided} ${note}`.slice(0, 500) : decided,
      );
      announce(tx, moved.id);
      return moved;
    },

    // Reviews ------------------------------------------------------------------------------

    /** Once per side, after completion; shown when both have written or after 14 days. */
    async review(user: TUser, gigId: string, raw: TReviewInput): Promise<TGigReview> {
      const input = ZReviewInput.parse(raw);
      return transaction(db, async (tx) => {
        const gig = await gigOr404(gigId, tx);
        const parties = partiesOf(gig, user);
        const asPoster = parties.includes('poster');
        if (!asPoster && !parties.includes('talent'))
          throw new AppError('FORBIDDEN', 'Only the poster and the hired talent review a gig.');
        if (gig.status !== 'completed') throw new AppError('CONFLICT', 'Reviews open once the gig is completed.');
        const at = now();
        const due = gig.completedAt!.getTime() + REVIEW_REVEAL_AFTER_MS <= at.getTime();
        const row = await gigsRepo.insertReview(tx, {
          gigId: gig.id,
          authorId: user.id,
          subjectId: asPoster ? gig.talentId! : gig.posterId,
          subjectRole: asPoster ? 'talent' : 'poster',
          rating: input.rating,
          text: input.text,
          createdAt: at,
          revealedAt: due ? at : null,
        });
        if (!row) throw new AppError('CONFLICT', 'You have already reviewed this gig.');
        const all = await gigsRepo.reviewsOfGig(tx, gig.id);
        if (all.length >= 2) await gigsRepo.reveal(tx, gig.id, at);
        // The poster's rating shown is the talent's passport evidence: their levels follow.
        if (due || all.length >= 2) await skills.evidenceChanged([gig.talentId!], tx);
        announce(tx, gig.id);
        return presentReview(row, gig.title, await personsFor([user.id], tx), viewerOf(user));
      });
    },

    /** The `talent.reveal-reviews` job: 14 days after completion, whatever was written shows. */
    async revealIfDue(gigId: string): Promise<void> {
      const gig = await gigsRepo.find(db, gigId);
      if (!gig?.completedAt || gig.completedAt.getTime() + REVIEW_REVEAL_AFTER_MS > now().getTime()) return;
      const revealed = await transaction(db, async (tx) => {
        const n = await gigsRepo.reveal(tx, gig.id, now());
        if (n > 0) await skills.evidenceChanged([gig.talentId!], tx);
        return n;
      });
      if (revealed > 0) realtime.emitToAll('gig:updated', { resourceId: gig.id });
    },

    // Lists --------------------------------------------------------------------------------

    async myGigs(user: TUser): Promise<{ gigs: TGigSummary[] }> {
      return { gigs: await presentGigs(await gigsRepo.mine(db, user.id), viewerOf(user)) };
    },

    /** For the admin console (issue 16): disputed gigs, oldest dispute first, with their history. */
    async disputes(limit = 50) {
      const rows = await gigsRepo.byStatus(db, 'disputed', limit);
      const gigs = await presentGigs(rows, { id: 'admin', role: 'admin' });
      return Promise.all(gigs.map(async (g) => ({ gig: g, events: await gigsRepo.events(db, g.id) })));
    },

    /** Open gigs a member posted (their talent page). */
    async openGigsOf(userId: string, viewer: Viewer): Promise<TGigSummary[]> {
      return presentGigs(await gigsRepo.openByPoster(db, userId), viewer);
    },

    /**
     * The `talent.gig-posted` job: one batch of `gig_posted` notifications to the talents whose
     * skills match, skipping any who already had GIG_POSTED_DAILY_CAP of them in the last 24 hours.
     */
    async notifyMatchingTalents(gigId: string): Promise<void> {
      await transaction(db, async (tx) => {
        const gig = await gigsRepo.find(tx, gigId);
        if (!gig || gig.status !== 'open') return;
        const candidates = await matchingTalents(tx, gig.id, gig.posterId, now());
        const counts = await notifications.countsSince(
          candidates,
          'gig_posted',
          new Date(now().getTime() - DAY_MS),
          tx,
        );
        const recipients = candidates.filter((id) => (counts.get(id) ?? 0) < GIG_POSTED_DAILY_CAP);
        const budget =
          formatMoney(gig.budgetMin, gig.currency) +
          (gig.budgetMax > gig.budgetMin ? `–${formatMoney(gig.budgetMax, gig.currency)}` : '');
        await notifications.notifyMany(
          recipients,
          {
            type: 'gig_posted',
            title: 'A new gig matches your skills',
            message: `${gig.title} (${budget})`.slice(0, 300),
            link: `/gigs/${gig.id}`,
            actorId: gig.posterId,
          },
          tx,
        );
      });
    },
  };
  // The hire's follow-up: the gig's chat between the two, then the gig as the poster sees it.
  const bids = createGigBids(deps, ctx, flow.hired, async (poster, talentId, gigId) => {
    await gigs.openChat(poster, talentId, gigId);
    return gigs.detail(poster, gigId);
  });
  /** A milestone paid while the gig is delivered pays for that delivery: it is submitted, and its release timed. */
  async function funded(tx: DbOrTx, gigId: string): Promise<void> {
    const gig = await gigsRepo.find(tx, gigId);
    if (gig?.status === 'delivered' && (await flow.delivered(tx, gig))) await flow.scheduleRelease(tx, gig);
    announce(tx, gigId);
  }

  return {
    ...gigs,
    ...bids,
    ...delivery,
    ...createGigMatch(deps, ctx),
    escrow,
    /** The `gig_milestone` purchase kind, for payments (decision 060). */
    milestonePurchase: milestonePurchase(now, funded),
  };
}

export type GigsService = ReturnType<typeof createGigsService>;
