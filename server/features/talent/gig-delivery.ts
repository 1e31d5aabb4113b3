import type { DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { AUTO_RELEASE_AFTER_MS } from '#shared/talent/escrow.schemas';
import { AUTO_COMPLETE_AFTER_MS, MAX_CHANGE_REQUESTS } from '#shared/talent/gig-machine';
import type { TGigDetail } from '#shared/talent/talent.schemas';
import type { EscrowFlow } from './escrow-flow';
import type { GigContext, GigsDeps } from './gig-context';
import { takeTransition } from './gig-machine';
import { gigsRepo, type GigRow } from './gigs.repo';
import { autoCompleteJob } from './talent.queue';

/**
 * Delivery and its answers (decision 026), with the escrow's part (decision 060): delivering
 * submits the funded milestones, changes send them back, accepting releases them; with money held
 * a silent poster has 14 days rather than 7, and is warned 48 hours before. Accepting while
 * milestones are still to be funded sends the gig back to work on the next one.
 */
export function createGigDelivery(
  deps: GigsDeps,
  ctx: GigContext,
  flow: EscrowFlow,
  detail: (user: TUser, gigId: string) => Promise<TGigDetail>,
) {
  const { db, jobs, files, now } = deps;
  const { gigOr404, announce, notifyGig, act, completed } = ctx;

  /** Whether accepting now goes on to a next milestone: money was held and more is planned. */
  async function continues(tx: DbOrTx, gigId: string): Promise<boolean> {
    const held = await flow.held(tx, gigId);
    return held.length > 0 && (await flow.unfunded(tx, gigId)) > 0;
  }

  /** Closing the gig: nothing planned left behind, and what completing starts (reviews, passport). */
  async function close(tx: DbOrTx, gig: GigRow) {
    await flow.closeUnfunded(tx, gig.id);
    await completed(tx, gig);
  }

  return {
    /** A new delivery's note and files replace the last one's (decision 037). */
    async deliver(user: TUser, gigId: string, note: string, fileUploadIds: string[] = []): Promise<TGigDetail> {
      await transaction(db, async (tx) => {
        // Whoever may not deliver hears so (act's 403 or 409), not about the files they sent.
        const current = await gigOr404(gigId, tx);
        const deliveryFileUploadIds =
          current.talentId === user.id ? await files.requireDeliveryFiles(user.id, fileUploadIds, tx) : [];
        const gig = await act(tx, user, gigId, 'deliver', {
          set: { deliveryNote: note, deliveredAt: now(), deliveryFileUploadIds },
          note,
        });
        const holds = await flow.delivered(tx, gig);
        if (holds) await flow.scheduleRelease(tx, gig);
        else
          await jobs.send(
            tx,
            autoCompleteJob,
            { gigId: gig.id },
            {
              startAfter: new Date(gig.statusAt.getTime() + AUTO_COMPLETE_AFTER_MS),
              singletonKey: `${gig.id}:${gig.statusAt.getTime()}`,
            },
          );
        await notifyGig(
          tx,
          [gig.posterId],
          gig,
          'Work delivered',
          holds
            ? `"${gig.title}" was delivered. Accept it to release the money held, or ask for changes, within 14 days.`
            : `"${gig.title}" was delivered. Accept it or ask for changes within 7 days.`,
        );
      });
      return detail(user, gigId);
    },

    async acceptDelivery(user: TUser, gigId: string): Promise<TGigDetail> {
      await transaction(db, async (tx) => {
        const next = await continues(tx, gigId);
        const gig = await act(tx, user, gigId, next ? 'accept_part' : 'accept_delivery', {
          set: next ? {} : { completedAt: now() },
        });
        await flow.releaseHeld(tx, gig);
        if (next) {
          await notifyGig(
            tx,
            [gig.talentId!],
            gig,
            'Milestone accepted',
            `Your work on "${gig.title}" was accepted and paid. The next milestone is funded before you carry on.`,
          );
          return;
        }
        await close(tx, gig);
        await notifyGig(
          tx,
          [gig.talentId!],
          gig,
          'Gig completed',
          `"${gig.title}" is complete. Leave a review of working together.`,
        );
      });
      return detail(user, gigId);
    },

    async requestChanges(user: TUser, gigId: string, note: string): Promise<TGigDetail> {
      await transaction(db, async (tx) => {
        const current = await gigOr404(gigId, tx);
        if (
          current.posterId === user.id &&
          current.status === 'delivered' &&
          current.changeRequests >= MAX_CHANGE_REQUESTS
        ) {
          throw new AppError(
            'CONFLICT',
            `You have asked for changes ${MAX_CHANGE_REQUESTS} times: accept the work or open a dispute.`,
          );
        }
        const gig = await act(tx, user, gigId, 'request_changes', {
          set: { changeRequests: current.changeRequests + 1 },
          note: note || null,
        });
        await flow.changesRequested(tx, gig);
        await notifyGig(
          tx,
          [gig.talentId!],
          gig,
          'Changes requested',
          note ? `On "${gig.title}": ${note.slice(0, 200)}` : `The poster of "${gig.title}" asked for changes.`,
          user.id,
        );
      });
      return detail(user, gigId);
    },

    /**
     * The `talent.auto-complete` job: a delivery left unanswered completes after 7 days, or with
     * money held releases it after 14 (decision 060); a disputed milestone waits for its decision.
     */
    async autoComplete(gigId: string): Promise<void> {
      await transaction(db, async (tx) => {
        const gig = await gigsRepo.find(tx, gigId);
        if (!gig || gig.status !== 'delivered') return;
        const held = await flow.held(tx, gig.id);
        if (held.some((m) => m.status === 'disputed')) return;
        const after = held.length > 0 ? AUTO_RELEASE_AFTER_MS : AUTO_COMPLETE_AFTER_MS;
        if (gig.statusAt.getTime() + after > now().getTime()) return;
        const next = held.length > 0 && (await flow.unfunded(tx, gig.id)) > 0;
        const name = held.length === 0 ? 'auto_complete' : next ? 'auto_release_part' : 'auto_release';
        const done = await takeTransition(tx, gig.id, name, {
          party: 'system',
          actorId: null,
          now: now(),
          set: next ? {} : { completedAt: now() },
        });
        await flow.releaseHeld(tx, done);
        announce(tx, done.id);
        if (next) {
          await notifyGig(
            tx,
            [done.posterId, done.talentId!],
            done,
            'Escrow released',
            `The delivery on "${done.title}" went unanswered for 14 days, so the money held was released. The next milestone is funded before work carries on.`,
          );
          return;
        }
        await close(tx, done);
        const days = held.length > 0 ? 14 : 7;
        await notifyGig(
          tx,
          [done.posterId, done.talentId!],
          done,
          'Gig completed',
          `"${done.title}" completed ${days} days after delivery. Leave a review of working together.`,
        );
      });
    },

    /** The `talent.auto-release-warning` job: the same delivery, still unanswered, with money held. */
    async warnAutoRelease(gigId: string, deliveredAt: string): Promise<void> {
      await transaction(db, async (tx) => {
        const gig = await gigsRepo.find(tx, gigId);
        if (!gig || gig.status !== 'delivered' || gig.statusAt.toISOString() !== deliveredAt) return;
        const held = await flow.held(tx, gig.id);
        if (held.length === 0 || held.some((m) => m.status === 'disputed')) return;
        await flow.warnPoster(
          tx,
          gig,
          held.reduce((s, m) => s + m.amountMinor, 0),
        );
      });
    },
  };
}
