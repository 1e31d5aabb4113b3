import { createStorage } from '#server/lib/storage';
import { defineModule } from '#server/platform/module';
import type { UploadReader } from './upload-access';
import type { TeachingApproval } from './upload-quota';
import type { UploadReferrer } from './upload-maintenance';
import { enqueueImageConversion, registerUploadsJobs } from './uploads.queue';
import { uploadsRoutes } from './uploads.routes';
import { createUploadsService, type UploadsService } from './uploads.service';

declare module '../../platform/module' {
  interface ModuleMap {
    uploads: { uploads: UploadsService };
  }
  interface Contributions {
    /** Who may fetch a private file an area links (readers), and which files an area still uses (referrers). */
    uploadAccess?: { readers?: UploadReader[]; referrers?: UploadReferrer[] };
    /** Whose teaching an admin has approved, which brings the teaching quota (decision 047). */
    teachingApprovals?: TeachingApproval[];
  }
}

export const uploadsModule = defineModule({
  name: 'uploads',
  needs: [],
  about: 'Files on disk or S3: type by magic bytes, quotas, private media, image copies.',
  build: (p) => ({
    uploads: createUploadsService({
      db: p.db,
      storage: createStorage(p.config),
      quotas: p.config.uploadQuotas,
      now: p.now,
    }),
  }),
  accepts: {
    uploadAccess: ({ uploads }, { readers = [], referrers = [] }) => {
      for (const reader of readers) uploads.addReader(reader);
      for (const referrer of referrers) uploads.addReferrer(referrer);
    },
    teachingApprovals: ({ uploads }, approvals) => approvals.forEach((a) => uploads.addTeachingApproval(a)),
  },
  queue: (jobs, { uploads }) => registerUploadsJobs(jobs, uploads),
  contributes: ({ uploads }) => ({
    privacy: {
      exporters: { uploads: (userId, tx) => uploads.exportOf(userId, tx) },
      erasers: { uploads: (userId, tx) => uploads.eraseOwner(userId, tx) },
    },
  }),
  // A process sharing a bucket cannot serve files without it; its own disk it always has.
  plug: ({ uploads }, _deps, p) => {
    if (uploads.storageKind === 's3') p.readiness.add('bucket', () => uploads.storageReachable());
  },
  routes: ({ uploads }) => [(app) => uploadsRoutes(app, { uploads })],
  started: async (_s, p) => {
    await enqueueImageConversion(p.queue, p.db);
  },
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { avatarSrcset, avatarUrl, srcsetOf, uploadUrl } from './uploads.presenter';
export { type OpenedFile, type UploadsService } from './uploads.service';
