import { AppError } from '#server/lib/errors';
import { searchText } from '#server/lib/search/search';
import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  MENTORS_PAGE_SIZE,
  type TMentorCard,
  type TMentorDetail,
  type TMentorList,
  type TMentorsQuery,
} from '#shared/mentorship/mentorship.schemas';
import { roundRating } from '#shared/mentorship/reviews.schemas';
import type { TCurrency } from '#shared/money';
import type { TLeveledSkill } from '#shared/passport/passport.schemas';
import { presentPerson } from '../accounts';
import type { MentorshipDeps } from './mentorship.deps';
import { mentorshipRepo } from './mentorship.repo';
import { freeThisWeek } from './availability/free-this-week';
import { mentorsRepo, type MentorFilter } from './mentors.repo';

/** At most this many mentors are weighed for "available this week" in one request. */
const AVAILABILITY_CAP = 500;
const toMinor = (major: number | undefined) => (major === undefined ? undefined : Math.round(major * 100));

type Row = Awaited<ReturnType<typeof mentorsRepo.search>>[number];

function card(r: Row, expertise: TLeveledSkill[], viewer: TUser | null): TMentorCard {
  const person = presentPerson(r.person, viewer);
  const a = r.application;
  const headline =
    [a.currentRole, a.company].filter(Boolean).join(' at ') || `${a.yearsExperience} years of experience`;
  return {
    ...person,
    headline,
    bio: a.bio,
    expertise,
    yearsExperience: a.yearsExperience,
    fromPriceMinor: r.fromPrice === null ? null : Number(r.fromPrice),
    currency: (r.currency ?? 'NGN') as TCurrency,
    activePlans: r.plans,
    rating: r.rating === null ? null : roundRating(Number(r.rating)),
    reviews: r.reviews,
  };
}

/** The mentor directory (GET /api/mentors) and a mentor's profile. */
export function createMentorsService(deps: Pick<MentorshipDeps, 'db' | 'skills' | 'now'>) {
  const { db, skills, now } = deps;
  return {
    async list(viewer: TUser | null, query: TMentorsQuery): Promise<TMentorList> {
      const slugs = (query.skills ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)
        .slice(0, 20);
      const offset = (query.page - 1) * MENTORS_PAGE_SIZE;
      const filter: Omit<MentorFilter, 'limit' | 'offset'> = {
        text: searchText(query.q),
        skills: slugs,
        minPriceMinor: toMinor(query.minPrice),
        maxPriceMinor: toMinor(query.maxPrice),
        minRating: query.minRating,
      };
      if (query.available === 'week') {
        const candidates = await mentorsRepo.candidates(db, filter, now(), AVAILABILITY_CAP);
        filter.mentorIds = await freeThisWeek(db, candidates, now());
      }
      const rows = await mentorsRepo.search(db, { ...filter, limit: MENTORS_PAGE_SIZE, offset }, now());
      const expertise = await skills.leveled(
        rows.map((r) => r.application.userId),
        await skills.refsOf(rows.map((r) => r.application.expertise)),
      );
      return {
        mentors: rows.map((r, i) => card(r, expertise[i]!, viewer)),
        total: rows[0]?.total ?? 0,
        page: query.page,
        pageSize: MENTORS_PAGE_SIZE,
      };
    },

    async detail(viewer: TUser | null, mentorId: string): Promise<TMentorDetail> {
      const [row] = await mentorsRepo.search(db, { text: null, skills: [], mentorId, limit: 1, offset: 0 }, now());
      if (!row) throw new AppError('NOT_FOUND', 'Mentor not found.');
      return {
        ...card(row, (await skills.leveled([mentorId], await skills.refsOf([row.application.expertise])))[0]!, viewer),
        currentRole: row.application.currentRole,
        company: row.application.company,
        linkUrl: row.application.linkUrl,
        mentees: await mentorshipRepo.menteeCount(db, mentorId),
      };
    },

    /**
     * What a mentor's endorsement rests on (the passport, issue 31): the skills of their approved
     * expertise (none when they are no mentor) and the sessions held with this mentee.
     */
    async endorsingGround(mentorId: string, menteeId: string): Promise<{ expertise: string[]; sessionsHeld: number }> {
      const [expertise, sessionsHeld] = await Promise.all([
        mentorsRepo.expertise(db, mentorId),
        mentorsRepo.sessionsHeld(db, mentorId, menteeId),
      ]);
      return { expertise: expertise ?? [], sessionsHeld };
    },

    /** Whether the id is a mentor the viewer may see (their plans' page is a 404 otherwise). */
    async exists(mentorId: string): Promise<boolean> {
      return (
        (await mentorsRepo.search(db, { text: null, skills: [], mentorId, limit: 1, offset: 0 }, now())).length > 0
      );
    },
  };
}

export type MentorsService = ReturnType<typeof createMentorsService>;
