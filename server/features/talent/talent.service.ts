import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import { cursorParam } from '#server/db/paging';
import { searchText } from '#server/lib/search/search';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type {
  TInvitation,
  TMyInvitations,
  TTalentCard,
  TTalentDetail,
  TTalentList,
  ZTalentsQuery,
} from '#shared/talent/talent.schemas';
import { afterCommit, transaction } from '#server/db/transaction';
import type { RealtimeService } from '#server/realtime/realtime.service';
import { presentPerson } from '../accounts';
import type { CertificatesService } from '../certificates';
import type { ChatService } from '../chat';
import type { NotificationsService } from '../notifications';
import type { SkillsService } from '../skills';
import type { GigsService } from './gigs.service';
import type { PortfolioService } from './portfolio.service';
import { gigsRepo } from './gigs.repo';
import { invitationsRepo } from './invitations.repo';
import { presentReview } from './talent.presenter';
import { trackRecord } from './track-record.repo';
import { talentSearchRepo, type TalentFilter, type TalentRow } from './talent-search.repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', 'Talent not found.');

/** The talent directory (issue 14): members holding the talent role with their details filled in. */
export interface TalentDeps {
  db: Db;
  skills: SkillsService;
  gigs: GigsService;
  portfolio: PortfolioService;
  notifications: NotificationsService;
  chat: ChatService;
  certificates: CertificatesService;
  realtime: RealtimeService;
  now: () => Date;
}

/** The client files its invitations list under the gigs' key (client/features/talent/api/query-keys.ts). */
const MY_INVITATIONS = [['/api/talent/gigs']];

