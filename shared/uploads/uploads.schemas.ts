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

export const ZUploadQuery = z.object({ kind: ZUploadKind });

export const ZUpload = z.object({
  id: z.string(),
  kind: ZUploadKind,
  /** Where the browser fetches it: /uploads/<server-made name>. */
  url: z.string(),
  /** The original file name, for display and Content-Disposition only. */
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type TUpload = z.infer<typeof ZUpload>;
