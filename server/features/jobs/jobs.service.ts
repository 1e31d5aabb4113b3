import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import { cursorParam } from '#server/db/paging';
import { AppError } from '#server/lib/errors';
import { searchText } from '#server/lib/search/search';
import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  PIPELINE_STAGES,
  type TEmployerJob,
  type TJobDetail,
  type TJobList,
  type TJobMatch,
  type TJobSummary,
  type ZJobInput,
  type ZJobPatch,
  type ZJobsQuery,
} from '#shared/jobs/jobs.schemas';
import { presentPerson } from '../accounts';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { QueueService } from '#server/queue/queue.service';
import type { SkillsService } from '../skills';
import { employerProfileOf } from '../roles';
import { alertsSweepJob, closeAtDeadlineJob } from './jobs.queue';
import { jobMatch } from './job-match.repo';
import { jobViewsRepo, viewDay, viewerKey, type JobViewer } from './job-views.repo';
import { assertMayPost, assertOwnsJob, mayEdit, visibleTo } from './jobs.policy';
import { presentJobSummary } from './jobs.presenter';
import { type BoardPlan, isOpenAt, type JobChanges, type JobRow, jobSkills, jobsRepo } from './jobs.repo';

export type JobsQuery = z.output<typeof ZJobsQuery>;
type JobInput = z.output<typeof ZJobInput>;
type JobPatch = z.output<typeof ZJobPatch>;

export interface JobBoardDeps {
  db: Db;
  skills: SkillsService;
  realtime: RealtimeService;
  jobs: QueueService;
  now: () => Date;
}

const DAY = 86_400_000;
export const EMPLOYER_PAGE = '/jobs/employer';

