import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { searchText } from '../../lib/search/search';
import type { TUser } from '../../../shared/accounts/accounts.schemas';
import type { TTalentCard, TTalentDetail, TTalentList, ZTalentsQuery } from '../../../shared/talent/talent.schemas';
import type { ProfilesService } from '../profiles/profiles.service';
import type { SkillsService } from '../skills/skills.service';
import type { GigsService } from './gigs.service';
import type { PortfolioService } from './portfolio.service';
import { gigsRepo } from './gigs.repo';
import { presentReview } from './talent.presenter';
import { talentSearchRepo, type TalentRow } from './talent-search.repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', 'Talent not found.');

/** The talent directory (issue 14): members holding the talent role with their details filled in. */
export function createTalentService(deps: { db: Db; skills: SkillsService; profiles: ProfilesService; gigs: GigsService; portfolio: PortfolioService; now: () => Date }) {
  const { db, skills, profiles, gigs, portfolio, now } = deps;

  async function cards(rows: TalentRow[]): Promise<TTalentCard[]> {
    const held = await profiles.skillsOfMany(rows.map((r) => r.id));
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
      skills: held.get(r.id) ?? [],
      rating: r.rating,
      reviewCount: r.reviewCount,
      completedGigs: r.completedGigs,
    }));
  }

  return {
    async list(q: z.output<typeof ZTalentsQuery>): Promise<TTalentList> {
      const skillIds = q.skills?.length ? await skills.resolveSlugs(q.skills, db, 'skills') : [];
      const text = searchText(q.q);
      const { rows, total } = await talentSearchRepo.search(db, {
        text,
        skillIds,
        minRate: q.minRate,
        maxRate: q.maxRate,
        availability: q.availability,
        minRating: q.minRating,
        sort: q.sort ?? (skillIds.length > 0 || text ? 'match' : 'rating'),
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
        now: now(),
      });
      return { talents: await cards(rows), total, page: q.page, pageSize: q.pageSize };
    },

    /** A talent's page; hidden, deleted or not a talent answers 404 (themselves and admins still see it). */
    async detail(viewer: TUser | null, id: string): Promise<TTalentDetail> {
      if (!UUID.test(id)) throw notFound();
      const self = viewer !== null && (viewer.id === id || viewer.role === 'admin');
      const { rows } = await talentSearchRepo.search(db, { text: null, skillIds: [], sort: 'rating', limit: 1, offset: 0, now: now(), id, includeHidden: self });
      const row = rows[0];
      if (!row) throw notFound();
      const [card] = await cards([row]);
      const reviewRows = await gigsRepo.reviewsAbout(db, id, 50);
      const persons = new Map((await gigsRepo.persons(db, reviewRows.map((r) => r.review.authorId), now())).map((p) => [p.id, p]));
      const v = viewer ? { id: viewer.id, role: viewer.role } : null;
      return {
        ...card!,
        bio: row.bio,
        location: row.location,
        portfolio: await portfolio.of(id),
        reviews: reviewRows.filter((r) => r.review.subjectRole === 'talent').map((r) => presentReview(r.review, r.gigTitle, persons, v)),
        openGigs: await gigs.openGigsOf(id, v),
      };
    },
  };
}

export type TalentService = ReturnType<typeof createTalentService>;
