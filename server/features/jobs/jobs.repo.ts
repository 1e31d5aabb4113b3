import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, or, gt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { countPastEnd, countPlan } from '#server/db/capped-counts';
import { boundedPage, pageAnswer, pageRowJson, readPageRow, type Cursor } from '#server/db/paging';
import * as search from '#server/db/search';
import type { TApplicationStatus, TJobSort } from '#shared/jobs/jobs.schemas';
import { people, personColumns } from '../accounts';
import { memberSkills } from '../profiles';
import { applicationEvents, jobApplications, jobs, savedJobs, type ApplicationRow, type JobRow } from './jobs.table';

export type { ApplicationRow, JobRow } from './jobs.table';
/** The skill links the skills service keeps for this area: services hand it the table, never query it. */
export { jobSkills } from './jobs.table';

/** The words and skill ids are the database's to keep (a generated column, a trigger). */
export type NewJob = Omit<typeof jobs.$inferInsert, 'id' | 'searchVector' | 'skillIds' | 'skillText'>;
export type JobChanges = Partial<Omit<NewJob, 'employerId'>>;

const { searchVector: _vector, skillIds: _skills, ...jobColumns } = getTableColumns(jobs);

export interface BoardPlan {
  text: string | null;
  fuzzy?: boolean;
  location?: string;
  workplace?: JobRow['workplace'];
  type?: JobRow['type'];
  experience?: NonNullable<JobRow['experience']>;
  salaryMin?: number;
  postedSince?: Date;
  /** Saved searches: only jobs first opened after this (a high-water mark). */
  postedAfter?: Date;
  sort: TJobSort;
  limit: number;
  offset: number;
  /** Keyset paging (decision 082): where the page starts instead of `offset`. */
  cursor?: Cursor | null;
  /** The viewer whose skills the match counts, or null. */
  viewerId: string | null;
  now: Date;
}

/** Open and still before its deadline: what the board lists and what may be applied to. */
export const isOpenAt = (now: Date): SQL =>
  and(eq(jobs.status, 'open'), or(isNull(jobs.deadline), gt(jobs.deadline, now)))!;

const held = memberSkills('us');

/**
 * The board's matches named for the capped-count memo (db/capped-counts.ts): the words and every
 * filter; "posted within" to the minute, as the window moves with the clock.
 */
const boardCountKey = (p: BoardPlan): string =>
  JSON.stringify([
    'jobs',
    p.text,
    p.fuzzy ?? false,
    p.location,
    p.workplace,
    p.type,
    p.experience,
    p.salaryMin,
    p.postedSince?.toISOString().slice(0, 16),
    p.postedAfter?.toISOString(),
  ]);

/**
 * How many of the job's skills the viewer holds (skill ids: synonyms are one skill), and how many
 * it asks: both from the job's stored skill ids (migration 0043) and the viewer's ids, read once
 * a statement, instead of two lookups in job_skills for every job ranked.
 */
function matchColumns(viewerId: string | null) {
  const total = sql<number>`cardinality(${jobs.skillIds})`;
  const mine = sql`array(select ${held.skillId} from ${held} where ${held.ownerId} = ${viewerId})::uuid[]`;
  const shared = viewerId
    ? sql<number>`(select count(*)::int from unnest(${jobs.skillIds}) job_skill where job_skill = any(${mine}))`
    : sql<number>`0`;
  return { total, shared };
}

