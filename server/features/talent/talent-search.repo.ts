import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import * as search from '../../lib/search/search';
import type { AVAILABILITIES } from '../../../shared/accounts/roles.schemas';

type TAvailability = (typeof AVAILABILITIES)[number];
import type { TCurrency } from '../../../shared/money';
import type { TLocation } from '../../../shared/profiles/locations';
import { people, personColumns } from '../accounts/person';
import { notificationPreferences } from '../notifications/notifications.table';
import { profiles, userSkills } from '../profiles/profiles.table';
import { talentProfiles } from '../roles/roles.table';
import { gigReviews, gigSkills, gigs } from './talent.table';

/**
 * The talent directory's one statement. It reads, never writes, the display columns of users,
 * the member's profile and talent details and their skills beside this feature's gigs and
 * reviews: a search that filters and sorts on all of them at once cannot be assembled from
 * per-feature calls without fetching every talent (decision 026). Hidden and deleted members
 * are never listed.
 */
export interface TalentFilter {
  text: string | null;
  skillIds: string[];
  minRate?: number;
  maxRate?: number;
  availability?: TAvailability;
  location?: TLocation;
  minRating?: number;
  sort: 'match' | 'rating' | 'rate_asc' | 'rate_desc';
  limit: number;
  offset: number;
  now: Date;
  /** One member, for the detail page (hidden members answered to themselves and admins). */
  id?: string;
  includeHidden?: boolean;
}

export interface TalentRow {
  id: string;
  username: string;
  fullName: string;
  avatarUrl: string | null;
  headline: string;
  bio: string;
  location: string | null;
  hourlyRateMinor: number;
  currency: TCurrency;
  availability: TAvailability;
  availableFrom: string | null;
  rating: number | null;
  reviewCount: number;
  completedGigs: number;
  matched: number;
}

