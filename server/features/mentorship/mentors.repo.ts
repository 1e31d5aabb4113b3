import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { closedTo, people, personColumns } from '../accounts';
import { mentorApplications, mentorPlans } from './mentorship.table';
import { reviewStats } from './reviews/reviews.repo';
import { mentorSessions } from './sessions/sessions.table';

/**
 * The mentor directory: a mentor is a member whose application was approved (the newest approved
 * one is their profile), shown through the accounts feature's people() and never when hidden or
 * deleted. Search uses the shared search functions (server/lib/search/search.ts).
 */
function directory(db: DbOrTx, now: Date) {
  const approved = db
    .selectDistinctOn([mentorApplications.userId])
    .from(mentorApplications)
    .where(eq(mentorApplications.status, 'approved'))
    .orderBy(mentorApplications.userId, desc(mentorApplications.decidedAt))
    .as('a');
  const prices = db
    .select({
      mentorId: mentorPlans.mentorId,
      fromPrice: sql<number | null>`min(${mentorPlans.priceMinor})`.as('from_price'),
      currency: sql<string | null>`min(${mentorPlans.currency})`.as('plan_currency'),
      plans: sql<number>`count(*)::int`.as('plans'),
      minutes: sql<number | null>`min(${mentorPlans.sessionMinutes})`.as('shortest_minutes'),
    })
    .from(mentorPlans)
    .where(eq(mentorPlans.active, true))
    .groupBy(mentorPlans.mentorId)
    .as('pr');
  const p = people('mentor');
  const person = personColumns(p, now);
  // Suspended from mentorship: out of the directory like a hidden profile (decision 057).
  const shown = sql`not ${person.deleted} and not ${person.hidden} and not ${closedTo(p.id, 'mentorship', now)}`;
  return { approved, prices, ratings: reviewStats(db), p, person, shown };
}

export interface MentorFilter {
  /** Tidied by searchText. */
  text: string | null;
  skills: string[];
  mentorId?: string;
  /** Only these mentors (the ones free this week); an empty list matches none. */
  mentorIds?: string[];
  /** Minor units: one of the mentor's active plans is priced within. */
  minPriceMinor?: number;
  maxPriceMinor?: number;
  minRating?: number;
  limit: number;
  offset: number;
}

export const mentorsRepo = {
  async search(db: DbOrTx, filter: MentorFilter, now: Date) {
    const { approved, prices, ratings, p, person, shown } = directory(db, now);
    const conditions: SQL[] = [shown];
    if (filter.mentorId) conditions.push(sql`${approved.userId} = ${filter.mentorId}`);
    if (filter.mentorIds)
      conditions.push(filter.mentorIds.length > 0 ? inArray(approved.userId, filter.mentorIds) : sql`false`);
    if (filter.minRating !== undefined) conditions.push(sql`${ratings.rating} >= ${filter.minRating}`);
    if (filter.minPriceMinor !== undefined || filter.maxPriceMinor !== undefined) {
      const priced = and(
        eq(mentorPlans.mentorId, approved.userId),
        eq(mentorPlans.active, true),
        filter.minPriceMinor !== undefined ? sql`${mentorPlans.priceMinor} >= ${filter.minPriceMinor}` : undefined,
        filter.maxPriceMinor !== undefined ? sql`${mentorPlans.priceMinor} <= ${filter.maxPriceMinor}` : undefined,
      );
      conditions.push(sql`exists (select 1 from ${mentorPlans} where ${priced})`);
    }
    if (filter.skills.length > 0) conditions.push(sql`${approved.expertise} && ${sql.param(filter.skills)}::text[]`);
    if (filter.text !== null) {
      const document = sql`(search_document(${p.fullName}, 'A') || search_document(coalesce(array_to_string(${approved.expertise}, ' '), '') || ' ' || coalesce(${approved.currentRole}, '') || ' ' || coalesce(${approved.company}, ''), 'B') || search_document(${approved.bio}, 'C'))`;
      // An uncorrelated scalar subquery: the typed words are parsed once per statement.
      conditions.push(
        sql`(${document} @@ (select search_query(${filter.text})) or immutable_unaccent(lower(${filter.text})) <% immutable_unaccent(lower(${p.fullName})))`,
      );
    }
    const where = and(...conditions);
    const rows = await db
      .select({
        application: {
          userId: approved.userId,
          expertise: approved.expertise,
          yearsExperience: approved.yearsExperience,
          currentRole: approved.currentRole,
          company: approved.company,
          bio: approved.bio,
          linkUrl: approved.linkUrl,
          decidedAt: approved.decidedAt,
        },
        person,
        fromPrice: prices.fromPrice,
        currency: prices.currency,
        plans: sql<number>`coalesce(${prices.plans}, 0)::int`,
        minutes: prices.minutes,
        rating: ratings.rating,
        reviews: sql<number>`coalesce(${ratings.reviews}, 0)::int`,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(approved)
      .innerJoin(p, eq(p.id, approved.userId))
      .leftJoin(prices, eq(prices.mentorId, approved.userId))
      .leftJoin(ratings, eq(ratings.mentorId, approved.userId))
      .where(where)
      // Mentors with plans first, then the most recently approved.
      .orderBy(sql`coalesce(${prices.plans}, 0) = 0`, desc(approved.decidedAt), approved.userId)
      .limit(filter.limit)
      .offset(filter.offset);
    return rows;
  },

  /** Every mentor id the filter matches, unpaged, with their shortest session: the candidates for "free this week". */
  async candidates(db: DbOrTx, filter: Omit<MentorFilter, 'limit' | 'offset'>, now: Date, cap: number) {
    const rows = await this.search(db, { ...filter, limit: cap, offset: 0 }, now);
    return rows.map((r) => ({
      mentorId: r.application.userId,
      minutes: r.minutes === null ? null : Number(r.minutes),
    }));
  },

  /** The expertise of the mentor's newest approved application; null when they are no mentor. */
  async expertise(db: DbOrTx, mentorId: string): Promise<string[] | null> {
    const [row] = await db
      .select({ expertise: mentorApplications.expertise })
      .from(mentorApplications)
      .where(and(eq(mentorApplications.userId, mentorId), eq(mentorApplications.status, 'approved')))
      .orderBy(desc(mentorApplications.decidedAt))
      .limit(1);
    return row?.expertise ?? null;
  },

  /** Sessions held between the two: completed with both there, as the admin's figures count them. */
  async sessionsHeld(db: DbOrTx, mentorId: string, menteeId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mentorSessions)
      .where(
        sql`${mentorSessions.mentorId} = ${mentorId} and ${mentorSessions.menteeId} = ${menteeId}
          and ${mentorSessions.status} = 'completed'
          and ${mentorSessions.mentorNoShow} is not true and ${mentorSessions.menteeNoShow} is not true`,
      );
    return Number(row?.n ?? 0);
  },
};
