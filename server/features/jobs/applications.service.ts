import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { CV_MAX_BYTES } from '#shared/accounts/roles.schemas';
import {
  STAGE_LABELS,
  WITHDRAWABLE,
  type TApplication,
  type TEmployerApplication,
  type TSeekerApplication,
  type ZApplicationInput,
  type ZApplicationPatch,
} from '#shared/jobs/jobs.schemas';
import { presentPerson } from '../accounts';
import type { NotificationsService } from '../notifications';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { UploadsService } from '../uploads';
import { seekerProfileOf } from '../roles';
import { jobPartiesRepo } from './job-parties.repo';
import { assertMayApply, employerReadsCv } from './jobs.policy';
import { presentApplication } from './jobs.presenter';
import { stageNotice } from './stage-notice';
import { type ApplicationRow, type JobRow, jobsRepo } from './jobs.repo';
import { EMPLOYER_PAGE, type JobBoardService } from './jobs.service';
import { atLeast, isProven, provenFirst, type TLevelFilter } from '#shared/passport/passport.schemas';
import type { SkillsService } from '../skills';

export interface ApplicationsDeps {
  db: Db;
  board: JobBoardService;
  uploads: UploadsService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  skills: SkillsService;
  now: () => Date;
}

const SEEKER_PAGE = '/jobs/seeker';
const MY_APPLICATIONS = ['/api/user/applications'];
const EMPLOYER_JOBS = ['/api/employer/jobs'];

