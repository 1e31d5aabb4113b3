import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { countPastEnd, countPlan } from '#server/db/capped-counts';
import { boundedPage, pageAnswer, pageRowJson, readPageRow, type Cursor } from '#server/db/paging';
import * as search from '#server/db/search';
import type { AVAILABILITIES } from '#shared/accounts/roles.schemas';

type TAvailability = (typeof AVAILABILITIES)[number];
import type { TCurrency } from '#shared/money';
import type { TLocation } from '#shared/profiles/locations';
import { closedTo, people, personColumns } from '../accounts';
import { inAppTurnedOff } from '../notifications';
import { memberSkills, profileSummaries } from '../profiles';
import { talentDetails } from '../roles';
import { hasAnySkill, knownSkills, parseSkills, skillIdArray, skillsJson } from '../skills';
import { gigReviews, gigSkills, gigs } from './talent.table';
import type { TSkillRef } from '#shared/skills/skills.schemas';

/**
 * The talent directory's one statement. It joins what accounts, profiles, roles and skills hand
 * out for it (people(), profileSummaries(), talentDetails(), memberSkills()) beside this
 * feature's gigs and reviews: a search that filters and sorts on all of them at once cannot be
 * assembled from per-feature calls without fetching every talent (decision 026). Hidden and
 * deleted members are never listed.
 */
export interface TalentFilter {
  text: string | null;
  /** Typo matching on names alone: the second try when the words matched nothing. */
  fuzzy?: boolean;
  skillSlugs: string[];
  /** The passport's level test (skills' `atLevel`): one of the skills must pass it (decision 079). */
  atLevel?: (owner: SQL, skill: SQL) => SQL;
  minRate?: number;
  maxRate?: number;
  availability?: TAvailability;
  location?: TLocation;
  minRating?: number;
  sort: 'match' | 'rating' | 'rate_asc' | 'rate_desc';
  limit: number;
  offset: number;
  /** Keyset paging (decision 082): where the page starts instead of `offset`. */
  cursor?: Cursor | null;
  now: Date;
  /** One member, for the detail page (hidden members answered to themselves and admins). */
  id?: string;
  includeHidden?: boolean;
}

/**
 * The directory's matches named for the capped-count memo (db/capped-counts.ts): the words and
 * every filter. None with the passport's level test, a function of the request (or for one
 * member): those count every time.
 */
const talentCountKey = (f: TalentFilter): string | undefined =>
  f.atLevel || f.id
    ? undefined
    : JSON.stringify([
        'talent',
        f.text,
        f.fuzzy ?? false,
        [...f.skillSlugs].sort(),
        f.minRate,
        f.maxRate,
        f.availability,
        f.location,
        f.minRating,
        f.includeHidden ?? false,
      ]);

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
  chatClosed: boolean;
}

const USER_ID = sql.raw('"u"."id"');
/** The page's own key: the directory's statement picks and counts from talent_profiles alone. */
const TALENT_ID = sql.raw('"t"."user_id"');

