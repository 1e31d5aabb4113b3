import type { TUpload } from '../../../shared/uploads/uploads.schemas';
import type { UploadRow } from './uploads.table';

export const UPLOADS_PATH = '/uploads';

export const uploadUrl = (storedName: string) => `${UPLOADS_PATH}/${storedName}`;

export function presentUpload(row: UploadRow): TUpload {
  return {
    id: row.id,
    kind: row.kind,
    url: uploadUrl(row.storedName),
    name: row.originalName,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}
