import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import * as search from '#server/db/search';
import type { AVAILABILITIES } from '#shared/accounts/roles.schemas';

type TAvailability = (typeof AVAILABILITIES)[number];
import type { TCurrency } from '#shared/money';
import type { TLocation } from '#shared/profiles/locations';
import { people, personColumns } from '../accounts';
import { notificationPreferences } from '../notifications/notifications.table';
import { profiles, userSkills } from '../profiles/profiles.table';
import { talentProfiles } from '../roles/roles.table';
import { hasAnySkill, knownSkills, parseSkills, skillsHeld, skillsJson } from './skill-sql.repo';
import { gigReviews, gigSkills, gigs } from './talent.table';
import type { TSkillRef } from '#shared/skills/skills.schemas';

/**
 * The talent directory's one statement. It reads, never writes, the display columns of users,
 * the member's profile and talent details and their skills beside this feature's gigs and
 * reviews: a search that filters and sorts on all of them at once cannot be assembled from
 * per-feature calls without fetching every talent (decision 026). Hidden and deleted members
 * are never listed.
 */
export interface TalentFilter {
  text: string | null;
  /** Typo matching on names alone: the second try when the words matched nothing. */
  fuzzy?: boolean;
  skillSlugs: string[];
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
  skills: TSkillRef[];
}

const USER_ID = sql.raw('"u"."id"');

