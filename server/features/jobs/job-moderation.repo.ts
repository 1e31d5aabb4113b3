import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { ADMIN_JOBS_PAGE_SIZE, type TModerationStatus } from '#shared/jobs/job-moderation.schemas';
import { people, personColumns } from '../accounts';
import type { PersonRow } from '../accounts';
import { jobApplications, jobs } from './jobs.table';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function statusWhere(status: TModerationStatus | undefined): SQL | undefined {
  if (!status) return undefined;
  if (status === 'taken_down') return isNotNull(jobs.takenDownReason);
  // A taken-down job is closed, but the console lists it under "taken down", not "closed".
  return and(eq(jobs.status, status), isNull(jobs.takenDownReason));
}

/**
 * The admin console's jobs list: every job of every status, newest first, found by title or
 * company, one page and the total in one statement (the count as a window over the matches).
 */
export async function moderationList(
  db: DbOrTx,
  f: { q?: string; status?: TModerationStatus; page: number; now: Date },
) {
  const employer = people('employer');
  const like = f.q ? `%${escapeLike(f.q)}%` : undefined;
  const where = and(
    // Accents folded, in the expression of the trigram index jobs_moderation_folded_trgm_idx (migration 0029).
    like
      ? sql`immutable_unaccent(lower(${jobs.title} || ' ' || ${jobs.companyName})) like immutable_unaccent(lower(${like}))`
      : undefined,
    statusWhere(f.status),
  );
  const rows = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      companyName: jobs.companyName,
      status: jobs.status,
      takenDownReason: jobs.takenDownReason,
      createdAt: jobs.createdAt,
      employer: personColumns(employer, f.now),
      applicantCount: sql<number>`(select count(*)::int from ${jobApplications} where ${jobApplications.jobId} = ${jobs.id} and ${jobApplications.status} <> 'withdrawn')`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(jobs)
    .innerJoin(employer, eq(employer.id, jobs.employerId))
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(ADMIN_JOBS_PAGE_SIZE)
    .offset((f.page - 1) * ADMIN_JOBS_PAGE_SIZE);
  let total = rows[0]?.total ?? 0;
  // A page past the end has no row to carry the count.
  if (rows.length === 0 && f.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(where);
    total = c?.n ?? 0;
  }
  return { total, rows: rows.map(({ total: _t, ...r }) => ({ ...r, employer: r.employer as PersonRow })) };
}
