import { describe, expect, it } from 'vitest';
import { markdownExcerpt } from './markdown-parser';

describe('markdownExcerpt', () => {
  it('keeps the words and drops the marks', () => {
    expect(markdownExcerpt('## Logo\n\nA **clean** logo, [see](https://x.example) `svg`.\n\n- one\n- two')).toBe(
      'Logo A clean logo, see svg. one two',
    );
  });

  it('keeps raw HTML as the characters written', () => {
    expect(markdownExcerpt('<b>hi</b>')).toBe('<b>hi</b>');
  });
});