export function createTalentService(deps: TalentDeps) {
  const { db, skills, gigs, portfolio, notifications, chat, certificates, realtime, now } = deps;

  /** One talent's search row, by id (hidden ones only when `includeHidden`); 404 when there is none. */
  async function oneTalent(tx: DbOrTx, id: string, includeHidden?: boolean): Promise<TalentRow> {
    const filter: TalentFilter = {
      text: null,
      skillSlugs: [],
      sort: 'rating',
      limit: 1,
      offset: 0,
      now: now(),
      id,
      includeHidden,
    };
    const [row] = (await talentSearchRepo.search(tx, filter)).rows;
    if (!row) throw notFound();
    return row;
  }

  function cards(rows: TalentRow[]): TTalentCard[] {
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      fullName: r.fullName,
      avatarUrl: r.avatarUrl,
      headline: r.headline,
      hourlyRateMinor: r.hourlyRateMinor,
      currency: r.currency,
      availability: r.availability,
      availableFrom: r.availableFrom,
      skills: r.skills,
      rating: r.rating,
      reviewCount: r.reviewCount,
      completedGigs: r.completedGigs,
    }));
  }

  return {
    async list(q: z.output<typeof ZTalentsQuery>): Promise<TTalentList> {
      const slugs = [...new Set(q.skills ?? [])];
      if (q.level && slugs.length === 0) {
        const message = 'Choose a skill to filter by level';
        throw new AppError('VALIDATION_FAILED', message, { skills: message });
      }
      const text = searchText(q.q);
      const level = q.level;
      const filter: TalentFilter = {
        text,
        skillSlugs: slugs,
        minRate: q.minRate,
        maxRate: q.maxRate,
        availability: q.availability,
        location: q.location,
        minRating: q.minRating,
        // At or above the level, as the public sees it, in one of the skills: tested inside the
        // one statement on the passport's stored levels, so totals and pages count it (decision 079).
        atLevel: level && ((owner, skill) => skills.atLevel(owner, skill, level)),
        sort: q.sort ?? (slugs.length > 0 || text ? 'match' : 'rating'),
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
        cursor: cursorParam(q.cursor),
        now: now(),
      };
      let found = await talentSearchRepo.search(db, filter);
      // Typos on names only when the words matched nothing, on every page (the job board's rule).
      if (text && found.total === 0) found = await talentSearchRepo.search(db, { ...filter, fuzzy: true });
      // An unknown skill is the same 400 as everywhere; the page answers the question when it has a row.
      if (slugs.length > 0 && (found.knownSkills === null || found.knownSkills < slugs.length))
        await skills.resolveSlugs(slugs, db, 'skills');
      const talents = cards(found.rows);
      const leveled = await skills.leveled(
        talents.map((t) => t.id),
        talents.map((t) => t.skills),
      );
      return {
        talents: talents.map((t, i) => ({ ...t, skills: leveled[i]! })),
        total: found.total,
        page: q.page,
        pageSize: q.pageSize,
        totalCapped: found.totalCapped,
        nextCursor: found.nextCursor,
      };
    },

    /** A talent's page; hidden, deleted or not a talent answers 404 (themselves and admins still see it). */
    async detail(viewer: TUser | null, id: string): Promise<TTalentDetail> {
      if (!UUID.test(id)) throw notFound();
      const self = viewer !== null && (viewer.id === id || viewer.role === 'admin');
      const row = await oneTalent(db, id, self);
      const [card] = cards([row]);
      card!.skills = (await skills.leveled([id], [card!.skills]))[0]!;
      const reviewRows = await gigsRepo.reviewsAbout(db, id, 50);
      const persons = new Map(
        (
          await gigsRepo.persons(
            db,
            reviewRows.map((r) => r.review.authorId),
            now(),
          )
        ).map((p) => [p.id, p]),
      );
      const v = viewer ? { id: viewer.id, role: viewer.role } : null;
      return {
        ...card!,
        bio: row.bio,
        messageable: !row.chatClosed,
        location: row.location,
        portfolio: await portfolio.of(id),
        reviews: reviewRows
          .filter((r) => r.review.subjectRole === 'talent')
          .map((r) => presentReview(r.review, r.gigTitle, persons, v)),
        openGigs: await gigs.openGigsOf(id, v),
        invitableGigs: viewer && viewer.id !== id ? await invitationsRepo.invitableGigs(db, viewer.id, id) : [],
        trackRecord: await trackRecord(db, id),
        certificates: await certificates.ofUser(id),
      };
    },

    /** The invitations to bid still waiting for the member: open gigs, no bid of theirs yet. */
    async myInvitations(user: TUser): Promise<TMyInvitations> {
      const rows = await invitationsRepo.openFor(db, user.id, now());
      const viewer = { id: user.id, role: user.role };
      return {
        invitations: rows.map((r) => ({
          gig: r.gig,
          invitedBy: presentPerson(r.invitedBy, viewer),
          invitedAt: r.invitedAt.toISOString(),
        })),
      };
    },

    /**
     * "Invite to bid": the poster of an open gig asks a listed talent to bid on it, once per
     * (gig, talent). The gig row is share-locked so an accept or cancel cannot slip between the
     * check and the invitation. The notice is `system_update`: the spec has no invitation type,
     * and `gig_posted` is the capped, opt-out broadcast of matches, not a person asking.
     */
    async invite(user: TUser, gigId: string, talentId: string): Promise<TInvitation> {
      return transaction(db, async (tx) => {
        const gig = UUID.test(gigId) ? await gigsRepo.findShared(tx, gigId) : undefined;
        if (!gig) throw new AppError('NOT_FOUND', 'Gig not found.');
        if (gig.posterId !== user.id)
          throw new AppError('FORBIDDEN', "Only the gig's poster can invite talent to bid.");
        if (talentId === user.id) throw new AppError('BAD_REQUEST', 'You cannot invite yourself to your own gig.');
        if (gig.status !== 'open') throw new AppError('CONFLICT', 'This gig is no longer open for bids.');
        const talent = await oneTalent(tx, talentId);
        if (await chat.isBlocked(user.id, talentId, tx))
          throw new AppError('FORBIDDEN', 'You cannot invite this member.');
        if (await gigsRepo.liveBidOf(tx, gig.id, talentId))
          throw new AppError('CONFLICT', `${talent.fullName} has already bid on this gig.`);
        const row = await invitationsRepo.insert(tx, gig.id, talentId, now());
        if (!row) throw new AppError('CONFLICT', `You have already invited ${talent.fullName} to this gig.`);
        await notifications.notify(
          talentId,
          {
            type: 'system_update',
            title: 'You are invited to bid',
            message: `${user.fullName} invited you to bid on "${gig.title}".`.slice(0, 500),
            actorId: user.id,
            link: `/gigs/${gig.id}`,
          },
          tx,
        );
        afterCommit(tx, () => realtime.emitToUser(talentId, 'data:updated', { queryKeys: MY_INVITATIONS }));
        return { gigId: row.gigId, talentId: row.talentId, createdAt: row.createdAt.toISOString() };
      });
    },
  };
}

export type TalentService = ReturnType<typeof createTalentService>;
