import { describe, expect, it } from 'vitest';
import { dataSaverDefault, imageSources, smallestSrc } from './data-saver';

describe('dataSaverDefault', () => {
  it.each([
    [undefined, false],
    [{}, false],
    [{ saveData: true, effectiveType: '4g' }, true],
    [{ saveData: false, effectiveType: '4g' }, false],
    [{ effectiveType: 'slow-2g' }, true],
    [{ effectiveType: '2g' }, true],
    [{ effectiveType: '3g' }, true],
    [{ effectiveType: '4g' }, false],
  ])('%j → %s', (connection, expected) => {
    expect(dataSaverDefault(connection)).toBe(expected);
  });
});

describe('smallestSrc', () => {
  it('picks the narrowest width in any order', () => {
    expect(smallestSrc('/u/a-640.webp 640w, /u/a-320.webp 320w, /u/a-1280.webp 1280w')).toBe('/u/a-320.webp');
  });
  it('is null without a srcset', () => {
    expect(smallestSrc(null)).toBeNull();
    expect(smallestSrc('')).toBeNull();
  });
});

describe('imageSources', () => {
  const srcset = '/u/a-128w.webp 128w, /u/a-320w.webp 320w';
  it('keeps the upload as src with its srcset and sizes while not saving', () => {
    expect(imageSources(false, '/u/a.png', srcset, '48px')).toEqual({ src: '/u/a.png', srcSet: srcset, sizes: '48px' });
  });
  it('asks only the narrowest copy while saving', () => {
    expect(imageSources(true, '/u/a.png', srcset, '48px')).toEqual({ src: '/u/a-128w.webp' });
  });
  it('falls back to the upload when there are no copies yet, without sizes', () => {
    expect(imageSources(true, '/u/a.png', null, '48px')).toEqual({
      src: '/u/a.png',
      srcSet: undefined,
      sizes: undefined,
    });
  });
});
