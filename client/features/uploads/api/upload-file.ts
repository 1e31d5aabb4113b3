import { UPLOAD_LIMITS, ZUpload, type TUpload, type TUploadKind } from '#shared/uploads/uploads.schemas';
import { apiUrl } from '#client/lib/env';

/** An upload the server refused (its `error`), or one the browser refused before sending. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const MB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/**
 * Checks what the browser can know before sending: size, and the type it guessed from the name.
 * The server still checks the bytes themselves (UPLOAD_LIMITS, magic numbers).
 */
export function checkFile(kind: TUploadKind, file: { size: number; type: string; name: string }): string | undefined {
  // A picture sent as an attachment is held to the pictures' own limit.
  const limit =
    kind === 'attachment' && UPLOAD_LIMITS.image.types.includes(file.type) ? UPLOAD_LIMITS.image : UPLOAD_LIMITS[kind];
  if (file.size === 0) return `"${file.name}" is empty.`;
  if (file.size > limit.maxBytes)
    return `"${file.name}" is ${sizeText(file.size)}; the limit is ${sizeText(limit.maxBytes)}.`;
  // An empty type means the browser could not tell; the server will.
  if (file.type && !limit.types.includes(file.type)) return `"${file.name}" is not allowed here: ${limit.label}.`;
  return undefined;
}

export interface UploadHandle {
  promise: Promise<TUpload>;
  abort(): void;
}

/**
 * POST /api/uploads?kind=… as multipart (field `file`). XMLHttpRequest rather than fetch,
 * because only XHR reports upload progress; `onProgress` gets 0..1. `isPrivate`: served only to
 * the uploader and whom the feature linking it allows (a chat photo), never publicly.
 */
export function uploadFile(
  kind: TUploadKind,
  file: File,
  onProgress?: (fraction: number) => void,
  isPrivate = false,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<TUpload>((resolve, reject) => {
    const refused = checkFile(kind, file);
    if (refused) {
      reject(new UploadError(refused));
      return;
    }
    xhr.open('POST', apiUrl(`/api/uploads?kind=${kind}${isPrivate ? '&private=true' : ''}`));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = ZUpload.safeParse(parseJson(xhr.responseText));
        if (parsed.success) {
          onProgress?.(1);
          resolve(parsed.data);
        } else reject(new UploadError('The server answered something unexpected. Please try again.', xhr.status));
        return;
      }
      reject(new UploadError(refusalMessage(xhr.status, xhr.responseText), xhr.status));
    };
    xhr.onerror = () =>
      reject(new UploadError('Could not reach the server. Please check your connection and try again.'));
    xhr.onabort = () => reject(new UploadError('Upload cancelled.'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The server's `error` sentence (413, 415, 400 …), or a plain one by status. */
function refusalMessage(status: number, text: string): string {
  const body = parseJson(text) as { error?: unknown } | undefined;
  if (body && typeof body.error === 'string' && body.error) return body.error;
  if (status === 413) return 'The file is too large.';
  if (status === 415) return 'This type of file is not allowed here.';
  if (status === 401) return 'Your session has ended. Please log in again.';
  return `Upload failed (${status}). Please try again.`;
}
