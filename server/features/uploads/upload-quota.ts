import type { UploadQuotas } from '#server/env';
import { canTeach, type TRole } from '#shared/roles';
import { AppError } from '#server/lib/errors';

/** Teaching roles (held, primary or not) store course videos; everyone else avatars, CVs and pictures. */
export function quotaFor(owner: { roles: readonly TRole[] }, quotas: UploadQuotas): number {
  return canTeach(owner) ? quotas.tutorBytes : quotas.memberBytes;
}

/** "12.3 MB", "1.5 GB": what a person reads, not a byte count. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1024) return `${(mb / 1024).toFixed(1)} GB`;
  return `${mb.toFixed(1)} MB`;
}

/**
 * Refused before anything is stored: the sentence says what is used, the limit, and what to do.
 * Unused uploads are deleted a day after upload (uploads garbage collection), which frees room.
 */
export function overQuota(used: number, quota: number): AppError {
  const message =
    `This upload does not fit in your storage: you use ${formatBytes(used)} of your ${formatBytes(quota)}. ` +
    'Remove files you no longer use from your lessons (unused files are deleted after a day) or upload a smaller file.';
  return new AppError('PAYLOAD_TOO_LARGE', message, {
    file: `Your uploads are limited to ${formatBytes(quota)} in all`,
  });
}