/** Applying, the hiring pipeline with its append-only history, and withdrawing (issue 13). */
export function createApplicationsService(deps: ApplicationsDeps) {
  const { db, board, uploads, notifications, realtime, skills, now } = deps;

  /** `forEmployer`: with the employer's notes, and a CV only while they may still read it. */
  async function present(rows: ApplicationRow[], forEmployer: boolean, tx: DbOrTx = db): Promise<TApplication[]> {
    const events = await jobsRepo.eventsOf(
      tx,
      rows.map((r) => r.id),
    );
    const at = now();
    const cvOf = (r: ApplicationRow) => (!forEmployer || employerReadsCv(r, at) ? r.cvUploadId : null);
    const cvs = await uploads.presentMany(
      rows.flatMap((r) => cvOf(r) ?? []),
      tx,
    );
    return rows.map((r) => {
      const cv = cvOf(r);
      return presentApplication(r, events, cv ? cvs.get(cv) : undefined, forEmployer);
    });
  }

  /** The seeker's CV for this application: the one chosen (a PDF of theirs, at most 5 MB), else their profile's. */
  async function chooseCv(user: TUser, cvUploadId: string | null | undefined, tx: DbOrTx): Promise<string | null> {
    if (cvUploadId) {
      const [cv] = await uploads.requireOwned(user.id, [cvUploadId], 'document', 'cvUploadId', tx);
      if (cv!.size > CV_MAX_BYTES)
        throw new AppError('VALIDATION_FAILED', 'A CV can be at most 5 MB: upload a smaller PDF.', {
          cvUploadId: 'At most 5 MB',
        });
      return cv!.id;
    }
    if (cvUploadId === null) return null;
    return (await seekerProfileOf(user.id, tx))?.cvUploadId ?? null;
  }

  /** Tells the seeker's open pages, and every list showing the job's count, after the commit. */
  function announce(tx: DbOrTx, job: JobRow, applicantId: string) {
    afterCommit(tx, () => {
      realtime.emitToUser(applicantId, 'data:updated', { queryKeys: [MY_APPLICATIONS] });
      realtime.emitToUser(job.employerId, 'data:updated', {
        queryKeys: [EMPLOYER_JOBS, ['/api/jobs', job.id, 'applications']],
      });
      if (job.status === 'draft') realtime.emitToUser(job.employerId, 'job:updated', { resourceId: job.id });
      else realtime.emitToAll('job:updated', { resourceId: job.id });
    });
  }

  /** The application and its job, for the job's employer only: to anyone else it does not exist. */
  async function employerApplication(user: TUser, id: string, tx: DbOrTx) {
    const row = await jobsRepo.lockApplication(tx, id);
    const job = row ? await jobsRepo.find(tx, row.jobId) : undefined;
    if (!row || !job || job.employerId !== user.id) throw new AppError('NOT_FOUND', 'Application not found.');
    return { row, job };
  }

  return {
    async apply(user: TUser, jobId: string, input: z.output<typeof ZApplicationInput>): Promise<TApplication> {
      return transaction(db, async (tx) => {
        const job = await board.visibleJob(user, jobId, tx);
        assertMayApply(user, job);
        const closed = board.openForApplications(job);
        if (closed) throw new AppError('CONFLICT', closed);
        const existing = await jobsRepo.applicationOf(tx, job.id, user.id);
        if (existing)
          throw new AppError('CONFLICT', 'You have already applied to this job. Follow it on your applications page.');
        const answers = input.answers ?? [];
        for (const q of job.screeningQuestions) {
          const given = answers.find((a) => a.questionId === q.id)?.answer;
          if (!given) {
            const message = `Answer the question: ${q.question}`;
            throw new AppError('VALIDATION_FAILED', message, { [`answers.${q.id}`]: message });
          }
          if (q.kind === 'yes_no' && given !== 'yes' && given !== 'no') {
            throw new AppError('VALIDATION_FAILED', `Answer yes or no: ${q.question}`, {
              [`answers.${q.id}`]: 'Answer yes or no',
            });
          }
        }
        const at = now();
        const row = await jobsRepo.insertApplication(tx, {
          jobId: job.id,
          applicantId: user.id,
          coverLetter: input.coverLetter || null,
          cvUploadId: await chooseCv(user, input.cvUploadId, tx),
          answers: answers.filter((a) => job.screeningQuestions.some((q) => q.id === a.questionId)),
          createdAt: at,
          updatedAt: at,
        });
        // Two tabs at once: the unique index lets one through.
        if (!row)
          throw new AppError('CONFLICT', 'You have already applied to this job. Follow it on your applications page.');
        await jobsRepo.addEvent(tx, { applicationId: row.id, status: 'submitted', actorId: user.id, createdAt: at });
        await notifications.notify(
          job.employerId,
          {
            type: 'system_update',
            title: 'New applicant',
            message: `${user.fullName} applied to "${job.title}".`,
            actorId: user.id,
            link: EMPLOYER_PAGE,
          },
          tx,
        );
        announce(tx, job, user.id);
        return (await present([row], false, tx))[0]!;
      });
    },

    /** The job's applicants, for its employer; anyone else gets a 404, as for a job without them. */
    async ofJob(
      user: TUser,
      jobId: string,
      filter: TLevelFilter = {},
    ): Promise<{ applications: TEmployerApplication[] }> {
      const job = await jobsRepo.find(db, jobId);
      if (!job || job.employerId !== user.id) throw new AppError('NOT_FOUND', 'Job not found.');
      const rows = await jobsRepo.applicationsOfJob(db, jobId, now());
      const viewer = { id: user.id, role: user.role };
      const presented = await present(
        rows.map((r) => r.application),
        true,
      );
      const levels = await skills.levelsOf(rows.map((r) => r.application.applicantId));
      return {
        applications: presented
          .map((a, i) => {
            const applicant = presentPerson(rows[i]!.applicant, viewer);
            // The passport's proven skills first (issue 31); none for a member no longer shown.
            const held = applicant.username ? (levels.get(rows[i]!.application.applicantId) ?? []) : [];
            return { ...a, applicant, provenSkills: provenFirst(held.filter((s) => isProven(s.level))) };
          })
          // The employer's filter by level (issue 31 item 3), on the levels the public sees.
          .filter(
            (a) =>
              !filter.skill ||
              a.provenSkills.some((s) => s.slug === filter.skill && atLeast(s.level, filter.level ?? 'proven')),
          ),
      };
    },

    async move(
      user: TUser,
      id: string,
      status: z.output<typeof ZApplicationPatch>['status'],
      note: string | undefined,
    ): Promise<TApplication> {
      return transaction(db, async (tx) => {
        const { row, job } = await employerApplication(user, id, tx);
        if (row.status === 'withdrawn') throw new AppError('CONFLICT', 'The applicant withdrew this application.');
        if (row.status === 'hired' || row.status === 'rejected') {
          throw new AppError(
            'CONFLICT',
            `This application is closed (${STAGE_LABELS[row.status].toLowerCase()}): it cannot move any more.`,
          );
        }
        const at = now();
        const next = row.status === status ? row : await jobsRepo.setStatus(tx, id, status, at);
        // A note alone on the same stage is kept too: the history is where notes live.
        if (row.status !== status || note)
          await jobsRepo.addEvent(tx, {
            applicationId: id,
            status,
            actorId: user.id,
            note: note || null,
            createdAt: at,
          });
        if (row.status !== status) {
          // A hire through a job is passport evidence for the skills it required (decision 079).
          if (status === 'hired') await skills.evidenceChanged([row.applicantId], tx);
          await notifications.notify(
            row.applicantId,
            { type: 'system_update', ...stageNotice(status, job), link: SEEKER_PAGE },
            tx,
          );
          announce(tx, job, row.applicantId);
        }
        return (await present([next], true, tx))[0]!;
      });
    },

    /** Rejects several applicants of one job at once, each told kindly, with the employer's one message. */
    async rejectMany(
      user: TUser,
      jobId: string,
      ids: string[],
      message: string | undefined,
    ): Promise<{ rejected: number }> {
      return transaction(db, async (tx) => {
        const job = await jobsRepo.find(tx, jobId);
        if (!job || job.employerId !== user.id) throw new AppError('NOT_FOUND', 'Job not found.');
        let rejected = 0;
        // In id order: two bulk rejects with the same applicants lock them in the same order, never in a circle.
        for (const id of [...new Set(ids)].sort()) {
          const row = await jobsRepo.lockApplication(tx, id);
          if (!row || row.jobId !== jobId || ['hired', 'rejected', 'withdrawn'].includes(row.status)) continue;
          const at = now();
          await jobsRepo.setStatus(tx, id, 'rejected', at);
          await jobsRepo.addEvent(tx, {
            applicationId: id,
            status: 'rejected',
            actorId: user.id,
            note: message || null,
            createdAt: at,
          });
          await notifications.notify(
            row.applicantId,
            { type: 'system_update', ...stageNotice('rejected', job, message), link: SEEKER_PAGE },
            tx,
          );
          announce(tx, job, row.applicantId);
          rejected++;
        }
        return { rejected };
      });
    },

    async withdraw(user: TUser, id: string): Promise<TApplication> {
      return transaction(db, async (tx) => {
        const row = await jobsRepo.lockApplication(tx, id);
        if (!row || row.applicantId !== user.id) throw new AppError('NOT_FOUND', 'Application not found.');
        if (!WITHDRAWABLE.includes(row.status)) {
          throw new AppError(
            'CONFLICT',
            row.status === 'withdrawn'
              ? 'You already withdrew this application.'
              : 'This application can no longer be withdrawn.',
          );
        }
        const job = (await jobsRepo.find(tx, row.jobId))!;
        const at = now();
        const next = await jobsRepo.setStatus(tx, id, 'withdrawn', at);
        await jobsRepo.addEvent(tx, { applicationId: id, status: 'withdrawn', actorId: user.id, createdAt: at });
        announce(tx, job, user.id);
        return (await present([next], false, tx))[0]!;
      });
    },

    async mine(user: TUser): Promise<{ applications: TSeekerApplication[] }> {
      const rows = await jobsRepo.applicationsOfUser(db, user.id);
      const presented = await present(
        rows.map((r) => r.application),
        false,
      );
      return { applications: presented.map((a, i) => ({ ...a, job: rows[i]!.job })) };
    },

    /** Roles' CV reader: an employer reads the profile CV of a seeker who applied to one of their jobs. */
    async readsCvOf(viewer: TUser, seekerId: string, tx: DbOrTx): Promise<boolean> {
      const applications = await jobPartiesRepo.applicationsTo(tx, viewer.id, seekerId);
      return applications.some((a) => employerReadsCv(a, now()));
    },

    /** Upload reader: a CV an application carries (chosen for it, or the profile's), read by that job's employer. */
    async mayReadUpload(user: TUser | null, uploadId: string): Promise<boolean> {
      if (!user) return false;
      const applications = await jobPartiesRepo.applicationsCarrying(db, user.id, uploadId);
      return applications.some((a) => employerReadsCv(a, now()));
    },

    /** Upload referrer: the CVs applications link stay. */
    uploadsInUse: (ids: string[], tx: DbOrTx) => jobsRepo.cvsInUse(tx, ids),
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
