import { z } from 'zod';

/** What an upload may be; the server checks the bytes (magic numbers), never the file name. */
/** `avatar`: a picture cropped square and kept only as square WebP copies (decision 017). */
/** `captions`: a WebVTT file shown over a lesson's video (decision 024). */
/**
 * `attachment`: what gig files and chat carry (decision 053): a picture, stored as an `image`, or a
 * document of any common kind (DOCUMENT_FORMATS), stored as an `attachment` and only ever downloaded.
 */
export const UPLOAD_KINDS = ['image', 'video', 'document', 'avatar', 'captions', 'attachment'] as const;
export const ZUploadKind = z.enum(UPLOAD_KINDS);
export type TUploadKind = z.infer<typeof ZUploadKind>;

/**
 * The documents an attachment may be, told apart by their bytes (magic numbers, a ZIP's entries,
 * an OLE file's streams, UTF-8 text), never by their names: `type` is what they are served as.
 */
export const DOCUMENT_FORMATS = [
  { extension: 'pdf', type: 'application/pdf', family: 'pdf' },
  { extension: 'doc', type: 'application/msword', family: 'text' },
  {
    extension: 'docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    family: 'text',
  },
  { extension: 'xls', type: 'application/vnd.ms-excel', family: 'sheet' },
  { extension: 'xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', family: 'sheet' },
  { extension: 'ppt', type: 'application/vnd.ms-powerpoint', family: 'slides' },
  {
    extension: 'pptx',
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    family: 'slides',
  },
  { extension: 'odt', type: 'application/vnd.oasis.opendocument.text', family: 'text' },
  { extension: 'ods', type: 'application/vnd.oasis.opendocument.spreadsheet', family: 'sheet' },
  { extension: 'odp', type: 'application/vnd.oasis.opendocument.presentation', family: 'slides' },
  { extension: 'csv', type: 'text/csv; charset=utf-8', family: 'sheet' },
  { extension: 'txt', type: 'text/plain; charset=utf-8', family: 'text' },
  { extension: 'zip', type: 'application/zip', family: 'archive' },
] as const;
export type TDocumentFamily = (typeof DOCUMENT_FORMATS)[number]['family'];

/** The family of a stored content type (for its icon); undefined for pictures and media. */
export function documentFamily(contentType: string): TDocumentFamily | undefined {
  const bare = contentType.split(';')[0]!.trim();
  return DOCUMENT_FORMATS.find((f) => f.type.split(';')[0] === bare)?.family;
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export const UPLOAD_LIMITS: Record<
  TUploadKind,
  { maxBytes: number; types: readonly string[]; label: string; extensions?: readonly string[] }
> = {
  image: {
    maxBytes: 5 * 1024 * 1024,
    types: IMAGE_TYPES,
    label: 'PNG, JPEG, WebP or GIF up to 5 MB',
  },
  video: { maxBytes: 500 * 1024 * 1024, types: ['video/mp4', 'video/webm'], label: 'MP4 or WebM up to 500 MB' },
  document: { maxBytes: 20 * 1024 * 1024, types: ['application/pdf'], label: 'PDF up to 20 MB' },
  avatar: {
    maxBytes: 5 * 1024 * 1024,
    types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    label: 'PNG, JPEG, WebP or GIF up to 5 MB',
  },
  // A two-hour lecture's captions are about 150 KB.
  captions: { maxBytes: 1024 * 1024, types: ['text/vtt'], label: 'WebVTT file (.vtt) up to 1 MB' },
  attachment: {
    maxBytes: 20 * 1024 * 1024,
    // As browsers name them: Windows calls a ZIP x-zip-compressed, and a CSV Excel's.
    types: [
      ...IMAGE_TYPES,
      ...DOCUMENT_FORMATS.map((f) => f.type.split(';')[0]!),
      'application/x-zip-compressed',
      'text/x-csv',
      'application/csv',
    ],
    extensions: DOCUMENT_FORMATS.map((f) => `.${f.extension}`),
    label:
      'picture (PNG, JPEG, WebP or GIF up to 5 MB) or a PDF, Word, Excel, PowerPoint, OpenDocument, CSV, text or ZIP file up to 20 MB',
  },
};

/** "12.3 MB", "1.5 GB": what a person reads, not a byte count (the quota's refusal and the roles screen). */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1024) return `${(mb / 1024).toFixed(1)} GB`;
  return `${mb.toFixed(1)} MB`;
}

/**
 * The widths, in pixels, every uploaded image is also stored at, as WebP: 128 for avatars (shown
 * at up to 64 CSS px on 2x screens), 320, 640 and 960 for course thumbnails (a card is about
 * 300 CSS px wide on phones and desktops alike; the course page's image up to about 480), and
 * 1280 for portfolio pictures shown across a page.
 */
export const IMAGE_WIDTHS = [128, 320, 640, 960, 1280] as const;

/**
 * An avatar's square sizes, in pixels: the largest is the stored file itself (no full-size photo,
 * and none of its EXIF, is kept), the others are copies named like an image's. 128 is what lists
 * and headers show (up to 64 CSS px on 2x screens), 256 and 512 the profile pages.
 */
export const AVATAR_SIZES = [128, 256, 512] as const;

export const ZUploadQuery = z.object({
  kind: ZUploadKind,
  /**
   * `true`: served only to its uploader and to whom the feature linking it allows (chat: the
   * conversation's two members), never publicly even as an image, and not to admins' review.
   */
  private: z
    .enum(['true', 'false'], { error: 'private must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

export const ZUpload = z.object({
  id: z.string(),
  kind: ZUploadKind,
  /** Where the browser fetches it: /uploads/<server-made name>. */
  url: z.string(),
  /** For images: WebP copies at IMAGE_WIDTHS, for an <img srcset> (url stays the fallback src). */
  srcset: z.string().nullable(),
  /** The original file name, for display and Content-Disposition only. */
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Served only to its uploader and the readers of the feature linking it (see ZUploadQuery). */
  private: z.boolean(),
  createdAt: z.string(),
});
export type TUpload = z.infer<typeof ZUpload>;