export const jobsRepo = {
  /**
   * One page of the board, its capped count and the next cursor in one statement (decision 085,
   * server/db/paging.ts): relevance and the member's match rank the newest 1,000 matches, the
   * salary sort pages off its index, and only the page's rows are read whole.
   */
  async board(
    db: DbOrTx,
    plan: BoardPlan,
  ): Promise<{
    total: number;
    totalCapped: boolean;
    nextCursor: string | null;
    viewerHasSkills: boolean;
    rows: Array<JobRow & { sharedSkills: number; totalSkills: number }>;
  }> {
    const parsed = plan.text ? search.searchSource(plan.text, 'search', plan.fuzzy ? 'typos' : 'prefixes') : undefined;
    const match = parsed
      ? plan.fuzzy
        ? search.typoMatch(jobs.searchVector, parsed.alias, jobs.title)
        : search.searchMatch(jobs.searchVector, parsed.alias)
      : undefined;
    const where = and(
      isOpenAt(plan.now),
      plan.location
        ? sql`${search.foldedText(jobs.location)} like '%' || immutable_unaccent(lower(${plan.location})) || '%'`
        : undefined,
      plan.workplace ? eq(jobs.workplace, plan.workplace) : undefined,
      plan.type ? eq(jobs.type, plan.type) : undefined,
      plan.experience ? eq(jobs.experience, plan.experience) : undefined,
      plan.salaryMin !== undefined
        ? gte(sql`coalesce(${jobs.salaryMax}, ${jobs.salaryMin})`, plan.salaryMin)
        : undefined,
      plan.postedSince ? gte(jobs.postedAt, plan.postedSince) : undefined,
      plan.postedAfter ? gt(jobs.postedAt, plan.postedAfter) : undefined,
    )!;
    const m = matchColumns(plan.viewerId);
    const from = parsed ? sql`${jobs} cross join ${parsed.ref}` : sql`${jobs}`;
    const rank =
      plan.sort === 'best_match'
        ? [
            { value: sql`(${m.shared})::float / nullif(${m.total}, 0)`, dir: 'desc nulls last' },
            { value: m.shared, dir: 'desc' },
          ]
        : plan.sort === 'newest' && parsed
          ? [{ value: search.searchRank(jobs.searchVector, parsed.alias), dir: 'desc' }]
          : null;
    const counts = countPlan(db, boardCountKey(plan), plan.now.getTime());
    const picked = boundedPage({
      from,
      with: parsed?.cte,
      where,
      match,
      id: sql`${jobs.id}`,
      recency: sql`${jobs.postedAt}`,
      rank,
      other: plan.sort === 'salary' ? [sql`coalesce(${jobs.salaryMax}, ${jobs.salaryMin}) desc nulls last`] : undefined,
      limit: plan.limit,
      offset: plan.offset,
      cursor: plan.cursor ?? null,
      countKnown: counts.skip,
    });
    const found = await db
      .select({
        ...jobColumns,
        sharedSkills: m.shared,
        totalSkills: m.total,
        paged: pageRowJson,
        viewerHasSkills: plan.viewerId
          ? sql<boolean>`exists (select 1 from ${held} where ${held.ownerId} = ${plan.viewerId})`
          : sql<boolean>`false`,
      })
      .from(sql`(${picked}) as page`)
      .innerJoin(jobs, sql`${jobs.id} = "page"."page_id"`)
      .orderBy(sql`"page"."tier", "page"."rn"`);
    const paged = found.map((r) => readPageRow(r.paged));
    const counted = await countPastEnd(db, { ...plan, rows: found.length, counts }, () => ({
      from,
      where: and(where, match)!,
      with: parsed?.cte,
    }));
    return {
      ...pageAnswer(paged, counted, plan.limit, plan.cursor ?? null, counts),
      viewerHasSkills: Boolean(found[0]?.viewerHasSkills),
      rows: found.map(
        ({ paged: _p, viewerHasSkills: _v, ...r }) => r as JobRow & { sharedSkills: number; totalSkills: number },
      ),
    };
  },

  async insert(db: DbOrTx, values: NewJob): Promise<JobRow> {
    const [row] = await db.insert(jobs).values(values).returning(jobColumns);
    return row as JobRow;
  },

  async find(db: DbOrTx, id: string): Promise<JobRow | undefined> {
    const [row] = await db.select(jobColumns).from(jobs).where(eq(jobs.id, id));
    return row as JobRow | undefined;
  },

  async lock(db: DbOrTx, id: string): Promise<JobRow | undefined> {
    const [row] = await db.select(jobColumns).from(jobs).where(eq(jobs.id, id)).for('update');
    return row as JobRow | undefined;
  },

  async update(db: DbOrTx, id: string, changes: JobChanges): Promise<JobRow> {
    const [row] = await db.update(jobs).set(changes).where(eq(jobs.id, id)).returning(jobColumns);
    return row as JobRow;
  },

  async byEmployer(db: DbOrTx, employerId: string): Promise<JobRow[]> {
    return (await db
      .select(jobColumns)
      .from(jobs)
      .where(eq(jobs.employerId, employerId))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))) as JobRow[];
  },

  async byIds(db: DbOrTx, ids: string[]): Promise<JobRow[]> {
    if (ids.length === 0) return [];
    return (await db.select(jobColumns).from(jobs).where(inArray(jobs.id, ids))) as JobRow[];
  },

  /** Open jobs whose deadline has passed, for the closing job. */
  async pastDeadline(db: DbOrTx, now: Date, limit: number): Promise<JobRow[]> {
    return (await db
      .select(jobColumns)
      .from(jobs)
      .where(and(eq(jobs.status, 'open'), sql`${jobs.deadline} <= ${now}`))
      .limit(limit)) as JobRow[];
  },

  async employerOf(db: DbOrTx, id: string) {
    const employer = people('employer');
    const [row] = await db.select(personColumns(employer, new Date())).from(employer).where(eq(employer.id, id));
    return row;
  },

  /** Applications per job and stage (withdrawn ones left out of the counts an employer sees). */
  async stageCounts(
    db: DbOrTx,
    jobIds: string[],
  ): Promise<Array<{ jobId: string; status: TApplicationStatus; count: number }>> {
    if (jobIds.length === 0) return [];
    return db
      .select({ jobId: jobApplications.jobId, status: jobApplications.status, count: sql<number>`count(*)::int` })
      .from(jobApplications)
      .where(inArray(jobApplications.jobId, jobIds))
      .groupBy(jobApplications.jobId, jobApplications.status);
  },

  async applicantCount(db: DbOrTx, jobId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobApplications)
      .where(and(eq(jobApplications.jobId, jobId), sql`${jobApplications.status} <> 'withdrawn'`));
    return row?.n ?? 0;
  },

  // Applications

  async applicationOf(db: DbOrTx, jobId: string, applicantId: string): Promise<ApplicationRow | undefined> {
    const [row] = await db
      .select()
      .from(jobApplications)
      .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.applicantId, applicantId)));
    return row;
  },

  /** Inserts unless one exists for this job and person; undefined when it did. */
  async insertApplication(
    db: DbOrTx,
    values: typeof jobApplications.$inferInsert,
  ): Promise<ApplicationRow | undefined> {
    const [row] = await db.insert(jobApplications).values(values).onConflictDoNothing().returning();
    return row;
  },

  async lockApplication(db: DbOrTx, id: string): Promise<ApplicationRow | undefined> {
    const [row] = await db.select().from(jobApplications).where(eq(jobApplications.id, id)).for('update');
    return row;
  },

  async setStatus(db: DbOrTx, id: string, status: TApplicationStatus, at: Date): Promise<ApplicationRow> {
    const [row] = await db
      .update(jobApplications)
      .set({ status, updatedAt: at })
      .where(eq(jobApplications.id, id))
      .returning();
    return row!;
  },

  async addEvent(db: DbOrTx, values: typeof applicationEvents.$inferInsert): Promise<void> {
    await db.insert(applicationEvents).values(values);
  },

  async eventsOf(db: DbOrTx, applicationIds: string[]) {
    if (applicationIds.length === 0) return [];
    return db
      .select()
      .from(applicationEvents)
      .where(inArray(applicationEvents.applicationId, applicationIds))
      .orderBy(asc(applicationEvents.seq));
  },

  async applicationsOfJob(db: DbOrTx, jobId: string, now: Date) {
    const applicant = people('applicant');
    return db
      .select({ application: jobApplications, applicant: personColumns(applicant, now) })
      .from(jobApplications)
      .innerJoin(applicant, eq(applicant.id, jobApplications.applicantId))
      .where(eq(jobApplications.jobId, jobId))
      .orderBy(asc(jobApplications.createdAt), asc(jobApplications.id));
  },

  async applicationsOfUser(db: DbOrTx, userId: string) {
    return db
      .select({
        application: jobApplications,
        job: { id: jobs.id, title: jobs.title, companyName: jobs.companyName, status: jobs.status },
      })
      .from(jobApplications)
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(eq(jobApplications.applicantId, userId))
      .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id));
  },

  async cvsInUse(db: DbOrTx, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectDistinct({ id: jobApplications.cvUploadId })
      .from(jobApplications)
      .where(inArray(jobApplications.cvUploadId, ids));
    return rows.flatMap((r) => (r.id ? [r.id] : []));
  },

  // Saved jobs

  async save(db: DbOrTx, userId: string, jobId: string, at: Date): Promise<void> {
    await db.insert(savedJobs).values({ userId, jobId, createdAt: at }).onConflictDoNothing();
  },

  async unsave(db: DbOrTx, userId: string, jobId: string): Promise<void> {
    await db.delete(savedJobs).where(and(eq(savedJobs.userId, userId), eq(savedJobs.jobId, jobId)));
  },

  async isSaved(db: DbOrTx, userId: string, jobId: string): Promise<boolean> {
    const [row] = await db
      .select({ jobId: savedJobs.jobId })
      .from(savedJobs)
      .where(and(eq(savedJobs.userId, userId), eq(savedJobs.jobId, jobId)));
    return Boolean(row);
  },

  async savedBy(db: DbOrTx, userId: string): Promise<string[]> {
    const rows = await db
      .select({ jobId: savedJobs.jobId })
      .from(savedJobs)
      .where(eq(savedJobs.userId, userId))
      .orderBy(desc(savedJobs.createdAt));
    return rows.map((r) => r.jobId);
  },
};
