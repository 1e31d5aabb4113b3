import type { Db, DbOrTx } from '#server/db/client';
import { afterCommit } from '#server/db/transaction';
import type { QueueService } from '#server/queue/queue.service';
import { AppError } from '#server/lib/errors';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { REVIEW_REVEAL_AFTER_MS, type TGigTransition } from '#shared/talent/gig-machine';
import type { TBid, TGigSummary } from '#shared/talent/talent.schemas';
import type { AccountsService, Viewer } from '../accounts';
import type { PaymentsService } from '../payments';
import type { WalletService } from '../wallet';
import type { Audit } from '#server/lib/audit/audit';
import type { ChatService } from '../chat';
import type { NotificationsService } from '../notifications';
import type { ProfilesService } from '../profiles';
import type { SkillsService } from '../skills';
import type { GigFiles } from './gig-files';
import { partiesOf, takeTransition } from './gig-machine';
import { type BidRow, type GigRow, gigSkills, gigsRepo } from './gigs.repo';
import { revealReviewsJob } from './talent.queue';
import { presentBid, presentGig, type Persons } from './talent.presenter';

/*
 * What the gig service and its bids share: the dependencies, the errors, and the helpers that
 * find, present and announce a gig inside the caller's transaction.
 */

export interface GigsDeps {
  db: Db;
  realtime: RealtimeService;
  notifications: NotificationsService;
  jobs: QueueService;
  skills: SkillsService;
  profiles: ProfilesService;
  chat: ChatService;
  files: GigFiles;
  /** Escrow (decision 060): checkouts and refunds of milestones, the ledger's postings, the poster's mail. */
  payments: PaymentsService;
  wallet: WalletService;
  accounts: AccountsService;
  audit: Audit;
  appUrl: string;
  now: () => Date;
  log?: { warn(obj: object, msg: string): void };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const gigNotFound = () => new AppError('NOT_FOUND', 'Gig not found.');
export const bidNotFound = () => new AppError('NOT_FOUND', 'Bid not found.');
export const viewerOf = (user: Pick<TUser, 'id' | 'role'> | null): Viewer =>
  user ? { id: user.id, role: user.role } : null;
export const MY_BIDS = [['/api/talent/my-bids']];
/** A talent hears of at most this many new gigs a day (issue 14). */
export const GIG_POSTED_DAILY_CAP = 5;

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export function createGigContext(deps: GigsDeps) {
  const { db, realtime, notifications, jobs, skills, profiles, now } = deps;

  async function gigOr404(id: string, tx: DbOrTx = db): Promise<GigRow> {
    const gig = UUID.test(id) ? await gigsRepo.find(tx, id) : undefined;
    if (!gig) throw gigNotFound();
    return gig;
  }

  async function personsFor(ids: string[], tx: DbOrTx = db): Promise<Persons> {
    return new Map((await gigsRepo.persons(tx, ids, now())).map((p) => [p.id, p]));
  }

  async function presentGigs(
    rows: Array<GigRow & { bidCount: number }>,
    viewer: Viewer,
    tx: DbOrTx = db,
  ): Promise<TGigSummary[]> {
    const ids = rows.flatMap((g) => [g.posterId, ...(g.talentId ? [g.talentId] : [])]);
    const [persons, linked] = await Promise.all([
      personsFor(ids, tx),
      skills.linksOf(
        gigSkills,
        rows.map((g) => g.id),
        tx,
      ),
    ]);
    return rows.map((g) => presentGig(g, { persons, skills: linked, viewer }));
  }

  async function presentBids(
    gig: Pick<GigRow, 'id' | 'currency'>,
    rows: BidRow[],
    viewer: Viewer,
    tx: DbOrTx = db,
  ): Promise<TBid[]> {
    const bidderIds = rows.map((b) => b.bidderId);
    const [persons, stats, wanted, held] = await Promise.all([
      personsFor(bidderIds, tx),
      gigsRepo.stats(tx, bidderIds),
      skills.linksOf(gigSkills, [gig.id], tx),
      profiles.skillsOfMany(bidderIds, tx),
    ]);
    const gigSkillSlugs = new Set((wanted.get(gig.id) ?? []).map((s) => s.slug));
    return rows.map((b) =>
      presentBid(b, {
        persons,
        stats,
        viewer,
        currency: gig.currency,
        matching: (held.get(b.bidderId) ?? []).filter((s) => gigSkillSlugs.has(s.slug)),
      }),
    );
  }

  /** Everyone browsing hears of the change; lists and the gig's page refetch. */
  function announce(tx: DbOrTx, gigId: string, event: 'gig:created' | 'gig:updated' = 'gig:updated') {
    afterCommit(tx, () => realtime.emitToAll(event, { resourceId: gigId }));
  }

  /** `actorId`: whose words `message` quotes (a note), so their erasure blanks it. */
  async function notifyGig(
    tx: DbOrTx,
    userIds: string[],
    gig: Pick<GigRow, 'id'>,
    title: string,
    message: string,
    actorId?: string,
  ) {
    if (userIds.length === 0) return;
    await notifications.notifyMany(
      userIds,
      { type: 'system_update', title, message, link: `/gigs/${gig.id}`, actorId },
      tx,
    );
  }

  /** The transitions' common path, inside the caller's transaction: the move and its event. */
  async function act(
    tx: DbOrTx,
    user: TUser,
    gigId: string,
    name: TGigTransition,
    extra: { set?: Record<string, unknown>; note?: string | null } = {},
  ) {
    const gig = await gigOr404(gigId, tx);
    const party = partiesOf(gig, user)[0];
    if (!party) throw new AppError('FORBIDDEN', 'Only the people on this gig can do this.');
    const moved = await takeTransition(tx, gig.id, name, {
      party,
      actorId: user.id,
      now: now(),
      set: extra.set as Partial<GigRow>,
      note: extra.note,
    });
    announce(tx, gig.id);
    return moved;
  }

  /**
   * A gig just completed: its reviews' timer, and its talent's passport levels (a completed gig is
   * evidence, decision 079), in the completing transaction.
   */
  async function completed(tx: DbOrTx, gig: GigRow) {
    await skills.evidenceChanged([gig.talentId!], tx);
    await jobs.send(
      tx,
      revealReviewsJob,
      { gigId: gig.id },
      { startAfter: new Date(gig.completedAt!.getTime() + REVIEW_REVEAL_AFTER_MS), singletonKey: gig.id },
    );
  }

  async function liveBidCount(gigId: string, tx: DbOrTx = db): Promise<number> {
    return (await gigsRepo.bidsOf(tx, gigId)).filter((b) => b.status === 'pending' || b.status === 'accepted').length;
  }

  return { gigOr404, personsFor, presentGigs, presentBids, announce, notifyGig, act, completed, liveBidCount };
}

export type GigContext = ReturnType<typeof createGigContext>;
