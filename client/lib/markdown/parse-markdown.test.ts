import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './parse-markdown';

describe('parseMarkdown blocks', () => {
  it('reads headings, paragraphs, lists, quotes, code and rules', () => {
    const blocks = parseMarkdown(
      [
        '# Title',
        '',
        'First line',
        'same paragraph.',
        '',
        '- one',
        '- two',
        '  continued',
        '',
        '3. three',
        '4. four',
        '',
        '> quoted',
        '',
        '```js',
        '<b>x</b>',
        '```',
        '',
        '---',
      ].join('\n'),
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'quote', 'code', 'rule']);
    expect(blocks[1]).toEqual({ type: 'paragraph', children: [{ type: 'text', text: 'First line same paragraph.' }] });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [[{ text: 'one' }], [{ text: 'two continued' }]] });
    expect(blocks[3]).toMatchObject({ ordered: true, start: 3 });
    expect(blocks[5]).toEqual({ type: 'code', text: '<b>x</b>' });
  });

  it('keeps raw HTML as text', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });

  it('stops nesting quotes after a few levels', () => {
    const deep = parseMarkdown('>>>>>>>>>> deep');
    expect(JSON.stringify(deep).match(/"quote"/g)?.length).toBe(3);
  });

  it('stays fast on pathological input', () => {
    const started = performance.now();
    parseMarkdown('['.repeat(50_000) + '*'.repeat(50_000) + '`'.repeat(1));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('parseInline', () => {
  it('reads bold, italic, code and links', () => {
    expect(parseInline('a **b** *c* _d_ `e` [f](https://x.ng)')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'strong', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'd' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'e' },
      { type: 'text', text: ' ' },
      { type: 'link', href: 'https://x.ng', external: true, children: [{ type: 'text', text: 'f' }] },
    ]);
  });

  it('leaves snake_case, lone stars and escapes alone', () => {
    expect(parseInline('snake_case_name')).toEqual([{ type: 'text', text: 'snake_case_name' }]);
    expect(parseInline('2 * 3 * 4')).toEqual([{ type: 'text', text: '2 * 3 * 4' }]);
    expect(parseInline('\\*not em\\*')).toEqual([{ type: 'text', text: '*not em*' }]);
  });

  it('drops unsafe links but keeps their words', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([
      { type: 'text', text: 'click' },
      { type: 'text', text: ')' },
    ]);
    expect(parseInline('[x](data:text/html,hi)')).toEqual([{ type: 'text', text: 'x' }]);
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.com/a?b=1', true],
    ['http://example.com', true],
    ['mailto:ada@example.com', true],
    ['/courses', false],
    ['#syllabus', false],
  ])('allows %s', (href, external) => {
    expect(safeHref(href)).toEqual({ href, external });
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '//evil.com',
    'https://',
    'java\tscript:x',
  ])('refuses %j', (href) => {
    expect(safeHref(href)).toBeNull();
  });
});
