import { defineModule } from '#server/platform/module';
import { createApplicationsService, type ApplicationsService } from './applications.service';
import { jobAlertsRoutes } from './job-alerts.routes';
import { jobLinkPreview } from './job-preview';
import { jobPartiesRepo } from './job-parties.repo';
import { createJobAlertsService, type JobAlertsService } from './job-alerts.service';
import { jobModerationRoutes } from './job-moderation.routes';
import { createJobModerationService, type JobModerationService } from './job-moderation.service';
import { jobActivity, jobFigures } from './jobs-admin';
import { eraseJobs, exportJobs } from './jobs.privacy';
import { registerJobAlertsJobs, registerJobBoardJobs } from './jobs.queue';
import { jobsRoutes } from './jobs.routes';
import { createJobBoardService, type JobBoardService } from './jobs.service';

declare module '../../platform/module' {
  interface ModuleMap {
    jobs: {
      jobBoard: JobBoardService;
      jobModeration: JobModerationService;
      jobApplications: ApplicationsService;
      jobAlerts: JobAlertsService;
    };
  }
}

export const jobsModule = defineModule({
  name: 'jobs',
  needs: ['accounts', 'notifications', 'uploads', 'skills'],
  about: 'The job board: postings, search and match, applications and the employer pipeline, alerts, take-downs.',
  build: (p, { accounts, notifications, uploads, skills }) => {
    const { db, now, realtime, queue: jobs } = p;
    const jobBoard = createJobBoardService({ db, skills, realtime, jobs, now });
    return {
      jobBoard,
      jobModeration: createJobModerationService({ db, board: jobBoard, notifications, audit: p.audit, now }),
      jobApplications: createApplicationsService({
        db,
        board: jobBoard,
        uploads,
        notifications,
        realtime,
        skills,
        now,
      }),
      jobAlerts: createJobAlertsService({ db, accounts, notifications, jobs, appUrl: p.config.appUrl, now }),
    };
  },
  contributes: ({ jobApplications }, _deps, p) => ({
    linkPreviews: [jobLinkPreview(p.db, p.now)],
    // An employer reads the CVs of those who applied to them: the profile's CV through roles, an uploaded one through uploads.
    cvReaders: [(viewer, seekerId, tx) => jobApplications.readsCvOf(viewer, seekerId, tx)],
    chatContexts: [
      {
        kind: 'job',
        takePart: (memberIds, id, tx) => jobPartiesRepo.takePart(tx, id, memberIds),
        refusal: 'A conversation can be about a job only between its employer and a member who applied to it.',
      },
    ],
    uploadAccess: {
      readers: [(user, id) => jobApplications.mayReadUpload(user, id)],
      referrers: [(ids, tx) => jobApplications.uploadsInUse(ids, tx)],
    },
    dailyFigures: jobFigures,
    memberActivity: jobActivity,
    privacy: {
      exporters: { jobs: (userId, tx) => exportJobs(userId, tx) },
      erasers: { jobs: (userId, tx) => eraseJobs(userId, tx) },
    },
  }),
  queue: (jobs, { jobBoard, jobAlerts }) => {
    registerJobBoardJobs(jobs, jobBoard);
    registerJobAlertsJobs(jobs, jobAlerts);
  },
  routes: (s) => [(app) => jobsRoutes(app, s), (app) => jobModerationRoutes(app, s), (app) => jobAlertsRoutes(app, s)],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { hiresOf } from './job-hires.repo';
