import type { Db } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TAdminJobList, TAdminJobsQuery } from '#shared/jobs/job-moderation.schemas';
import { ADMIN_JOBS_PAGE_SIZE } from '#shared/jobs/job-moderation.schemas';
import type { TJobDetail } from '#shared/jobs/jobs.schemas';
import { presentPerson } from '../accounts';
import type { Audit } from '#server/lib/audit/audit';
import type { NotificationsService } from '../notifications';
import { moderationList } from './job-moderation.repo';
import { jobsRepo } from './jobs.repo';
import { EMPLOYER_PAGE, type JobBoardService } from './jobs.service';

export interface JobModerationDeps {
  db: Db;
  board: JobBoardService;
  notifications: NotificationsService;
  audit: Audit;
  now: () => Date;
}

const clip = (s: string, n = 2000) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Admins and jobs (issue 13 "an admin can take a job down with a reason"): the console's list,
 * taking a job down (closed, the employer told why) and restoring it. A restored job stays
 * closed: its employer decides whether to open it again (decision 038).
 */
export function createJobModerationService(deps: JobModerationDeps) {
  const { db, board, notifications, audit, now } = deps;

  return {
    async list(adminUser: TUser, q: TAdminJobsQuery & { page: number }): Promise<TAdminJobList> {
      const { rows, total } = await moderationList(db, { q: q.q, status: q.status, page: q.page, now: now() });
      const viewer = { id: adminUser.id, role: adminUser.role };
      return {
        jobs: rows.map((r) => ({
          ...r,
          employer: presentPerson(r.employer, viewer),
          createdAt: r.createdAt.toISOString(),
        })),
        total,
        page: q.page,
        pageSize: ADMIN_JOBS_PAGE_SIZE,
      };
    },

    async takeDown(adminUser: TUser, id: string, reason: string): Promise<TJobDetail> {
      return transaction(db, async (tx) => {
        const row = await jobsRepo.lock(tx, id);
        if (!row) throw new AppError('NOT_FOUND', 'Job not found.');
        if (row.takenDownReason) throw new AppError('CONFLICT', 'This job is already taken down.');
        const next = await jobsRepo.update(tx, id, { status: 'closed', takenDownReason: reason, updatedAt: now() });
        await audit.action(
          {
            adminId: adminUser.id,
            action: 'job.taken_down',
            target: `job:${id}`,
            details: { title: row.title, reason },
          },
          tx,
        );
        await notifications.notify(
          row.employerId,
          {
            type: 'system_update',
            title: 'Job taken down',
            message: clip(`"${row.title}" was taken down by an administrator: ${reason}`),
            link: EMPLOYER_PAGE,
          },
          tx,
        );
        board.announce(tx, 'job:updated', next, row.status);
        return board.detail(adminUser, id, tx);
      });
    },

    /** Lifts a take-down: the job stays closed, and its employer may edit and reopen it. */
    async restore(adminUser: TUser, id: string, reason: string | undefined): Promise<TJobDetail> {
      return transaction(db, async (tx) => {
        const row = await jobsRepo.lock(tx, id);
        if (!row) throw new AppError('NOT_FOUND', 'Job not found.');
        if (!row.takenDownReason) throw new AppError('CONFLICT', 'This job is not taken down.');
        const next = await jobsRepo.update(tx, id, { takenDownReason: null, updatedAt: now() });
        await audit.action(
          {
            adminId: adminUser.id,
            action: 'job.restored',
            target: `job:${id}`,
            details: { title: row.title },
            reason: reason ?? null,
          },
          tx,
        );
        await notifications.notify(
          row.employerId,
          {
            type: 'system_update',
            title: 'Job restored',
            message: clip(`An administrator restored "${row.title}". It stays closed until you open it again.`),
            link: EMPLOYER_PAGE,
          },
          tx,
        );
        board.announce(tx, 'job:updated', next, row.status);
        return board.detail(adminUser, id, tx);
      });
    },
  };
}

export type JobModerationService = ReturnType<typeof createJobModerationService>;
