// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageSpinner } from './spinner';

/** Whitespace between tags is the file's layout, not markup. */
function withoutLayout(node: Node): Node {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE && !child.textContent?.trim()) child.remove();
    else if (child.nodeType === Node.COMMENT_NODE) child.remove();
    else withoutLayout(child);
  }
  return node;
}

describe('the loading state in index.html (decision 089)', () => {
  it("is the router's PageSpinner as React renders it, so the first render replaces it without a change", () => {
    const page = new DOMParser().parseFromString(readFileSync('client/index.html', 'utf8'), 'text/html');
    const written = withoutLayout(page.getElementById('root')!);
    const { container } = render(<PageSpinner label="Loading…" />);
    expect(written.childNodes).toHaveLength(1);
    expect(written.firstChild!.isEqualNode(container.firstChild)).toBe(true);
  });
});
