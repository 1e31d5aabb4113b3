import { AppError } from '#server/lib/errors';
import { UPLOAD_LIMITS, type TUploadKind } from '#shared/uploads/uploads.schemas';
import type { DocumentRefusal } from './document-types';
import { ImageTooLarge, MAX_PIXELS, NotAnImage } from './images';
import { ZIP_LIMITS } from './zip-inspection';

/** What the refusals call a kind's file. */
export const NOUN: Partial<Record<TUploadKind, string>> = { captions: 'captions file' };

export const wrongType = (kind: TUploadKind) =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `This file is not an accepted ${NOUN[kind] ?? kind}: choose a ${UPLOAD_LIMITS[kind].label}${kind === 'captions' ? ', starting with WEBVTT' : ''}.`,
    {
      file: `Choose a ${UPLOAD_LIMITS[kind].label}`,
    },
  );

export const tooLarge = (kind: TUploadKind) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is too large: choose a ${UPLOAD_LIMITS[kind].label}.`, {
    file: `At most ${UPLOAD_LIMITS[kind].label}`,
  });

export const tooManyPixels = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `This picture is too large to process: choose one of at most ${MAX_PIXELS / 1_000_000} megapixels (for example 8000 × 5000).`,
    { file: `At most ${MAX_PIXELS / 1_000_000} megapixels` },
  );

/** The picture work's answer, or the refusal a person can act on: too many pixels, or not a picture. */
export async function pictureOr<T>(kind: TUploadKind, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ImageTooLarge) throw tooManyPixels();
    if (err instanceof NotAnImage) throw wrongType(kind);
    throw err;
  }
}

const refusedDocument = (code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE', message: string) =>
  new AppError(code, message, { file: message });

/** Why an attachment's document was refused, in words that say what to send instead (decision 053). */
export function documentRefusal(reason: DocumentRefusal, detail?: string): AppError {
  switch (reason) {
    case 'too-many-entries':
      return refusedDocument(
        'PAYLOAD_TOO_LARGE',
        `This file holds more than ${ZIP_LIMITS.maxEntries.toLocaleString('en')} files inside: split it into smaller ZIPs.`,
      );
    case 'too-large':
      return refusedDocument(
        'PAYLOAD_TOO_LARGE',
        `This file unpacks to more than ${ZIP_LIMITS.maxUnpackedBytes / (1024 * 1024)} MB: split it into smaller files.`,
      );
    case 'encrypted':
      return refusedDocument(
        'UNSUPPORTED_MEDIA_TYPE',
        'This file is password-protected, so it cannot be checked: send it without the password and share that another way.',
      );
    case 'nested-archive':
      return refusedDocument(
        'UNSUPPORTED_MEDIA_TYPE',
        `This ZIP holds another archive${detail ? ` (${detail})` : ''}, which cannot be checked: put its files in the ZIP directly, and send Word, Excel, PowerPoint or OpenDocument files on their own.`,
      );
    default:
      return wrongType('attachment');
  }
}
