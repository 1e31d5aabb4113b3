// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

describe('Markdown', () => {
  it('renders markup as elements, headings pushed under the page', () => {
    const { container } = render(
      <Markdown source={'# Intro\n\nSome **bold** and [a link](https://example.com).\n\n- a\n- b'} />,
    );
    expect(container.querySelector('h3')?.textContent).toBe('Intro');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(container.querySelectorAll('li')).toHaveLength(2);
  });

  it('never turns the source into live HTML', () => {
    const attack = [
      '<script>window.__pwned = true</script>',
      '<img src=x onerror="window.__pwned = true">',
      '[click me](javascript:window.__pwned=true)',
      '<a href="javascript:alert(1)">x</a>',
      '```\n<iframe src="https://evil.example"></iframe>\n```',
    ].join('\n\n');
    const { container } = render(<Markdown source={attack} />);
    expect(container.querySelector('script, img, iframe, [onerror]')).toBeNull();
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toContain('<script>window.__pwned = true</script>');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});
