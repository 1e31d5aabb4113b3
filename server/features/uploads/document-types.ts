import { DOCUMENT_FORMATS } from '#shared/uploads/uploads.schemas';
import type { DetectedType } from './magic-bytes';
import { inspectZip, type ZipEntryFacts } from './zip-inspection';

type Extension = (typeof DOCUMENT_FORMATS)[number]['extension'];

/** Why a file is not an accepted document: each has its own sentence (uploads.service). */
export type DocumentRefusal = 'unknown' | 'too-many-entries' | 'too-large' | 'encrypted' | 'nested-archive';

export type DocumentVerdict = { type: DetectedType } | { refused: DocumentRefusal; detail?: string };

const as = (extension: Extension): DocumentVerdict => {
  const format = DOCUMENT_FORMATS.find((f) => f.extension === extension)!;
  return { type: { contentType: format.type, extension, kind: 'attachment' } };
};

const startsWith = (b: Uint8Array, signature: number[], at = 0) => signature.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const PDF = ascii('%PDF-');
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * What a document is, from all its bytes, never its name (but for telling CSV from other text):
 * PDF by its header; Word, Excel and PowerPoint 97-2003 by the streams of their OLE file; the
 * OOXML and OpenDocument formats, which are ZIPs, by their entries; a ZIP by holding no other
 * archive; text by being UTF-8 without NUL bytes. An .exe renamed .docx is none of these.
 */
export async function detectDocument(bytes: Buffer, fileName: string | undefined): Promise<DocumentVerdict> {
  if (startsWith(bytes, PDF)) return as('pdf');
  if (startsWith(bytes, CFB)) return legacyOffice(bytes);
  if (startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP)) return zipFamily(bytes);
  if (isText(bytes)) return as(/\.csv$/i.test(fileName ?? '') ? 'csv' : 'txt');
  return { refused: 'unknown' };
}

function isText(bytes: Buffer): boolean {
  if (bytes.length === 0 || bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * An OLE compound file (CFB) names its streams in 128-byte directory entries, which start on
 * 128-byte boundaries after the 512-byte header whatever the sector size: the names found there
 * tell a Word, Excel or PowerPoint file from any other compound file (an installer, say).
 */
function legacyOffice(bytes: Buffer): DocumentVerdict {
  // Little-endian byte order mark and a sector size of 512 or 4096 bytes.
  if (bytes.readUInt16LE(28) !== 0xfffe || ![9, 12].includes(bytes.readUInt16LE(30))) return { refused: 'unknown' };
  const streams = new Set<string>();
  for (let at = 512; at + 128 <= bytes.length; at += 128) {
    const nameBytes = bytes.readUInt16LE(at + 64);
    const type = bytes[at + 66];
    if (nameBytes < 4 || nameBytes > 64 || nameBytes % 2 !== 0 || type !== 2) continue;
    const name = bytes.toString('utf16le', at, at + nameBytes - 2);
    if (bytes.readUInt16LE(at + nameBytes - 2) === 0) streams.add(name);
  }
  if (streams.has('WordDocument')) return as('doc');
  if (streams.has('Workbook') || streams.has('Book')) return as('xls');
  if (streams.has('PowerPoint Document')) return as('ppt');
  // A password-protected OOXML file is a compound file around the encrypted ZIP.
  if (streams.has('EncryptedPackage')) return { refused: 'encrypted' };
  return { refused: 'unknown' };
}

const ODF: Record<string, Extension> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};
const OOXML: Array<[string, Extension]> = [
  ['word/document.xml', 'docx'],
  ['xl/workbook.xml', 'xlsx'],
  ['ppt/presentation.xml', 'pptx'],
];

async function zipFamily(bytes: Buffer): Promise<DocumentVerdict> {
  const zip = await inspectZip(bytes);
  if (!zip.ok) return { refused: zip.reason === 'not-a-zip' ? 'unknown' : zip.reason };
  const names = new Set(zip.entries.map((e) => e.name));
  if (names.has('[Content_Types].xml')) {
    // Macro-enabled files (.docm, .xlsm, .pptm) carry a VBA project: not accepted.
    if ([...names].some((n) => /(^|\/)vbaProject\.bin$/i.test(n))) return { refused: 'unknown' };
    const found = OOXML.find(([part]) => names.has(part));
    return found ? as(found[1]) : { refused: 'unknown' };
  }
  const odf = zip.mimetype && ODF[zip.mimetype];
  if (odf) return as(odf);
  const nested = zip.entries.find(isArchive);
  if (nested) return { refused: 'nested-archive', detail: nested.name.split('/').pop() };
  return as('zip');
}

const ARCHIVE_NAME = /\.(zip|rar|7z|gz|tgz|bz2|xz|tar|cab|jar|apk|iso|docx|xlsx|pptx|odt|ods|odp)$/i;
const ARCHIVE_MAGIC = [
  ZIP,
  EMPTY_ZIP,
  [0x50, 0x4b, 0x07, 0x08], // a spanned ZIP
  ascii('Rar!\x1a\x07'),
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x1f, 0x8b], // gzip
  ascii('BZh'),
  [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], // xz
  ascii('MSCF'), // cabinet
];

/** An archive inside, by its name or its first bytes (a tar says "ustar" at 257). */
function isArchive(entry: ZipEntryFacts): boolean {
  if (entry.name.endsWith('/')) return false;
  if (ARCHIVE_NAME.test(entry.name)) return true;
  return ARCHIVE_MAGIC.some((m) => startsWith(entry.head, m)) || startsWith(entry.head, ascii('ustar'), 257);
}
