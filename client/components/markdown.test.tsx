// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

const html = (source: string) => render(<Markdown source={source} />).container;

describe('Markdown', () => {
  it('renders markup as elements, headings pushed under the page', () => {
    const container = html('# Intro\n\nSome **bold**, *em* and [a link](https://example.com).\n\n- a\n- b');
    expect(container.querySelector('h3')?.textContent).toBe('Intro');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('em');
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com');
    expect(link.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    // A tight list's items hold their words without paragraphs.
    expect(container.querySelector('li p')).toBeNull();
  });

  it('keeps links inside the site in the same tab and makes bare URLs links', () => {
    const container = html('[Courses](/courses) and https://example.org/x');
    const [inside, bare] = container.querySelectorAll('a');
    expect(inside!.getAttribute('target')).toBeNull();
    expect(bare!.getAttribute('href')).toBe('https://example.org/x');
    expect(bare!.getAttribute('rel')).toBe('noopener nofollow ugc');
  });

  it('nests lists', () => {
    const container = html('- fruit\n  - mango\n  - pawpaw\n- grains\n  1. rice\n  2. millet');
    expect(container.querySelectorAll('ul > li')).toHaveLength(4);
    expect(container.querySelector('ul > li > ul > li')?.textContent).toBe('mango');
    expect([...container.querySelectorAll('ul > li > ol > li')].map((li) => li.textContent)).toEqual([
      'rice',
      'millet',
    ]);
  });

  it('renders GFM tables in a box of their own that scrolls', () => {
    const container = html('| Crop | Yield |\n| :--- | ---: |\n| Cassava | **12** t |\n| Yam | 8 t |');
    const box = container.querySelector('[role="region"]')!;
    expect(box.className).toContain('overflow-x-auto');
    expect(box.getAttribute('tabindex')).toBe('0');
    expect([...box.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Crop', 'Yield']);
    expect(box.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(box.querySelector('tbody td strong')?.textContent).toBe('12');
    expect(box.querySelector('th:last-child')!.className).toContain('text-right');
  });

  it('shows images from our uploads, lazily, and only links any other', () => {
    const container = html(
      '![A farm](/uploads/abc-123.webp)\n\n![Elsewhere](https://images.example.com/p.png)\n\n![data](data:image/png;base64,AAAA)',
    );
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('src')).toBe('/uploads/abc-123.webp');
    expect(images[0]!.getAttribute('alt')).toBe('A farm');
    expect(images[0]!.getAttribute('loading')).toBe('lazy');
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://images.example.com/p.png');
    expect(link.textContent).toBe('Elsewhere');
    expect(container.querySelectorAll('a')).toHaveLength(1);
  });

  it('never turns the source into live HTML', () => {
    const attack = [
      '<script>window.__pwned = true</script>',
      '<img src=x onerror="window.__pwned = true">',
      '[x](javascript:alert(1))',
      '[click me](JaVaScRiPt:window.__pwned=true)',
      '[tab](java\tscript:alert(1))',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<a href="javascript:alert(1)">x</a>',
      '![x](javascript:alert(1))',
      '| a |\n| - |\n| <img src=x onerror=alert(1)> |',
      '```\n<iframe src="https://evil.example"></iframe>\n```',
    ].join('\n\n');
    const container = html(attack);
    expect(container.querySelector('script, img, iframe, [onerror]')).toBeNull();
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toContain('<script>window.__pwned = true</script>');
    expect(container.textContent).toContain('[x](javascript:alert(1))');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});