export const talentSearchRepo = {
  /**
   * One page of talents in one statement: an inner query picks the page's ids in order with the
   * count over every match (the sort's columns computed there), then the page's rows get their
   * display columns and skills. `knownSkills` says how many of the slugs exist.
   */
  async search(
    db: DbOrTx,
    f: TalentFilter,
  ): Promise<{
    rows: TalentRow[];
    total: number;
    totalCapped: boolean;
    nextCursor: string | null;
    knownSkills: number | null;
  }> {
    const parsed = f.text ? search.searchSource(f.text, 'search', f.fuzzy ? 'typos' : 'prefixes') : undefined;
    const users = people('u');
    const profile = profileSummaries('p');
    const talent = talentDetails('t');
    const held = memberSkills('us');
    // Both parts stored (name on users, headline and bio on profiles): made per row, a page took seconds.
    const document = sql`${talent.searchVector}`;
    // The page is picked and counted from talent_profiles alone, keyed by its own column: a users
    // row read for every match was most of a broad search's work (decision 088). A deleted account
    // is stored in the row; a hidden profile, or one suspended from talent, is out of the directory
    // (decision 057).
    const hidden = sql`(${talent.ownerDeleted} or ${closedTo(TALENT_ID, 'profile_hidden', f.now)} or ${closedTo(TALENT_ID, 'talent', f.now)})`;
    const revealed = sql`${gigReviews.subjectId} = ${USER_ID} and ${gigReviews.subjectRole} = 'talent' and ${gigReviews.revealedAt} is not null`;
    const rating = sql`(select avg(${gigReviews.rating})::float8 from ${gigReviews} where ${revealed})`;
    const reviewCount = sql`(select count(*)::int from ${gigReviews} where ${revealed})`;
    const asked = skillIdArray(f.skillSlugs);
    const matched =
      f.skillSlugs.length > 0
        ? sql<number>`(select count(*)::int from unnest(${talent.skillIds}) held_skill where held_skill = any(${asked}))`
        : sql<number>`(0)::int`;
    // A talent_profiles row is written only by a member holding the talent role, and roles are never given up (decision 018).
    const conditions: SQL[] = [];
    if (!f.includeHidden) conditions.push(sql`not ${hidden}`);
    if (f.id) conditions.push(sql`${TALENT_ID} = ${f.id}::uuid`);
    // Apart from the filters, as the job board gives them: the newest candidates are first looked
    // for along talent_profiles_recency_idx, where a common word fills them (decision 099).
    const match = parsed
      ? f.fuzzy
        ? search.typoMatch(document, parsed.alias, users.fullName)
        : sql`${document} @@ ${parsed.alias.query}`
      : undefined;
    const atLevel = f.atLevel;
    // The stored ids answer through the GIN index; the passport's level test still reads the links.
    if (f.skillSlugs.length > 0) conditions.push(sql`${talent.skillIds} && ${asked}`);
    if (f.skillSlugs.length > 0 && atLevel)
      conditions.push(hasAnySkill(held, TALENT_ID, f.skillSlugs, (skill) => atLevel(TALENT_ID, skill)));
    if (f.minRate !== undefined) conditions.push(sql`${talent.hourlyRateMinor} >= ${f.minRate}`);
    if (f.maxRate !== undefined) conditions.push(sql`${talent.hourlyRateMinor} <= ${f.maxRate}`);
    if (f.availability) conditions.push(sql`${talent.availability} = ${f.availability}`);
    if (f.location) conditions.push(sql`${profile.location} = ${f.location}`);
    if (f.minRating !== undefined) conditions.push(sql`coalesce(${talent.rating}, 0) >= ${f.minRating}`);
    const rank = parsed && !f.fuzzy ? sql`ts_rank(${document}, ${parsed.alias.query})` : sql`(0)::real`;
    // Stored by triggers (migration 0042): the reviews' average, the skills and the words in one row.
    const stored = sql`${talent.rating}`;
    const rankKeys = [
      { value: matched, dir: 'desc' },
      { value: rank, dir: 'desc' },
      { value: stored, dir: 'desc nulls last' },
    ];
    const other = {
      match: undefined,
      rating: [sql`${talent.rating} desc nulls last`, sql`${talent.reviewCount} desc`],
      rate_asc: [sql`${talent.hourlyRateMinor} asc`, sql`${talent.rating} desc nulls last`],
      rate_desc: [sql`${talent.hourlyRateMinor} desc`, sql`${talent.rating} desc nulls last`],
    }[f.sort];
    // The name's typo match alone reads users; the profile is joined only when a filter reads it
    // (PostgreSQL drops an unused left join to a unique key).
    const from = sql`${talent}${f.fuzzy ? sql` inner join ${users} on ${USER_ID} = ${talent.userId}` : sql``} left join ${profile} on ${profile.userId} = ${talent.userId}${parsed ? sql` cross join ${parsed.ref}` : sql``}`;
    const where = sql.join(conditions.length > 0 ? conditions : [sql`true`], sql` and `);
    const counts = countPlan(db, talentCountKey(f), f.now.getTime());
    const picked = boundedPage({
      from,
      with: parsed?.cte,
      where,
      match,
      id: TALENT_ID,
      recency: sql`${talent.updatedAt}`,
      rank: other ? null : rankKeys,
      other,
      limit: f.limit,
      offset: f.offset,
      cursor: f.cursor ?? null,
      countKnown: counts.skip,
    });
    const page = sql`(${picked}) as page`;
    const pageId = sql.raw('"page"."page_id"');
    const found = await db
      .select({
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        avatarUrl: users.avatarUrl,
        headline: sql<string>`coalesce(${profile.headline}, '')`,
        bio: sql<string>`coalesce(${profile.bio}, '')`,
        location: profile.location,
        hourlyRateMinor: talent.hourlyRateMinor,
        currency: talent.currency,
        availability: talent.availability,
        availableFrom: talent.availableFrom,
        rating: sql<number | null>`${rating}`,
        reviewCount: sql<number>`${reviewCount}`,
        completedGigs: sql<number>`(select count(*)::int from ${gigs} where ${gigs.talentId} = ${USER_ID} and ${gigs.status} = 'completed')`,
        matched: sql<number>`${matched}`,
        chatClosed: closedTo(sql`${USER_ID}`, 'chat', f.now),
        skills: skillsJson(held, USER_ID),
        knownSkills: knownSkills(f.skillSlugs),
        paged: pageRowJson,
      })
      .from(page)
      .innerJoin(talent, sql`${talent.userId} = ${pageId}`)
      .innerJoin(users, sql`${USER_ID} = ${pageId}`)
      .leftJoin(profile, sql`${profile.userId} = ${pageId}`)
      .orderBy(sql`"page"."tier", "page"."rn"`);
    const paged = found.map((r) => readPageRow(r.paged));
    const counted = await countPastEnd(db, { ...f, rows: found.length, counts }, () => ({
      from,
      where: match ? sql`${where} and ${match}` : where,
      with: parsed?.cte,
    }));
    const rows: TalentRow[] = found.map(({ paged: _p, knownSkills: _k, ...r }) => ({
      ...r,
      location: r.location ?? null,
      availableFrom: r.availableFrom ?? null,
      rating: r.rating === null || r.rating === undefined ? null : Math.round(Number(r.rating) * 10) / 10,
      reviewCount: Number(r.reviewCount),
      completedGigs: Number(r.completedGigs),
      matched: Number(r.matched),
      skills: parseSkills(r.skills),
      chatClosed: Boolean(r.chatClosed),
    }));
    return {
      rows,
      ...pageAnswer(paged, counted, f.limit, f.cursor ?? null, counts),
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
  const talent = talentDetails('t');
  const held = memberSkills('us');
  const rows = await db
    .selectDistinct({ id: talent.userId })
    .from(talent)
    .innerJoin(users, sql`${users.id} = ${talent.userId}`)
    .innerJoin(held, sql`${held.ownerId} = ${talent.userId}`)
    .innerJoin(gigSkills, sql`${gigSkills.skillId} = ${held.skillId} and ${gigSkills.ownerId} = ${gigId}::uuid`)
    .where(
      sql`${talent.userId} <> ${posterId}::uuid and not (${person.deleted} or ${person.hidden})
        and not ${inAppTurnedOff(talent.userId, 'gig_posted')}`,
    )
    .limit(limit);
  return rows.map((r) => r.id);
}
