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