export const talentSearchRepo = {
  /**
   * One page of talents in one statement: an inner query picks the page's ids in order with the
   * count over every match (the sort's columns computed there), then the page's rows get their
   * display columns and skills. `knownSkills` says how many of the slugs exist.
   */
  async search(db: DbOrTx, f: TalentFilter): Promise<{ rows: TalentRow[]; total: number; knownSkills: number | null }> {
    const parsed = f.text ? search.searchSource(f.text) : undefined;
    const users = people('u');
    const person = personColumns(users, f.now);
    // Both parts stored (name on users, headline and bio on profiles): made per row, a page took seconds.
    const document = sql`(${users.nameVector} || coalesce(${profiles.searchVector}, ''::tsvector))`;
    const hidden = sql`(${person.deleted} or ${person.hidden})`;
    const revealed = sql`${gigReviews.subjectId} = ${USER_ID} and ${gigReviews.subjectRole} = 'talent' and ${gigReviews.revealedAt} is not null`;
    const rating = sql`(select avg(${gigReviews.rating})::float8 from ${gigReviews} where ${revealed})`;
    const reviewCount = sql`(select count(*)::int from ${gigReviews} where ${revealed})`;
    const matched = f.skillSlugs.length > 0 ? skillsHeld(userSkills, USER_ID, f.skillSlugs) : sql`(0)::int`;
    // A talent_profiles row is written only by a member holding the talent role, and roles are never given up (decision 018).
    const conditions: SQL[] = [];
    if (!f.includeHidden) conditions.push(sql`not ${hidden}`);
    if (f.id) conditions.push(sql`${USER_ID} = ${f.id}::uuid`);
    if (parsed)
      conditions.push(
        f.fuzzy
          ? sql`${parsed.alias.words} <% ${search.foldedText(users.fullName)}`
          : sql`${document} @@ ${parsed.alias.query}`,
      );
    if (f.skillSlugs.length > 0) conditions.push(hasAnySkill(userSkills, USER_ID, f.skillSlugs));
    if (f.minRate !== undefined) conditions.push(sql`${talentProfiles.hourlyRateMinor} >= ${f.minRate}`);
    if (f.maxRate !== undefined) conditions.push(sql`${talentProfiles.hourlyRateMinor} <= ${f.maxRate}`);
    if (f.availability) conditions.push(sql`${talentProfiles.availability} = ${f.availability}`);
    if (f.location) conditions.push(sql`${profiles.location} = ${f.location}`);
    if (f.minRating !== undefined) conditions.push(sql`coalesce(${rating}, 0) >= ${f.minRating}`);
    const rank = parsed && !f.fuzzy ? sql`ts_rank(${document}, ${parsed.alias.query})` : sql`(0)::real`;
    const order = {
      match: [
        sql`${matched} desc`,
        sql`${rank} desc`,
        sql`${rating} desc nulls last`,
        sql`${talentProfiles.updatedAt} desc`,
      ],
      rating: [sql`${rating} desc nulls last`, sql`${reviewCount} desc`, sql`${talentProfiles.updatedAt} desc`],
      rate_asc: [sql`${talentProfiles.hourlyRateMinor} asc`, sql`${rating} desc nulls last`],
      rate_desc: [sql`${talentProfiles.hourlyRateMinor} desc`, sql`${rating} desc nulls last`],
    }[f.sort];
    order.push(sql`${USER_ID}`);
    const inner = db
      .select({
        id: sql<string>`${USER_ID}`.as('page_id'),
        fullCount: sql<number>`(count(*) over ())::int`.as('full_count'),
        rn: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('rn'),
        matched: sql<number>`${matched}`.as('matched'),
      })
      .from(talentProfiles)
      .innerJoin(users, sql`${USER_ID} = ${talentProfiles.userId}`)
      .leftJoin(profiles, sql`${profiles.userId} = ${talentProfiles.userId}`)
      .$dynamic();
    const page = (parsed ? inner.crossJoin(parsed.source) : inner)
      .where(sql.join(conditions.length > 0 ? conditions : [sql`true`], sql` and `))
      .orderBy(...order)
      .limit(f.limit)
      .offset(f.offset)
      .as('page');
    const found = await db
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
        rating: sql<number | null>`${rating}`,
        reviewCount: sql<number>`${reviewCount}`,
        completedGigs: sql<number>`(select count(*)::int from ${gigs} where ${gigs.talentId} = ${USER_ID} and ${gigs.status} = 'completed')`,
        matched: page.matched,
        skills: skillsJson(userSkills, USER_ID),
        fullCount: page.fullCount,
        knownSkills: knownSkills(f.skillSlugs),
      })
      .from(page)
      .innerJoin(talentProfiles, sql`${talentProfiles.userId} = ${page.id}`)
      .innerJoin(users, sql`${USER_ID} = ${page.id}`)
      .leftJoin(profiles, sql`${profiles.userId} = ${page.id}`)
      .orderBy(page.rn);
    let total = found[0]?.fullCount ?? 0;
    // A page past the end has no row to carry the count.
    if (found.length === 0 && f.offset > 0) {
      const counted = db
        .select({ n: sql<number>`count(*)::int` })
        .from(talentProfiles)
        .innerJoin(users, sql`${USER_ID} = ${talentProfiles.userId}`)
        .leftJoin(profiles, sql`${profiles.userId} = ${talentProfiles.userId}`)
        .$dynamic();
      total = Number(
        (
          await (parsed ? counted.crossJoin(parsed.source) : counted).where(
            sql.join(conditions.length > 0 ? conditions : [sql`true`], sql` and `),
          )
        )[0]?.n ?? 0,
      );
    }
    const rows: TalentRow[] = found.map(({ fullCount: _c, knownSkills: _k, ...r }) => ({
      ...r,
      location: r.location ?? null,
      availableFrom: r.availableFrom ?? null,
      rating: r.rating === null || r.rating === undefined ? null : Math.round(Number(r.rating) * 10) / 10,
      reviewCount: Number(r.reviewCount),
      completedGigs: Number(r.completedGigs),
      matched: Number(r.matched),
      skills: parseSkills(r.skills),
    }));
    return {
      rows,
      total: Number(total),
      knownSkills: found.length > 0 && f.skillSlugs.length > 0 ? Number(found[0]!.knownSkills) : null,
    };
  },
};

/**
 * Talents whose skills meet a gig's (not its poster, nor hidden or deleted members, nor those who
 * turned `gig_posted` off in their notification preferences): who hears of a new gig.
 */
export async function matchingTalents(
  db: DbOrTx,
  gigId: string,
  posterId: string,
  now: Date,
  limit = 1_000,
): Promise<string[]> {
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
