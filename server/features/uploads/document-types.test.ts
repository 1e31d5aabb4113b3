import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectDocument } from './document-types';
import * as files from './testing/documents';
import { ZIP_LIMITS } from './zip-inspection';

describe('detectDocument', () => {
  it.each([
    ['pdf', files.pdf(), 'report.pdf', 'application/pdf'],
    ['doc', files.doc(), 'letter.doc', 'application/msword'],
    ['docx', files.docx(), 'letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xls', files.xls(), 'report.xls', 'application/vnd.ms-excel'],
    ['xlsx', files.xlsx(), 'report.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['ppt', files.ppt(), 'deck.ppt', 'application/vnd.ms-powerpoint'],
    ['pptx', files.pptx(), 'deck.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['odt', files.odt(), 'letter.odt', 'application/vnd.oasis.opendocument.text'],
    ['ods', files.ods(), 'sheet.ods', 'application/vnd.oasis.opendocument.spreadsheet'],
    ['odp', files.odp(), 'deck.odp', 'application/vnd.oasis.opendocument.presentation'],
    ['csv', files.csv(), 'totals.CSV', 'text/csv; charset=utf-8'],
    ['txt', files.text(), 'notes.txt', 'text/plain; charset=utf-8'],
    ['zip', files.plainZip(), 'bundle.zip', 'application/zip'],
  ])('recognises %s by its bytes', async (extension, bytes, name, contentType) => {
    expect(await detectDocument(bytes, name)).toEqual({ type: { extension, contentType, kind: 'attachment' } });
  });

  it('goes by the bytes, not the name: a workbook named .pdf is a workbook', async () => {
    expect(await detectDocument(files.xlsx(), 'report.pdf')).toMatchObject({ type: { extension: 'xlsx' } });
    expect(await detectDocument(files.text(), 'notes.docx')).toMatchObject({ type: { extension: 'txt' } });
  });

  it.each([
    ['a program renamed .docx', files.exe(), 'letter.docx'],
    ['text with NUL bytes', Buffer.from('abc\0def'), 'notes.txt'],
    ['text that is not UTF-8', Buffer.from([0x61, 0xff, 0xfe, 0x62]), 'notes.txt'],
    ['an empty file', Buffer.alloc(0), 'empty.txt'],
    ['a compound file that is no Office document (an installer)', files.compoundFile('Installer'), 'setup.doc'],
    ['a ZIP cut short', files.docx().subarray(0, 60), 'letter.docx'],
    [
      'a macro-enabled workbook',
      files.zipOf({
        '[Content_Types].xml': strToU8('<Types/>'),
        'xl/workbook.xml': strToU8('<w/>'),
        'xl/vbaProject.bin': strToU8('vba'),
      }),
      'report.xlsm',
    ],
  ])('refuses %s', async (_what, bytes, name) => {
    expect(await detectDocument(bytes, name)).toEqual({ refused: 'unknown' });
  });

  it('refuses a password-protected file, ZIP or Office', async () => {
    expect(await detectDocument(files.encrypted(files.plainZip()), 'a.zip')).toEqual({ refused: 'encrypted' });
    expect(await detectDocument(files.compoundFile('EncryptionInfo', 'EncryptedPackage'), 'a.xlsx')).toEqual({
      refused: 'encrypted',
    });
  });

  it.each([
    ['a ZIP', { 'inner.zip': files.plainZip() }, 'inner.zip'],
    ['a ZIP under another name', { 'data.bin': files.plainZip() }, 'data.bin'],
    ['a Word document', { 'report.docx': files.docx() }, 'report.docx'],
    ['a gzip', { 'logs/today.log.gz': Buffer.from([0x1f, 0x8b, 8, 0, 0, 0]) }, 'today.log.gz'],
    ['a 7z', { 'x.dat': Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]) }, 'x.dat'],
  ])('refuses a ZIP holding %s', async (_what, entries, detail) => {
    expect(await detectDocument(files.zipOf(entries), 'bundle.zip')).toEqual({ refused: 'nested-archive', detail });
  });

  it('refuses a ZIP with too many entries, reading none of them', async () => {
    const many = Object.fromEntries(
      Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => [`f${i}.txt`, strToU8('x')]),
    );
    expect(await detectDocument(files.zipOf(many), 'many.zip')).toEqual({ refused: 'too-many-entries' });
  });

  it('refuses a ZIP bomb by its declared size, before unpacking it', async () => {
    const bomb = files.declaring(files.plainZip(), ZIP_LIMITS.maxUnpackedBytes / 2 + 1);
    expect(await detectDocument(bomb, 'bomb.zip')).toEqual({ refused: 'too-large' });
  });

  it('refuses a ZIP whose entries unpack to more than they declare, stopping there', async () => {
    const zeros = files.zipOf({ 'zeros.txt': new Uint8Array(4 * 1024 * 1024) });
    expect(zeros.length).toBeLessThan(20_000);
    expect(await detectDocument(files.declaring(zeros, 100), 'liar.zip')).toEqual({ refused: 'unknown' });
  });
});
