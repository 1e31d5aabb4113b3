import { IMAGE_WIDTHS, type TUpload } from '../../../shared/uploads/uploads.schemas';
import { STORED_EXTENSIONS } from './magic-bytes';
import type { UploadRow } from './uploads.table';

export const UPLOADS_PATH = '/uploads';
export const uploadUrl = (storedName: string) => `${UPLOADS_PATH}/${storedName}`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const IMAGE_EXTENSIONS = ['png', 'jpg', 'gif', 'webp'];

/** `<uuid>.<ext>` as stored, or `<uuid>-<width>w.webp`, one of an image's resized copies. */
export const STORED_NAME = new RegExp(`^(${UUID})(?:\\.(${STORED_EXTENSIONS.join('|')})|-(${IMAGE_WIDTHS.join('|')})w\\.webp)$`);

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

export function presentUpload(row: UploadRow): TUpload {
  const url = uploadUrl(row.storedName);
  return {
    id: row.id,
    kind: row.kind,
    url,
    // Until its copies are made, an image offers only its src: a srcset would point at 404s.
    srcset: row.kind === 'image' && row.variantsMadeAt ? srcsetOf(url) : null,
    name: row.originalName,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}
