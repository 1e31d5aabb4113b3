import { describe, expect, it } from 'vitest';
import { contentDisposition, detectType, sanitiseFileName } from './magic-bytes';

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('detectType', () => {
  it.each([
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png', 'image'],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg', 'image'],
    ['gif87', bytes('GIF87a', [1, 0]), 'image/gif', 'image'],
    ['gif89', bytes('GIF89a', [1, 0]), 'image/gif', 'image'],
    ['webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp', 'image'],
    ['mp4', bytes([0, 0, 0, 0x20], 'ftypisom'), 'video/mp4', 'video'],
    ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42]), 'video/webm', 'video'],
    ['pdf', bytes('%PDF-1.7\n'), 'application/pdf', 'document'],
    ['webvtt', bytes('WEBVTT\n\n00:'), 'text/vtt', 'captions'],
    ['webvtt with a title', bytes('WEBVTT - Lesson'), 'text/vtt', 'captions'],
    ['webvtt with a byte order mark', bytes([0xef, 0xbb, 0xbf], 'WEBVTT\r\n'), 'text/vtt', 'captions'],
    ['webvtt alone', bytes('WEBVTT'), 'text/vtt', 'captions'],
  ])('recognises %s', (_name, head, contentType, kind) => {
    expect(detectType(head)).toMatchObject({ contentType, kind });
  });

  it.each([
    ['text', bytes('hello, world')],
    ['svg', bytes('<svg xmlns=')],
    ['html', bytes('<!doctype html>')],
    ['riff that is not webp', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')],
    ['too short', bytes([0x89, 0x50])],
    ['subrip captions', bytes('1\n00:00:01,000')],
    ['webvtt run on', bytes('WEBVTTX\n')],
    ['webvtt in lower case', bytes('webvtt\n')],
    ['empty', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(detectType(head)).toBeUndefined();
  });
});

describe('file names', () => {
  it('keeps only the last path segment and printable characters', () => {
    expect(sanitiseFileName('../../etc/passwd', 'file')).toBe('passwd');
    expect(sanitiseFileName('C:\\Users\\ada\\cv.pdf', 'file')).toBe('cv.pdf');
    expect(sanitiseFileName('a"b\r\nc.pdf', 'file')).toBe('abc.pdf');
    expect(sanitiseFileName('..', 'file')).toBe('file');
    expect(sanitiseFileName(undefined, 'upload.png')).toBe('upload.png');
  });

  it('makes a header that cannot be broken out of', () => {
    const header = contentDisposition('attachment', 'Ọ̀rọ̀ "quoted"; x.pdf');
    expect(header).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
    expect(header).not.toMatch(/[\r\n]/);
  });
});
