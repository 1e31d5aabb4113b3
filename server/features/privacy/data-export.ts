import { strToU8, zipSync } from 'fflate';
import type { Db } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { QueueService } from '#server/queue/queue.service';
import { EXPORT_VALID_HOURS, type TDataExport, type TDataExportState } from '#shared/privacy/privacy.schemas';
import type { NotificationsService } from '../notifications';
import type { OpenedFile, UploadsService } from '../uploads';
import type { PrivacyRegistry } from './privacy-registry';
import { buildExportJob } from './privacy.queue';
import { type DataExportRow, privacyRepo } from './privacy.repo';

const HOUR = 3_600_000;
const notFound = () =>
  new AppError(
    'NOT_FOUND',
    'This download does not exist or has expired. Ask for a new one under Privacy on your profile.',
  );

function present(row: DataExportRow): TDataExport {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    downloadUrl: ready ? `/api/user/exports/${row.id}/download` : null,
    expiresAt: ready ? row.expiresAt!.toISOString() : null,
  };
}

/** "Download my data" (decision 020): a job runs every area's exporter and stores one ZIP, valid 24 hours, for its owner only. */
export function createDataExports(deps: {
  db: Db;
  registry: PrivacyRegistry;
  uploads: UploadsService;
  notifications: NotificationsService;
  jobs: QueueService;
  now: () => Date;
}) {
  const { db, registry, uploads, notifications, jobs, now } = deps;

  // The file is kept while its link works; after that garbage collection deletes it, and the export row with it.
  uploads.addReferrer((ids, tx) => privacyRepo.liveExportUploads(tx, ids, now()));

  return {
    async current(userId: string): Promise<TDataExportState> {
      const row = await privacyRepo.currentExport(db, userId, now());
      return { export: row ? present(row) : null };
    },

    /** A second request while one builds answers that one; otherwise a fresh export is built. */
    async request(userId: string): Promise<TDataExportState> {
      return transaction(db, async (tx) => {
        const created = await privacyRepo.insertExport(tx, userId, now());
        if (created) await jobs.send(tx, buildExportJob, { exportId: created.id });
        const row = created ?? (await privacyRepo.currentExport(tx, userId, now()))!;
        return { export: present(row) };
      });
    },

    /** The job: every exporter in one transaction (one consistent picture), then the ZIP stored and the member told. */
    async build(exportId: string): Promise<void> {
      const row = await privacyRepo.findExport(db, exportId);
      if (!row || row.status !== 'building') return;
      const files: Record<string, Uint8Array> = {};
      await transaction(db, async (tx) => {
        for (const [area, exporter] of registry.exporters())
          files[`${area}.json`] = strToU8(JSON.stringify(await exporter(row.userId, tx), null, 2));
      });
      const made = now();
      const stored = await uploads.storeGenerated(row.userId, {
        bytes: zipSync(files, { level: 6, mtime: made }),
        extension: 'zip',
        contentType: 'application/zip',
        name: `my-data-${made.toISOString().slice(0, 10)}.zip`,
      });
      const expiresAt = new Date(made.getTime() + EXPORT_VALID_HOURS * HOUR);
      await transaction(db, async (tx) => {
        await privacyRepo.markExportReady(
          tx,
          exportId,
          { uploadId: stored.id, storedName: stored.storedName },
          made,
          expiresAt,
        );
        await notifications.notify(
          row.userId,
          {
            type: 'system_update',
            title: 'Your data is ready',
            message: `Your data export is ready to download for ${EXPORT_VALID_HOURS} hours, under Privacy on your profile.`,
            link: '/profile',
          },
          tx,
        );
      });
    },

    /** The ZIP, to its owner only while its link works; to anyone else it does not exist. */
    async download(
      userId: string,
      exportId: string,
    ): Promise<{ file: OpenedFile & { body: NodeJS.ReadableStream }; name: string }> {
      const row = await privacyRepo.findExport(db, exportId);
      if (!row || row.userId !== userId || row.status !== 'ready' || !row.storedName || row.expiresAt! <= now())
        throw notFound();
      const file = await uploads.open(row.storedName, undefined);
      if (!file || !('body' in file)) throw notFound();
      return { file, name: `my-data-${row.readyAt!.toISOString().slice(0, 10)}.zip` };
    },
  };
}

export type DataExports = ReturnType<typeof createDataExports>;
