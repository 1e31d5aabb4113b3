import type { DbOrTx } from '#server/db/client';
import type { UploadQuotas } from '#server/env';
import { AppError } from '#server/lib/errors';
import type { TTeachingStorage } from '#shared/accounts/roles.schemas';
import { holdsRole, type TRole } from '#shared/roles';
import { formatBytes } from '#shared/uploads/uploads.schemas';

/**
 * An area's word on whether an admin has approved a member's teaching: courses answer "a course
 * of theirs was approved". Contributed like upload readers (`teachingApprovals`).
 */
export type TeachingApproval = (userId: string, tx: DbOrTx) => Promise<boolean>;

/**
 * The teaching quota holds course videos, and comes with a review, not with a role anyone may
 * take (decision 047): a mentor has it (only an admin makes one), a tutor once an admin has
 * approved a course of theirs. `approved` is asked only of a tutor who is not a mentor.
 */
export async function teachingStorage(
  owner: { roles: readonly TRole[] },
  quotas: UploadQuotas,
  approved: () => Promise<boolean>,
): Promise<TTeachingStorage> {
  const granted = holdsRole(owner, 'mentor') || (holdsRole(owner, 'tutor') && (await approved()));
  return { granted, memberBytes: quotas.memberBytes, teachingBytes: quotas.tutorBytes };
}

export const quotaOf = (storage: TTeachingStorage): number =>
  storage.granted ? storage.teachingBytes : storage.memberBytes;

/**
 * Refused before anything is stored: the sentence says what is used, the limit, and what to do.
 * Unused uploads are deleted a day after upload (uploads garbage collection), which frees room.
 * A tutor whose teaching waits for review also reads what the first approved course brings.
 */
export function overQuota(used: number, quota: number, grows?: number): AppError {
  const message =
    `This upload does not fit in your storage: you use ${formatBytes(used)} of your ${formatBytes(quota)}. ` +
    'Remove files you no longer use from your lessons (unused files are deleted after a day) or upload a smaller file.' +
    (grows ? ` Your storage grows to ${formatBytes(grows)} once an admin approves your first course.` : '');
  return new AppError('PAYLOAD_TOO_LARGE', message, {
    file: `Your uploads are limited to ${formatBytes(quota)} in all`,
  });
}