export const talentSearchRepo = {
  async search(db: DbOrTx, f: TalentFilter): Promise<{ rows: TalentRow[]; total: number }> {
    const { source, alias } = search.searchSource(f.text ?? '');
    const users = people('u');
    const document = sql`(search_document(${users.fullName}, 'A') || search_document(coalesce(${profiles.headline}, ''), 'B') || search_document(coalesce(${profiles.bio}, ''), 'C'))`;
    const person = personColumns(users, f.now);
    const hidden = sql`(${person.deleted} or ${person.hidden})`;
    const rating = sql`(select avg(${gigReviews.rating})::float8 from ${gigReviews} where ${gigReviews.subjectId} = ${users.id} and ${gigReviews.subjectRole} = 'talent' and ${gigReviews.revealedAt} is not null)`;
    const matched =
      f.skillIds.length > 0
        ? sql`(select count(*)::int from ${userSkills} where ${userSkills.ownerId} = ${users.id} and ${userSkills.skillId} in (${sql.join(f.skillIds.map((id) => sql`${id}::uuid`), sql`, `)}))`
        : sql`(0)::real`;
    // A talent_profiles row is written only by a member holding the talent role, and roles are never given up (decision 018).
    const conditions: SQL[] = [];
    if (!f.includeHidden) conditions.push(sql`not ${hidden}`);
    if (f.id) conditions.push(sql`${users.id} = ${f.id}::uuid`);
    if (f.text) conditions.push(sql`(${document} @@ ${alias.query} or ${alias.words} <% ${search.foldedText(users.fullName)})`);
    if (f.skillIds.length > 0) conditions.push(sql`${matched} > 0`);
    if (f.minRate !== undefined) conditions.push(sql`${talentProfiles.hourlyRateMinor} >= ${f.minRate}`);
    if (f.maxRate !== undefined) conditions.push(sql`${talentProfiles.hourlyRateMinor} <= ${f.maxRate}`);
    if (f.availability) conditions.push(sql`${talentProfiles.availability} = ${f.availability}`);
    if (f.location) conditions.push(sql`${profiles.location} = ${f.location}`);
    if (f.minRating !== undefined) conditions.push(sql`coalesce(${rating}, 0) >= ${f.minRating}`);
    const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
    const rank = f.text ? sql`ts_rank(${document}, ${alias.query})` : sql`(0)::real`;
    const order = {
      match: sql`matched desc, ${rank} desc, rating desc nulls last, ${talentProfiles.updatedAt} desc`,
      rating: sql`rating desc nulls last, review_count desc, ${talentProfiles.updatedAt} desc`,
      rate_asc: sql`${talentProfiles.hourlyRateMinor} asc, rating desc nulls last`,
      rate_desc: sql`${talentProfiles.hourlyRateMinor} desc, rating desc nulls last`,
    }[f.sort];
    const base = db
      .select({
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        avatarUrl: users.avatarUrl,
        headline: sql<string>`coalesce(${profiles.headline}, '')`,
        bio: sql<string>`coalesce(${profiles.bio}, '')`,
        location: profiles.location,
        hourlyRateMinor: talentProfiles.hourlyRateMinor,
        currency: talentProfiles.currency,
        availability: talentProfiles.availability,
        availableFrom: talentProfiles.availableFrom,
        rating: sql<number | null>`${rating}`.as('rating'),
        reviewCount: sql<number>`(select count(*)::int from ${gigReviews} where ${gigReviews.subjectId} = ${users.id} and ${gigReviews.subjectRole} = 'talent' and ${gigReviews.revealedAt} is not null)`.as('review_count'),
        completedGigs: sql<number>`(select count(*)::int from ${gigs} where ${gigs.talentId} = ${users.id} and ${gigs.status} = 'completed')`,
        matched: sql<number>`${matched}`.as('matched'),
      })
      .from(talentProfiles)
      .innerJoin(users, sql`${users.id} = ${talentProfiles.userId}`)
      .leftJoin(profiles, sql`${profiles.userId} = ${talentProfiles.userId}`);
    const found = await (f.text ? base.crossJoin(source) : base).where(where).orderBy(order, sql`${users.id}`).limit(f.limit).offset(f.offset);
    const countBase = db
      .select({ n: sql<number>`count(*)::int` })
      .from(talentProfiles)
      .innerJoin(users, sql`${users.id} = ${talentProfiles.userId}`)
      .leftJoin(profiles, sql`${profiles.userId} = ${talentProfiles.userId}`);
    const [counted] = await (f.text ? countBase.crossJoin(source) : countBase).where(where);
    const rows: TalentRow[] = found.map((r) => ({
      ...r,
      location: r.location ?? null,
      availableFrom: r.availableFrom ?? null,
      rating: r.rating === null || r.rating === undefined ? null : Math.round(Number(r.rating) * 10) / 10,
      reviewCount: Number(r.reviewCount),
      completedGigs: Number(r.completedGigs),
      matched: Number(r.matched),
    }));
    return { rows, total: Number(counted?.n ?? 0) };
  },
};

/**
 * Talents whose skills meet a gig's (not its poster, nor hidden or deleted members, nor those who
 * turned `gig_posted` off in their notification preferences): who hears of a new gig.
 */
export async function matchingTalents(db: DbOrTx, gigId: string, posterId: string, now: Date, limit = 1_000): Promise<string[]> {
  const users = people('u');
  const person = personColumns(users, now);
  const rows = await db
    .selectDistinct({ id: talentProfiles.userId })
    .from(talentProfiles)
    .innerJoin(users, sql`${users.id} = ${talentProfiles.userId}`)
    .innerJoin(userSkills, sql`${userSkills.ownerId} = ${talentProfiles.userId}`)
    .innerJoin(gigSkills, sql`${gigSkills.skillId} = ${userSkills.skillId} and ${gigSkills.ownerId} = ${gigId}::uuid`)
    .where(
      sql`${talentProfiles.userId} <> ${posterId}::uuid and not (${person.deleted} or ${person.hidden})
        and not exists (select 1 from ${notificationPreferences} where ${notificationPreferences.userId} = ${talentProfiles.userId}
          and ${notificationPreferences.type} = 'gig_posted' and ${notificationPreferences.inApp} = false)`,
    )
    .limit(limit);
  return rows.map((r) => r.id);
}
