import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TRestriction } from '#shared/roles';
import type { TUploadKind } from '#shared/uploads/uploads.schemas';
import { areaOpen, isAdmin } from '../accounts';

/**
 * Another feature's say on who may read an upload it links (a lesson's video, say). Uploads
 * know who stored a file, not what it is used for, so the feature that uses it decides.
 */
export type UploadReader = (user: TUser | null, uploadId: string) => Promise<boolean>;

/**
 * Uploads are a courses tool so far: the same suspension that stops a member uploading
 * (POST /api/uploads) stops them reading their own unlinked files.
 */
export const UPLOADS_AREA: TRestriction = 'courses';

/**
 * Images are shown on public pages (thumbnails, avatars, pictures in lesson text), so anyone may
 * fetch them. Videos and documents are what a paid course sells.
 */
export const isPublicKind = (kind: TUploadKind) => kind === 'image' || kind === 'avatar';

/** Whether anyone may fetch the upload: a public kind not uploaded as private. */
export const isPublic = (upload: { kind: TUploadKind; private: boolean }) =>
  isPublicKind(upload.kind) && !upload.private;

/** Cache headers for public files: stored names are new uuids, so a name's bytes never change. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Cache headers for a file someone was allowed to read: only their browser may keep it. */
export const PRIVATE_CACHE_CONTROL = 'private, max-age=3600';

/**
 * What uploads decide alone: public kinds for everyone, anything but a private upload for an
 * admin (review mode; a private file is members' business, such as a chat photo), and the
 * uploader's own files (the builder previews a video before it is linked). Anything else is up
 * to the readers.
 */
export function readsWithoutReaders(
  user: TUser | null,
  upload: { kind: TUploadKind; ownerId: string; private: boolean },
): boolean {
  if (isPublic(upload)) return true;
  if (!user) return false;
  if (isAdmin(user) && !upload.private) return true;
  return user.id === upload.ownerId && areaOpen(user, UPLOADS_AREA);
}
