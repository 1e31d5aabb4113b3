import { describe, expect, it } from 'vitest';
import { presentUpload, smallestCopy } from './uploads.presenter';
import type { UploadRow } from './uploads.table';

const row = (over: Partial<UploadRow>): UploadRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  ownerId: '00000000-0000-4000-8000-000000000002',
  kind: 'image',
  storedName: '00000000-0000-4000-8000-000000000001.png',
  originalName: 'a.png',
  contentType: 'image/png',
  size: 10,
  copiesSize: 0,
  private: false,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  variantsMadeAt: new Date('2026-01-01T00:00:00Z'),
  ...over,
});

describe('presentUpload', () => {
  it("offers an image's WebP copies as srcset once they are made", () => {
    expect(presentUpload(row({})).srcset).toContain('/uploads/00000000-0000-4000-8000-000000000001-320w.webp 320w');
  });
  it('offers no srcset before the copies are made, so the browser shows the src', () => {
    expect(presentUpload(row({ variantsMadeAt: null })).srcset).toBeNull();
  });
});

describe('smallestCopy (what Save-Data is answered with)', () => {
  it.each([
    ['an image with its copies', row({}), 128],
    ['an image before its copies', row({ variantsMadeAt: null }), undefined],
    ['an avatar, whose copies are made at upload', row({ kind: 'avatar', variantsMadeAt: null }), 128],
    ['a video', row({ kind: 'video' }), undefined],
    ['a document', row({ kind: 'document' }), undefined],
  ])('%s', (_, upload, width) => {
    expect(smallestCopy(upload)).toBe(width);
  });
});
