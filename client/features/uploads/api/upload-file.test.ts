import { describe, expect, it } from 'vitest';
import { checkFile } from './upload-file';

const MB = 1024 * 1024;

describe('checkFile', () => {
  it('lets through what UPLOAD_LIMITS allows', () => {
    expect(checkFile('image', { name: 'a.png', type: 'image/png', size: 2 * MB })).toBeUndefined();
    expect(checkFile('video', { name: 'a.webm', type: 'video/webm', size: 400 * MB })).toBeUndefined();
    // The browser could not tell the type: the server's byte check decides.
    expect(checkFile('document', { name: 'notes', type: '', size: 1000 })).toBeUndefined();
  });

  it('says why a file is refused before it is sent', () => {
    expect(checkFile('image', { name: 'big.png', type: 'image/png', size: 6 * MB })).toBe(
      '"big.png" is 6 MB; the limit is 5 MB.',
    );
    expect(checkFile('document', { name: 'cv.docx', type: 'application/msword', size: 1000 })).toBe(
      '"cv.docx" is not allowed here: PDF up to 20 MB.',
    );
    expect(checkFile('video', { name: 'empty.mp4', type: 'video/mp4', size: 0 })).toBe('"empty.mp4" is empty.');
  });

  it('takes every common document as an attachment, with pictures held to their own limit', () => {
    for (const [name, type] of <Array<[string, string]>>[
      ['report.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['letter.doc', 'application/msword'],
      ['totals.csv', 'application/vnd.ms-excel'],
      ['bundle.zip', 'application/x-zip-compressed'],
      ['notes.txt', 'text/plain'],
      ['brief.pdf', 'application/pdf'],
    ])
      expect(checkFile('attachment', { name, type, size: 15 * MB })).toBeUndefined();
    expect(checkFile('attachment', { name: 'big.png', type: 'image/png', size: 6 * MB })).toBe(
      '"big.png" is 6 MB; the limit is 5 MB.',
    );
    expect(checkFile('attachment', { name: 'setup.exe', type: 'application/x-msdownload', size: 1000 })).toBe(
      '"setup.exe" is not allowed here: picture (PNG, JPEG, WebP or GIF up to 5 MB) or a PDF, Word, Excel, PowerPoint, OpenDocument, CSV, text or ZIP file up to 20 MB.',
    );
  });
});
