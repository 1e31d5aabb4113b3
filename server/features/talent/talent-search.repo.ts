import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import * as search from '../../lib/search/search';
import type { AVAILABILITIES } from '../../../shared/accounts/roles.schemas';

type TAvailability = (typeof AVAILABILITIES)[number];
import type { TCurrency } from '../../../shared/money';
import { suspensions, users } from '../accounts/accounts.table';
import { profiles, userSkills } from '../profiles/profiles.table';
import { talentProfiles } from '../roles/roles.table';
import { gigReviews, gigs } from './talent.table';

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
    const document = sql`(search_document(${users.fullName}, 'A') || search_document(coalesce(${profiles.headline}, ''), 'B') || search_document(coalesce(${profiles.bio}, ''), 'C'))`;
    const hidden = sql`(${users.deletedAt} is not null or ${users.id} in (select ${suspensions.userId} from ${suspensions}
      where ${suspensions.liftedAt} is null and (${suspensions.endsAt} is null or ${suspensions.endsAt} > ${f.now})
        and 'profile_hidden' = any(${suspensions.restrictions})))`;
    const rating = sql`(select avg(${gigReviews.rating})::float8 from ${gigReviews} where ${gigReviews.subjectId} = ${users.id} and ${gigReviews.subjectRole} = 'talent' and ${gigReviews.revealedAt} is not null)`;
    const matched =
      f.skillIds.length > 0
        ? sql`(select count(*)::int from ${userSkills} where ${userSkills.ownerId} = ${users.id} and ${userSkills.skillId} in (${sql.join(f.skillIds.map((id) => sql`${id}::uuid`), sql`, `)}))`
        : sql`(0)::real`;
    const conditions: SQL[] = [sql`'talent' = any(${users.roles})`];
    if (!f.includeHidden) conditions.push(sql`not ${hidden}`);
    if (f.id) conditions.push(sql`${users.id} = ${f.id}::uuid`);
    if (f.text) conditions.push(sql`(${document} @@ ${alias.query} or ${alias.words} <% ${search.foldedText(users.fullName)})`);
    if (f.skillIds.length > 0) conditions.push(sql`${matched} > 0`);
    if (f.minRate !== undefined) conditions.push(sql`${talentProfiles.hourlyRateMinor} >= ${f.minRate}`);
    if (f.maxRate !== undefined) conditions.push(sql`${talentProfiles.hourlyRateMinor} <= ${f.maxRate}`);
    if (f.availability) conditions.push(sql`${talentProfiles.availability} = ${f.availability}`);
    if (f.minRating !== undefined) conditions.push(sql`coalesce(${rating}, 0) >= ${f.minRating}`);
    const where = sql.join(conditions, sql` and `);
    const from = sql`${users} inner join ${talentProfiles} on ${talentProfiles.userId} = ${users.id} left join ${profiles} on ${profiles.userId} = ${users.id}${f.text ? sql` cross join ${source}` : sql``}`;
    const rank = f.text ? sql`ts_rank(${document}, ${alias.query})` : sql`(0)::real`;
    const order = {
      match: sql`matched desc, ${rank} desc, rating desc nulls last, ${users.createdAt} desc`,
      rating: sql`rating desc nulls last, review_count desc, ${users.createdAt} desc`,
      rate_asc: sql`${talentProfiles.hourlyRateMinor} asc, rating desc nulls last`,
      rate_desc: sql`${talentProfiles.hourlyRateMinor} desc, rating desc nulls last`,
    }[f.sort];
    const result = await db.execute<Record<string, unknown>>(sql`
      select ${users.id} as id, ${users.username} as username, ${users.fullName} as full_name, ${users.avatarUrl} as avatar_url,
        coalesce(${profiles.headline}, '') as headline, coalesce(${profiles.bio}, '') as bio, ${profiles.location} as location,
        ${talentProfiles.hourlyRateMinor} as hourly_rate_minor, ${talentProfiles.currency} as currency,
        ${talentProfiles.availability} as availability, ${talentProfiles.availableFrom}::text as available_from,
        ${rating} as rating,
        (select count(*)::int from ${gigReviews} where ${gigReviews.subjectId} = ${users.id} and ${gigReviews.subjectRole} = 'talent' and ${gigReviews.revealedAt} is not null) as review_count,
        (select count(*)::int from ${gigs} where ${gigs.talentId} = ${users.id} and ${gigs.status} = 'completed') as completed_gigs,
        ${matched} as matched
      from ${from}
      where ${where}
      order by ${order}, ${users.id}
      limit ${f.limit} offset ${f.offset}`);
    const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${from} where ${where}`);
    const rows = result.rows.map((r) => ({
      id: String(r.id),
      username: String(r.username),
      fullName: String(r.full_name),
      avatarUrl: (r.avatar_url as string | null) ?? null,
      headline: String(r.headline),
      bio: String(r.bio),
      location: (r.location as string | null) ?? null,
      hourlyRateMinor: Number(r.hourly_rate_minor),
      currency: r.currency as TCurrency,
      availability: r.availability as TAvailability,
      availableFrom: (r.available_from as string | null) ?? null,
      rating: r.rating === null || r.rating === undefined ? null : Math.round(Number(r.rating) * 10) / 10,
      reviewCount: Number(r.review_count),
      completedGigs: Number(r.completed_gigs),
      matched: Number(r.matched),
    }));
    return { rows, total: Number(counted.rows[0]?.n ?? 0) };
  },
};
