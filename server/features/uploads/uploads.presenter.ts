import { AVATAR_SIZES, IMAGE_WIDTHS, type TUpload } from '#shared/uploads/uploads.schemas';
import { STORED_EXTENSIONS } from './magic-bytes';
import type { UploadRow } from './uploads.repo';

export const UPLOADS_PATH = '/uploads';
export const uploadUrl = (storedName: string) => `${UPLOADS_PATH}/${storedName}`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const IMAGE_EXTENSIONS = ['png', 'jpg', 'gif', 'webp'];

/** An avatar's copies: every size but the largest, which is the stored file itself. */
export const AVATAR_COPY_SIZES = AVATAR_SIZES.slice(0, -1);
const COPY_WIDTHS = [...new Set<number>([...IMAGE_WIDTHS, ...AVATAR_COPY_SIZES])];

/** `<uuid>.<ext>` as stored, or `<uuid>-<width>w.webp`, one of an image's or avatar's resized copies. */
export const STORED_NAME = new RegExp(
  `^(${UUID})(?:\\.(${STORED_EXTENSIONS.join('|')})|-(${COPY_WIDTHS.join('|')})w\\.webp)$`,
);

/** The storage key of an image's copy at `width`. */
export const variantName = (id: string, width: number) => `${id}-${width}w.webp`;

/** What a name asks for: the upload's id, and the width when it is a resized copy. */
export function parseStoredName(name: string): { id: string; width?: number } | undefined {
  const match = STORED_NAME.exec(name);
  if (!match) return undefined;
  return { id: match[1]!, width: match[3] ? Number(match[3]) : undefined };
}

/**
 * The `srcset` of an image upload's URL (`/uploads/<uuid>.png`): its WebP copies at every width.
 * Null for anything else (a video, an external URL).
 */
export function srcsetOf(url: string | null): string | null {
  const match = url?.match(new RegExp(`^${UPLOADS_PATH}/(${UUID})\\.(${IMAGE_EXTENSIONS.join('|')})$`));
  if (!match) return null;
  return IMAGE_WIDTHS.map((w) => `${uploadUrl(variantName(match[1]!, w))} ${w}w`).join(', ');
}

/**
 * An avatar's URL as people are shown with it (`users.avatar_url`): its 128 px copy, what lists
 * and headers need. `avatarSrcset` gives the larger squares for profile pages.
 */
export const avatarUrl = (id: string) => uploadUrl(variantName(id, AVATAR_SIZES[0]));

export function avatarSrcset(id: string): string {
  const largest = AVATAR_SIZES[AVATAR_SIZES.length - 1]!;
  return [
    ...AVATAR_COPY_SIZES.map((w) => `${uploadUrl(variantName(id, w))} ${w}w`),
    `${uploadUrl(`${id}.webp`)} ${largest}w`,
  ].join(', ');
}

/**
 * The width of a picture's smallest stored copy, what `Save-Data` is answered with; undefined
 * for anything else, or an image whose copies are not made yet.
 */
export function smallestCopy(row: Pick<UploadRow, 'kind' | 'variantsMadeAt'>): number | undefined {
  if (row.kind === 'avatar') return AVATAR_SIZES[0];
  if (row.kind === 'image' && row.variantsMadeAt) return IMAGE_WIDTHS[0];
  return undefined;
}

export function presentUpload(row: UploadRow): TUpload {
  const url = uploadUrl(row.storedName);
  return {
    id: row.id,
    kind: row.kind,
    url,
    // Until its copies are made, an image offers only its src: a srcset would point at 404s.
    srcset:
      row.kind === 'avatar' ? avatarSrcset(row.id) : row.kind === 'image' && row.variantsMadeAt ? srcsetOf(url) : null,
    name: row.originalName,
    contentType: row.contentType,
    size: row.size,
    private: row.private,
    createdAt: row.createdAt.toISOString(),
  };
}
