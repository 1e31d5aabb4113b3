import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { countPastEnd, countPlan } from '#server/db/capped-counts';
import { boundedPage, pageAnswer, pageRowJson, readPageRow, type Cursor } from '#server/db/paging';
import * as search from '#server/db/search';
import type { TSkillRef } from '#shared/skills/skills.schemas';
import type { TGigStatus } from '#shared/talent/gig-machine';
import { people, personColumns } from '../accounts';
import type { PersonRow } from '../accounts';
import { hasAnySkill, knownSkills, parseSkills, skillsJson } from '../skills';
import {
  bids,
  gigColumns,
  gigEvents,
  gigReviews,
  gigSkills,
  gigs,
  type BidRow,
  type GigReviewRow,
  type GigRow,
} from './talent.table';

export type { BidRow, GigReviewRow, GigRow } from './talent.table';
/** The skill links the skills service keeps for this area: services hand it the table, never query it. */
export { gigSkills } from './talent.table';

type NewGig = Pick<
  GigRow,
  | 'posterId'
  | 'title'
  | 'description'
  | 'budgetType'
  | 'budgetMin'
  | 'budgetMax'
  | 'currency'
  | 'deadline'
  | 'attachmentUploadIds'
>;
type NewBid = Pick<BidRow, 'gigId' | 'bidderId' | 'amount' | 'deliveryDays' | 'proposal'>;

const LIVE_BID = inArray(bids.status, ['pending', 'accepted']);
const bidCount = sql<number>`(select count(*)::int from ${bids} where ${bids.gigId} = ${gigs.id} and ${bids.status} in ('pending', 'accepted'))`;

export interface GigListFilter {
  text: string | null;
  /** Typo matching on titles alone: the second try when the words matched nothing. */
  fuzzy?: boolean;
  skillSlugs: string[];
  status?: TGigStatus;
  limit: number;
  offset: number;
  /** Keyset paging (decision 082): where the page starts instead of `offset`. */
  cursor?: Cursor | null;
  now: Date;
}

export type GigListRow = GigRow & {
  bidCount: number;
  poster: PersonRow;
  talent: PersonRow | null;
  skills: TSkillRef[];
};

const GIG_ID = sql.raw('"gigs"."id"');

