import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * Small but real documents of every accepted kind, and the hostile files an attachment must
 * refuse: what the unit, integration and browser tests send.
 */
const xml = (s: string) => strToU8(`<?xml version="1.0" encoding="UTF-8"?>${s}`);
const zip = (files: Zippable) => Buffer.from(zipSync(files));

const ooxml = (main: string) =>
  zip({ '[Content_Types].xml': xml('<Types/>'), '_rels/.rels': xml('<Relationships/>'), [main]: xml('<doc/>') });

export const docx = () => ooxml('word/document.xml');
export const xlsx = () => ooxml('xl/workbook.xml');
export const pptx = () => ooxml('ppt/presentation.xml');

/** ODF: the `mimetype` entry first and stored, then the content. */
const odf = (type: string) =>
  zip({ mimetype: [strToU8(type), { level: 0 }], 'content.xml': xml('<office:document-content/>') });
export const odt = () => odf('application/vnd.oasis.opendocument.text');
export const ods = () => odf('application/vnd.oasis.opendocument.spreadsheet');
export const odp = () => odf('application/vnd.oasis.opendocument.presentation');

/**
 * An OLE compound file whose directory (the sector after the 512-byte header) names these
 * streams, as Word, Excel and PowerPoint 97-2003 files do.
 */
export function compoundFile(...streams: string[]): Buffer {
  const file = Buffer.alloc(512 + 512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x003e, 24);
  file.writeUInt16LE(3, 26);
  file.writeUInt16LE(0xfffe, 28);
  file.writeUInt16LE(9, 30);
  ['Root Entry', ...streams].forEach((name, i) => {
    const at = 512 + i * 128;
    file.write(`${name}\0`, at, 'utf16le');
    file.writeUInt16LE((name.length + 1) * 2, at + 64);
    file[at + 66] = i === 0 ? 5 : 2;
  });
  return file;
}
export const doc = () => compoundFile('WordDocument', '1Table', '\u0005SummaryInformation');
export const xls = () => compoundFile('Workbook', '\u0005SummaryInformation');
export const ppt = () => compoundFile('PowerPoint Document', 'Current User');

export const pdf = () => Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
export const csv = () => Buffer.from('name,total\nỌlámídé,₦25000\n');
export const text = () => Buffer.from('Delivery notes: everything is in the workbook.\n');
export const plainZip = () => zip({ 'notes.txt': strToU8('notes'), 'data/figures.csv': strToU8('a,b\n1,2\n') });

/** A Windows program: "MZ", then the bytes any executable has, NULs among them. */
export const exe = () =>
  Buffer.concat([Buffer.from('MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff', 'latin1'), Buffer.alloc(64)]);

/** Every entry's declared unpacked size set to `size`, in the central directory and local headers. */
export function declaring(zipBytes: Buffer, size: number): Buffer {
  const out = Buffer.from(zipBytes);
  for (let at = 0; at + 4 <= out.length; at++) {
    const signature = out.readUInt32LE(at);
    if (signature === 0x04034b50) out.writeUInt32LE(size, at + 22);
    if (signature === 0x02014b50) out.writeUInt32LE(size, at + 24);
  }
  return out;
}

/** Every entry marked encrypted (general purpose flag bit 0). */
export function encrypted(zipBytes: Buffer): Buffer {
  const out = Buffer.from(zipBytes);
  for (let at = 0; at + 4 <= out.length; at++) {
    const signature = out.readUInt32LE(at);
    if (signature === 0x04034b50) out.writeUInt16LE(out.readUInt16LE(at + 6) | 1, at + 6);
    if (signature === 0x02014b50) out.writeUInt16LE(out.readUInt16LE(at + 8) | 1, at + 8);
  }
  return out;
}

export const zipOf = zip;
