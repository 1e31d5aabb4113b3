import { DOCUMENT_FORMATS, type TUploadKind } from '#shared/uploads/uploads.schemas';

export interface DetectedType {
  contentType: string;
  extension: string;
  kind: TUploadKind;
}

/** Bytes enough to tell every accepted type apart. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const SIGNATURES: Array<{ test: (b: Uint8Array) => boolean } & DetectedType> = [
  {
    contentType: 'image/png',
    extension: 'png',
    kind: 'image',
    test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { contentType: 'image/jpeg', extension: 'jpg', kind: 'image', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    contentType: 'image/gif',
    extension: 'gif',
    kind: 'image',
    test: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  },
  {
    contentType: 'image/webp',
    extension: 'webp',
    kind: 'image',
    test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  },
  // ISO base media: a box size, then "ftyp" at offset 4.
  { contentType: 'video/mp4', extension: 'mp4', kind: 'video', test: (b) => startsWith(b, ascii('ftyp'), 4) },
  // The EBML header that every WebM (Matroska) file opens with.
  { contentType: 'video/webm', extension: 'webm', kind: 'video', test: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) },
  { contentType: 'application/pdf', extension: 'pdf', kind: 'document', test: (b) => startsWith(b, ascii('%PDF-')) },
  // WebVTT: an optional UTF-8 byte order mark, "WEBVTT", then a space, tab, line end or nothing.
  { contentType: 'text/vtt', extension: 'vtt', kind: 'captions', test: isWebVtt },
];

function isWebVtt(b: Uint8Array): boolean {
  const at = startsWith(b, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  if (!startsWith(b, ascii('WEBVTT'), at)) return false;
  const next = b[at + 6];
  return next === undefined || next === 0x20 || next === 0x09 || next === 0x0a || next === 0x0d;
}

/**
 * The file's type from its first bytes, never from its name or the browser's claim: a PDF
 * renamed .png is still a PDF. Undefined for anything not accepted at all.
 */
export function detectType(head: Uint8Array): DetectedType | undefined {
  const found = SIGNATURES.find((s) => s.test(head));
  return found && { contentType: found.contentType, extension: found.extension, kind: found.kind };
}

/** Every extension the server ever stores (attachments' documents too), for the route that serves them. */
export const STORED_EXTENSIONS = [
  ...new Set([...SIGNATURES.map((s) => s.extension), ...DOCUMENT_FORMATS.map((f) => f.extension)]),
];

/**
 * A file name fit for display and a Content-Disposition header: the last path segment only,
 * printable characters, at most 120 of them.
 */
export function sanitiseFileName(name: string | undefined, fallback: string): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const printable = [...last.normalize('NFC')].filter((c) => c >= ' ' && c !== '\u007f' && c !== '"').join('');
  const clean = printable.replace(/^\.+/, '').trim().slice(-120);
  return clean || fallback;
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const asciiName =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[\\"%;]/g, '_') || 'file';
  return `${type}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