/** The job board (issue 13): posting, the board's search, a job's page and saving. */
export function createJobBoardService(deps: JobBoardDeps) {
  const { db, skills, realtime, now } = deps;
  const queue = deps.jobs;

  /** `job:created` / `job:updated` after the commit: to everyone while it is or was open, else to its employer. */
  function announce(
    tx: DbOrTx,
    event: 'job:created' | 'job:updated',
    job: JobRow,
    before: JobRow['status'] = job.status,
  ) {
    afterCommit(tx, () => {
      if (job.status !== 'draft' || before !== 'draft') realtime.emitToAll(event, { resourceId: job.id });
      else realtime.emitToUser(job.employerId, event, { resourceId: job.id });
    });
  }

  async function scheduleClosing(tx: DbOrTx, job: JobRow) {
    if (job.status !== 'open' || !job.deadline) return;
    await queue.send(
      tx,
      closeAtDeadlineJob,
      { jobId: job.id },
      { startAfter: job.deadline, singletonKey: `${job.id}:${job.deadline.toISOString()}` },
    );
  }

  async function visibleJob(user: TUser | null, id: string, tx: DbOrTx = db): Promise<JobRow> {
    const row = await jobsRepo.find(tx, id);
    if (!row || !visibleTo(user, row)) throw new AppError('NOT_FOUND', 'Job not found.');
    return row;
  }

  async function summaries(rows: JobRow[], user: TUser | null, tx: DbOrTx = db): Promise<TJobSummary[]> {
    const linked = await skills.linksOf(
      jobSkills,
      rows.map((r) => r.id),
      tx,
    );
    return rows.map((r) => presentJobSummary(r, linked.get(r.id) ?? []));
  }

  async function detail(user: TUser | null, id: string, tx: DbOrTx = db): Promise<TJobDetail> {
    const row = await visibleJob(user, id, tx);
    const [summary] = await summaries([row], user, tx);
    const employer = await jobsRepo.employerOf(tx, row.employerId);
    const application = user ? await jobsRepo.applicationOf(tx, row.id, user.id) : undefined;
    const viewerRef = user ? { id: user.id, role: user.role } : null;
    let match: TJobSummary['match'] = null;
    if (user && user.id !== row.employerId) {
      const m = await jobMatch(tx, row.id, user.id);
      match = m.hasSkills ? { shared: m.shared.length, total: m.total } : null;
    }
    return {
      ...summary!,
      match,
      description: row.description,
      // A visitor's projection (decision 055): the public job, not who posted it nor what applying asks.
      screeningQuestions: user ? row.screeningQuestions : [],
      employer: !user
        ? null
        : employer
          ? presentPerson(employer, viewerRef)
          : { id: row.employerId, username: '', fullName: 'Former member', avatarUrl: null },
      applicantCount: await jobsRepo.applicantCount(tx, row.id),
      takenDownReason: mayEdit(user, row) || user?.role === 'admin' ? row.takenDownReason : null,
      updatedAt: row.updatedAt.toISOString(),
      viewer: {
        applied: Boolean(application && application.status !== 'withdrawn'),
        saved: user ? await jobsRepo.isSaved(tx, user.id, row.id) : false,
        canEdit: mayEdit(user, row),
        application: application
          ? { id: application.id, status: application.status, createdAt: application.createdAt.toISOString() }
          : null,
      },
    };
  }

  return {
    detail,
    visibleJob,
    announce,

    /** A job's page: its detail, counting the view unless its employer or an admin is looking. */
    async page(user: TUser | null, id: string, visitor: { ip: string; userAgent: string }): Promise<TJobDetail> {
      const job = await detail(user, id);
      if (!user || (user.id !== job.employer?.id && user.role !== 'admin')) {
        const viewer: JobViewer = user ? { memberId: user.id } : visitor;
        const day = viewDay(now());
        await jobViewsRepo.record(db, job.id, viewerKey(viewer, day), day);
      }
      return job;
    },

    pruneViews: () => jobViewsRepo.prune(db, now()),

    async list(user: TUser | null, q: JobsQuery): Promise<TJobList> {
      const plan = { ...boardPlan(q, now(), user?.id ?? null), cursor: cursorParam(q.cursor) };
      let result = await jobsRepo.board(db, plan);
      // Nothing matched the words: try titles within a typo of them, as the catalogue does. The
      // total counts every match, so a later page (by number or cursor) of a list the typos found
      // finds none as typed either, and continues the typos' list.
      if (plan.text && result.total === 0) result = await jobsRepo.board(db, { ...plan, fuzzy: true });
      const linked = await skills.linksOf(
        jobSkills,
        result.rows.map((r) => r.id),
      );
      const counted = result.viewerHasSkills;
      return {
        jobs: result.rows.map((r) =>
          presentJobSummary(
            r,
            linked.get(r.id) ?? [],
            user && counted && r.employerId !== user.id ? { shared: r.sharedSkills, total: r.totalSkills } : null,
          ),
        ),
        total: result.total,
        page: q.page,
        pageSize: q.pageSize,
        totalCapped: result.totalCapped,
        nextCursor: result.nextCursor,
      };
    },

    async create(user: TUser, input: JobInput): Promise<TJobDetail> {
      assertMayPost(user);
      return transaction(db, async (tx) => {
        const companyName = input.companyName ?? (await employerProfileOf(user.id, tx))?.companyName;
        if (!companyName) {
          const message = "Add your company name: on your profile's employer details, or in this form.";
          throw new AppError('VALIDATION_FAILED', message, { companyName: message });
        }
        const status = input.status ?? 'open';
        const at = now();
        const deadline = input.deadline ? new Date(input.deadline) : null;
        if (status === 'open' && deadline && deadline <= at) {
          throw new AppError('VALIDATION_FAILED', 'The deadline has passed: choose a later date.', {
            deadline: 'Choose a date in the future',
          });
        }
        const created = await jobsRepo.insert(tx, {
          employerId: user.id,
          title: input.title,
          companyName,
          description: input.description,
          location: input.location,
          workplace: input.workplace,
          type: input.type,
          experience: input.experience ?? null,
          salaryMin: input.salaryMin ?? null,
          salaryMax: input.salaryMax ?? null,
          currency: input.currency ?? 'NGN',
          salaryPeriod: input.salaryPeriod ?? 'month',
          deadline,
          screeningQuestions: input.screeningQuestions ?? [],
          status,
          postedAt: status === 'open' ? at : null,
          createdAt: at,
          updatedAt: at,
        });
        // The skills' names reach the job's words through a trigger on job_skills (migration 0043).
        await skills.setLinks(jobSkills, created.id, input.skills, tx);
        await scheduleClosing(tx, created);
        if (created.status === 'open') await queue.send(tx, alertsSweepJob, { jobId: created.id });
        announce(tx, 'job:created', created);
        return detail(user, created.id, tx);
      });
    },

    async update(user: TUser, id: string, patch: JobPatch): Promise<TJobDetail> {
      return transaction(db, async (tx) => {
        const row = await jobsRepo.lock(tx, id);
        assertOwnsJob(user, row);
        if (row.takenDownReason)
          throw new AppError('FORBIDDEN', 'An administrator took this job down: it can no longer be edited.');
        const at = now();
        const { skills: slugs, deadline, ...rest } = patch;
        const changes: JobChanges = { ...rest, updatedAt: at };
        if (deadline !== undefined) changes.deadline = deadline ? new Date(deadline) : null;
        if (patch.status === 'open' && !row.postedAt) changes.postedAt = at;
        const nextDeadline = changes.deadline !== undefined ? changes.deadline : row.deadline;
        const nextStatus = patch.status ?? row.status;
        if (nextStatus === 'open' && nextDeadline && nextDeadline <= at) {
          throw new AppError(
            'VALIDATION_FAILED',
            'The deadline has passed: choose a later date to keep the job open.',
            { deadline: 'Choose a date in the future' },
          );
        }
        const salaryMin = patch.salaryMin !== undefined ? patch.salaryMin : row.salaryMin;
        const salaryMax = patch.salaryMax !== undefined ? patch.salaryMax : row.salaryMax;
        if (salaryMin != null && salaryMax != null && salaryMin > salaryMax) {
          throw new AppError('VALIDATION_FAILED', 'The lowest salary cannot be above the highest', {
            salaryMax: 'The lowest salary cannot be above the highest',
          });
        }
        if (slugs) await skills.setLinks(jobSkills, id, slugs, tx);
        const next = await jobsRepo.update(tx, id, changes);
        await scheduleClosing(tx, next);
        if (changes.postedAt) await queue.send(tx, alertsSweepJob, { jobId: id });
        announce(tx, 'job:updated', next, row.status);
        return detail(user, id, tx);
      });
    },

    async close(user: TUser, id: string): Promise<TJobDetail> {
      return transaction(db, async (tx) => {
        const row = await jobsRepo.lock(tx, id);
        assertOwnsJob(user, row);
        if (row.status !== 'closed') {
          const next = await jobsRepo.update(tx, id, { status: 'closed', updatedAt: now() });
          announce(tx, 'job:updated', next, row.status);
        }
        return detail(user, id, tx);
      });
    },

    /** The deadline job: closes the job when its deadline has passed and it is still open. */
    async closeIfDue(jobId: string): Promise<void> {
      await transaction(db, async (tx) => {
        const row = await jobsRepo.lock(tx, jobId);
        if (!row || row.status !== 'open' || !row.deadline || row.deadline > now()) return;
        const next = await jobsRepo.update(tx, jobId, { status: 'closed', updatedAt: now() });
        announce(tx, 'job:updated', next, row.status);
      });
    },

    /** The employer's own jobs, every status, with applicants per stage. */
    async employerJobs(user: TUser): Promise<{ jobs: TEmployerJob[] }> {
      const rows = await jobsRepo.byEmployer(db, user.id);
      const list = await summaries(rows, user);
      const ids = rows.map((r) => r.id);
      const counts = await jobsRepo.stageCounts(db, ids);
      const views = await jobViewsRepo.totals(db, ids);
      return {
        jobs: list.map((j, i) => {
          const stageCounts: Record<string, number> = Object.fromEntries(
            [...PIPELINE_STAGES, 'rejected'].map((s) => [s, 0]),
          );
          for (const c of counts) if (c.jobId === j.id && c.status !== 'withdrawn') stageCounts[c.status] = c.count;
          return {
            ...j,
            applicantCount: Object.values(stageCounts).reduce((a, b) => a + b, 0),
            stageCounts,
            views: views.get(j.id) ?? 0,
            takenDownReason: rows[i]!.takenDownReason,
          };
        }),
      };
    },

    async match(user: TUser, id: string): Promise<TJobMatch> {
      const row = await visibleJob(user, id);
      const [match, levels] = await Promise.all([jobMatch(db, row.id, user.id), skills.levelsOf([user.id])]);
      // Each shared skill with its passport level (issue 31), the evidence the match already cites beside it.
      const held = new Map((levels.get(user.id) ?? []).map((s) => [s.slug, s]));
      return {
        ...match,
        shared: match.shared.map((s) => ({
          ...s,
          level: held.get(s.slug)?.level ?? 'claimed',
          sentence: held.get(s.slug)?.sentence,
        })),
      };
    },

    async save(user: TUser, id: string, saved: boolean): Promise<{ saved: boolean }> {
      const row = await visibleJob(user, id);
      if (saved) await jobsRepo.save(db, user.id, row.id, now());
      else await jobsRepo.unsave(db, user.id, row.id);
      return { saved };
    },

    async savedJobs(user: TUser): Promise<{ jobs: TJobSummary[] }> {
      const ids = await jobsRepo.savedBy(db, user.id);
      const rows = await jobsRepo.byIds(db, ids);
      const byId = new Map(rows.filter((r) => visibleTo(user, r)).map((r) => [r.id, r]));
      return {
        jobs: await summaries(
          ids.flatMap((i) => (byId.has(i) ? [byId.get(i)!] : [])),
          user,
        ),
      };
    },

    /** Whether the job can take applications now; the reason in words when not. */
    openForApplications(row: JobRow): string | null {
      if (row.status === 'closed') return 'This job is closed: it no longer takes applications.';
      if (row.status !== 'open') return 'This job is not open for applications.';
      if (row.deadline && row.deadline <= now()) return 'The deadline for this job has passed.';
      return null;
    },
    isOpenAt,
  };
}

export type JobBoardService = ReturnType<typeof createJobBoardService>;

/** The board's query as the repository's plan; saved searches replay through it too. */
export function boardPlan(q: JobsQuery, at: Date, viewerId: string | null): BoardPlan {
  return {
    text: searchText(q.q),
    location: q.location || undefined,
    workplace: q.workplace,
    type: q.type,
    experience: q.experience,
    salaryMin: q.salaryMin,
    postedSince: q.postedWithin ? new Date(at.getTime() - Number(q.postedWithin) * DAY) : undefined,
    sort: q.sort ?? 'newest',
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
    viewerId,
    now: at,
  };
}
