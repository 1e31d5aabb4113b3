import { z } from 'zod';

/** What an upload may be; the server checks the bytes (magic numbers), never the file name. */
export const UPLOAD_KINDS = ['image', 'video', 'document'] as const;
export const ZUploadKind = z.enum(UPLOAD_KINDS);
export type TUploadKind = z.infer<typeof ZUploadKind>;

export const UPLOAD_LIMITS: Record<TUploadKind, { maxBytes: number; types: readonly string[]; label: string }> = {
  image: { maxBytes: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'], label: 'PNG, JPEG, WebP or GIF up to 5 MB' },
  video: { maxBytes: 500 * 1024 * 1024, types: ['video/mp4', 'video/webm'], label: 'MP4 or WebM up to 500 MB' },
  document: { maxBytes: 20 * 1024 * 1024, types: ['application/pdf'], label: 'PDF up to 20 MB' },
};

/**
 * The widths, in pixels, every uploaded image is also stored at, as WebP: 128 for avatars (shown
 * at up to 64 CSS px on 2x screens), 320, 640 and 960 for course thumbnails (a card is about
 * 300 CSS px wide on phones and desktops alike; the course page's image up to about 480), and
 * 1280 for portfolio pictures shown across a page.
 */
export const IMAGE_WIDTHS = [128, 320, 640, 960, 1280] as const;

export const ZUploadQuery = z.object({ kind: ZUploadKind });

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
  createdAt: z.string(),
});
export type TUpload = z.infer<typeof ZUpload>;
