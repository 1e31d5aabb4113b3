import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { people, personColumns } from '../accounts/person';
import { mentorApplications, mentorPlans } from './mentorship.table';

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
    })
    .from(mentorPlans)
    .where(eq(mentorPlans.active, true))
    .groupBy(mentorPlans.mentorId)
    .as('pr');
  const p = people('mentor');
  const person = personColumns(p, now);
  const shown = sql`not ${person.deleted} and not ${person.hidden}`;
  return { approved, prices, p, person, shown };
}

export interface MentorFilter {
  /** Tidied by searchText. */
  text: string | null;
  skills: string[];
  mentorId?: string;
  limit: number;
  offset: number;
}

export const mentorsRepo = {
  async search(db: DbOrTx, filter: MentorFilter, now: Date) {
    const { approved, prices, p, person, shown } = directory(db, now);
    const conditions: SQL[] = [shown];
    if (filter.mentorId) conditions.push(sql`${approved.userId} = ${filter.mentorId}`);
    if (filter.skills.length > 0) conditions.push(sql`${approved.expertise} && ${sql.param(filter.skills)}::text[]`);
    if (filter.text !== null) {
      const document = sql`(search_document(${p.fullName}, 'A') || search_document(coalesce(array_to_string(${approved.expertise}, ' '), '') || ' ' || coalesce(${approved.currentRole}, '') || ' ' || coalesce(${approved.company}, ''), 'B') || search_document(${approved.bio}, 'C'))`;
      // An uncorrelated scalar subquery: the typed words are parsed once per statement.
      conditions.push(sql`(${document} @@ (select search_query(${filter.text})) or immutable_unaccent(lower(${filter.text})) <% immutable_unaccent(lower(${p.fullName})))`);
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
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(approved)
      .innerJoin(p, eq(p.id, approved.userId))
      .leftJoin(prices, eq(prices.mentorId, approved.userId))
      .where(where)
      // Mentors with plans first, then the most recently approved.
      .orderBy(sql`coalesce(${prices.plans}, 0) = 0`, desc(approved.decidedAt), approved.userId)
      .limit(filter.limit)
      .offset(filter.offset);
    return rows;
  },
};
