import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

/**
 * The one Markdown dialect of the site (decision 056): CommonMark with GFM tables and
 * strikethrough, bare URLs made links, and raw HTML kept as text (`html: false`). The parser only
 * produces tokens; client/components/markdown.tsx turns them into React elements, so no HTML
 * string is ever built or injected and no sanitiser is needed.
 */
const parser = new MarkdownIt('default', { html: false, linkify: true, typographer: false, breaks: false });

export type MarkdownToken = Token;

export function parseMarkdown(source: string): MarkdownToken[] {
  return parser.parse(source, {});
}

/** The words of a text without its marks, blocks joined by spaces: for a card's two-line excerpt. */
export function markdownExcerpt(source: string): string {
  return parseMarkdown(source)
    .filter((token) => token.type === 'inline')
    .map((token) =>
      (token.children ?? [])
        .map((child) => (child.type === 'softbreak' || child.type === 'hardbreak' ? ' ' : child.content))
        .join(''),
    )
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
