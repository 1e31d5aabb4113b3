// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_SIZES, CourseThumbnail } from './course-visuals';

describe('CourseThumbnail', () => {
  it('offers the WebP copies with the card sizes, the uploaded file staying the src', () => {
    const srcset = '/uploads/a-320w.webp 320w, /uploads/a-640w.webp 640w';
    const { container } = render(
      <CourseThumbnail
        course={{ id: 'c1', category: 'software', thumbnailUrl: '/uploads/a.png', thumbnailSrcset: srcset }}
      />,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/uploads/a.png');
    expect(img.getAttribute('srcset')).toBe(srcset);
    expect(img.getAttribute('sizes')).toBe(CARD_SIZES);
  });

  it('shows a plain src for a thumbnail without copies, and a gradient without a thumbnail', () => {
    const { container, rerender } = render(
      <CourseThumbnail
        course={{ id: 'c1', category: 'software', thumbnailUrl: '/uploads/a.png', thumbnailSrcset: null }}
      />,
    );
    expect(container.querySelector('img')!.hasAttribute('srcset')).toBe(false);
    expect(container.querySelector('img')!.hasAttribute('sizes')).toBe(false);
    rerender(
      <CourseThumbnail course={{ id: 'c1', category: 'software', thumbnailUrl: null, thumbnailSrcset: null }} />,
    );
    expect(container.querySelector('img')).toBeNull();
  });
});
