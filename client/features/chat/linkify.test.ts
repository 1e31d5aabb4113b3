import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('links http, https and www addresses, leaving sentence punctuation out', () => {
    expect(linkify('See https://example.com/a?b=1, or www.blet.ng.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: ', or ' },
      { text: 'www.blet.ng', href: 'https://www.blet.ng/' },
      { text: '.' },
    ]);
  });

  it('never links another scheme', () => {
    expect(linkify('javascript:alert(1) data:text/html,x')).toEqual([{ text: 'javascript:alert(1) data:text/html,x' }]);
    expect(linkify('plain words')).toEqual([{ text: 'plain words' }]);
  });
});