/** Only this file talks to Drizzle about gigs, bids and reviews. */
export const gigsRepo = {
  async insert(db: DbOrTx, values: NewGig, at: Date): Promise<GigRow> {
    const [row] = await db
      .insert(gigs)
      .values({ ...values, statusAt: at, createdAt: at, updatedAt: at })
      .returning(gigColumns);
    return row!;
  },

  async find(db: DbOrTx, id: string): Promise<GigRow | undefined> {
    const [row] = await db.select(gigColumns).from(gigs).where(eq(gigs.id, id)).limit(1);
    return row;
  },

  /** The gig under a share lock: a bid placed now commits before any accept, or sees it. */
  async findShared(db: DbOrTx, id: string): Promise<GigRow | undefined> {
    const [row] = await db.select(gigColumns).from(gigs).where(eq(gigs.id, id)).limit(1).for('share');
    return row;
  },

  /**
   * The one conditional update behind every transition (gig-machine.ts): it changes the row only
   * if the gig is still in `from` (and `extra` holds), so of two racing callers one wins.
   */
  async move(db: DbOrTx, id: string, from: TGigStatus, set: Partial<GigRow>, extra?: SQL): Promise<GigRow | undefined> {
    const [row] = await db
      .update(gigs)
      .set(set)
      .where(and(eq(gigs.id, id), eq(gigs.status, from), extra))
      .returning(gigColumns);
    return row;
  },

  async addEvent(db: DbOrTx, values: typeof gigEvents.$inferInsert): Promise<void> {
    await db.insert(gigEvents).values(values);
  },

  async events(db: DbOrTx, gigId: string) {
    return db.select().from(gigEvents).where(eq(gigEvents.gigId, gigId)).orderBy(asc(gigEvents.createdAt));
  },

  /**
   * One page of gigs in one statement: the page's ids with the count over every match (an
   * inner query, as the job board does), then the page's rows with their poster, hired talent,
   * skills and live bids. `knownSkills` says how many of the slugs exist.
   */
  async list(
    db: DbOrTx,
    f: GigListFilter,
  ): Promise<{
    rows: GigListRow[];
    total: number;
    totalCapped: boolean;
    nextCursor: string | null;
    knownSkills: number | null;
  }> {
    const parsed = f.text ? search.searchSource(f.text, 'search', f.fuzzy ? 'typos' : 'prefixes') : undefined;
    const where = and(
      f.status ? eq(gigs.status, f.status) : undefined,
      f.skillSlugs.length > 0 ? hasAnySkill(gigSkills, GIG_ID, f.skillSlugs) : undefined,
    );
    // Apart from the filters, as the job board gives them: the newest candidates are first looked
    // for along the recency index (gigs_status_idx), where a common word fills them (decision 099).
    const match = parsed
      ? f.fuzzy
        ? search.typoMatch(gigs.searchVector, parsed.alias, gigs.title)
        : search.searchMatch(gigs.searchVector, parsed.alias)
      : undefined;
    const from = parsed ? sql`${gigs} cross join ${parsed.ref}` : sql`${gigs}`;
    const counts = countPlan(
      db,
      JSON.stringify(['gigs', f.status, f.text, f.fuzzy ?? false, [...f.skillSlugs].sort()]),
      f.now.getTime(),
    );
    const picked = boundedPage({
      from,
      with: parsed?.cte,
      where: where ?? sql`true`,
      match,
      id: GIG_ID,
      recency: sql`${gigs.createdAt}`,
      rank: parsed && !f.fuzzy ? [{ value: search.searchRank(gigs.searchVector, parsed.alias), dir: 'desc' }] : null,
      limit: f.limit,
      offset: f.offset,
      cursor: f.cursor ?? null,
      countKnown: counts.skip,
    });
    const page = sql`(${picked}) as page`;
    const pageId = sql.raw('"page"."page_id"');
    const poster = people('poster');
    const talent = people('talent');
    const found = await db
      .select({
        ...gigColumns,
        bidCount,
        paged: pageRowJson,
        poster: personColumns(poster, f.now),
        talent: personColumns(talent, f.now),
        skills: skillsJson(gigSkills, GIG_ID),
        knownSkills: knownSkills(f.skillSlugs),
      })
      .from(page)
      .innerJoin(gigs, sql`${gigs.id} = ${pageId}`)
      .innerJoin(poster, eq(poster.id, gigs.posterId))
      .leftJoin(talent, eq(talent.id, gigs.talentId))
      .orderBy(sql`"page"."tier", "page"."rn"`);
    const paged = found.map((r) => readPageRow(r.paged));
    const counted = await countPastEnd(db, { ...f, rows: found.length, counts }, () => ({
      from,
      where: and(where, match) ?? sql`true`,
      with: parsed?.cte,
    }));
    return {
      ...pageAnswer(paged, counted, f.limit, f.cursor ?? null, counts),
      knownSkills: found.length > 0 && f.skillSlugs.length > 0 ? found[0]!.knownSkills : null,
      rows: found.map(({ paged: _p, knownSkills: _k, skills: linked, ...r }) => ({
        ...r,
        skills: parseSkills(linked),
        talent: r.talentId ? r.talent : null,
      })),
    };
  },

  /** Gigs a member posted or was hired for, newest first. */
  async mine(db: DbOrTx, userId: string): Promise<Array<GigRow & { bidCount: number }>> {
    return db
      .select({ ...gigColumns, bidCount })
      .from(gigs)
      .where(or(eq(gigs.posterId, userId), eq(gigs.talentId, userId)))
      .orderBy(desc(gigs.createdAt), desc(gigs.id))
      .limit(200);
  },

  async openByPoster(db: DbOrTx, userId: string): Promise<Array<GigRow & { bidCount: number }>> {
    return db
      .select({ ...gigColumns, bidCount })
      .from(gigs)
      .where(and(eq(gigs.posterId, userId), eq(gigs.status, 'open')))
      .orderBy(desc(gigs.createdAt))
      .limit(20);
  },

  async byStatus(db: DbOrTx, status: TGigStatus, limit: number): Promise<Array<GigRow & { bidCount: number }>> {
    return db
      .select({ ...gigColumns, bidCount })
      .from(gigs)
      .where(eq(gigs.status, status))
      .orderBy(asc(gigs.statusAt))
      .limit(limit);
  },

  /** People as the display rule needs them, for every id at once. */
  async persons(db: DbOrTx, ids: string[], now: Date): Promise<PersonRow[]> {
    if (ids.length === 0) return [];
    const p = people('p');
    return db
      .select(personColumns(p, now))
      .from(p)
      .where(inArray(p.id, [...new Set(ids)]));
  },

  // Bids -----------------------------------------------------------------------------------

  async insertBid(db: DbOrTx, values: NewBid, at: Date): Promise<BidRow> {
    const [row] = await db
      .insert(bids)
      .values({ ...values, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  },

  async findBid(db: DbOrTx, id: string): Promise<BidRow | undefined> {
    const [row] = await db.select().from(bids).where(eq(bids.id, id)).limit(1);
    return row;
  },

  async liveBidOf(db: DbOrTx, gigId: string, bidderId: string): Promise<BidRow | undefined> {
    const [row] = await db
      .select()
      .from(bids)
      .where(and(eq(bids.gigId, gigId), eq(bids.bidderId, bidderId), LIVE_BID))
      .limit(1);
    return row;
  },

  async bidsOf(db: DbOrTx, gigId: string, bidderId?: string): Promise<BidRow[]> {
    return db
      .select()
      .from(bids)
      .where(and(eq(bids.gigId, gigId), bidderId ? eq(bids.bidderId, bidderId) : undefined))
      .orderBy(asc(bids.createdAt), asc(bids.id));
  },

  async hasBid(db: DbOrTx, gigId: string, bidderId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: bids.id })
      .from(bids)
      .where(and(eq(bids.gigId, gigId), eq(bids.bidderId, bidderId)))
      .limit(1);
    return Boolean(row);
  },

  /** Moves a bid from one status to another only if it is still in `from`. */
  async moveBid(db: DbOrTx, id: string, from: BidRow['status'], set: Partial<BidRow>): Promise<BidRow | undefined> {
    const [row] = await db
      .update(bids)
      .set(set)
      .where(and(eq(bids.id, id), eq(bids.status, from)))
      .returning();
    return row;
  },

  /** Every other pending bid of the gig rejected; answers their bidders. */
  async rejectOthers(db: DbOrTx, gigId: string, acceptedId: string, at: Date): Promise<string[]> {
    const rows = await db
      .update(bids)
      .set({ status: 'rejected', updatedAt: at })
      .where(and(eq(bids.gigId, gigId), eq(bids.status, 'pending'), ne(bids.id, acceptedId)))
      .returning({ bidderId: bids.bidderId });
    return rows.map((r) => r.bidderId);
  },

  async myBids(db: DbOrTx, userId: string) {
    return db
      .select({ bid: bids, gig: { id: gigs.id, title: gigs.title, status: gigs.status, currency: gigs.currency } })
      .from(bids)
      .innerJoin(gigs, eq(gigs.id, bids.gigId))
      .where(eq(bids.bidderId, userId))
      .orderBy(desc(bids.createdAt), desc(bids.id))
      .limit(200);
  },

  // Reviews --------------------------------------------------------------------------------

  async insertReview(db: DbOrTx, values: typeof gigReviews.$inferInsert): Promise<GigReviewRow | undefined> {
    const [row] = await db.insert(gigReviews).values(values).onConflictDoNothing().returning();
    return row;
  },

  async reviewsOfGig(db: DbOrTx, gigId: string): Promise<GigReviewRow[]> {
    return db.select().from(gigReviews).where(eq(gigReviews.gigId, gigId)).orderBy(asc(gigReviews.createdAt));
  },

  /** Reveals the gig's reviews: when both sides wrote, or (`before`) once the waiting time is over. */
  async reveal(db: DbOrTx, gigId: string, at: Date): Promise<number> {
    const rows = await db
      .update(gigReviews)
      .set({ revealedAt: at })
      .where(and(eq(gigReviews.gigId, gigId), isNull(gigReviews.revealedAt)))
      .returning({ id: gigReviews.id });
    return rows.length;
  },

  /** Revealed reviews about a member as a talent, newest first, with the gig's title. */
  async reviewsAbout(db: DbOrTx, subjectId: string, limit: number) {
    return db
      .select({ review: gigReviews, gigTitle: gigs.title })
      .from(gigReviews)
      .innerJoin(gigs, eq(gigs.id, gigReviews.gigId))
      .where(and(eq(gigReviews.subjectId, subjectId), isNotNull(gigReviews.revealedAt)))
      .orderBy(desc(gigReviews.createdAt))
      .limit(limit);
  },

  /** Rating (revealed reviews as a talent) and completed gigs, per member. */
  async stats(
    db: DbOrTx,
    ids: string[],
  ): Promise<Map<string, { rating: number | null; reviewCount: number; completedGigs: number }>> {
    const found = new Map(ids.map((id) => [id, { rating: null as number | null, reviewCount: 0, completedGigs: 0 }]));
    if (ids.length === 0) return found;
    const unique = [...new Set(ids)];
    const ratings = await db
      .select({ id: gigReviews.subjectId, avg: sql<string>`avg(${gigReviews.rating})`, n: count() })
      .from(gigReviews)
      .where(
        and(
          inArray(gigReviews.subjectId, unique),
          eq(gigReviews.subjectRole, 'talent'),
          isNotNull(gigReviews.revealedAt),
        ),
      )
      .groupBy(gigReviews.subjectId);
    const done = await db
      .select({ id: gigs.talentId, n: count() })
      .from(gigs)
      .where(and(inArray(gigs.talentId, unique), eq(gigs.status, 'completed')))
      .groupBy(gigs.talentId);
    for (const r of ratings)
      Object.assign(found.get(r.id)!, { rating: Math.round(Number(r.avg) * 10) / 10, reviewCount: r.n });
    for (const r of done) if (r.id) found.get(r.id)!.completedGigs = r.n;
    return found;
  },

  /** Completed gigs whose reviews are still hidden past the waiting time (the reveal job's net). */
  async dueForReveal(db: DbOrTx, before: Date): Promise<string[]> {
    const rows = await db
      .selectDistinct({ id: gigReviews.gigId })
      .from(gigReviews)
      .innerJoin(gigs, eq(gigs.id, gigReviews.gigId))
      .where(and(isNull(gigReviews.revealedAt), lte(gigs.completedAt, before)))
      .limit(500);
    return rows.map((r) => r.id);
  },
};
