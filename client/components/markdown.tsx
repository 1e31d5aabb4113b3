import { Fragment, useMemo, type ReactNode } from 'react';
import { parseMarkdown, type MarkdownToken } from '../lib/markdown/markdown-parser';
import { safeHref, safeImageSrc } from '../lib/markdown/safe-urls';
import { cn } from '../lib/cn';

interface MarkdownProps {
  source: string;
  /**
   * How many levels to push headings down, so the text's "#" sits under the page's own headings
   * (with 2, "#" becomes an h3 under the page's h1 and the section's h2).
   */
  headingOffset?: number;
  className?: string;
}

/**
 * Members' Markdown (lessons, descriptions, bios) as React elements, from markdown-it's tokens:
 * raw HTML in the source stays text, links and images keep only the URLs of safe-urls.ts.
 */
export function Markdown({ source, headingOffset = 2, className }: MarkdownProps) {
  const nodes = useMemo(() => renderTokens(parseMarkdown(source), headingOffset), [source, headingOffset]);
  return (
    <div
      className={cn(
        'min-w-0 space-y-4 text-[0.95rem] leading-relaxed text-zinc-700 break-words dark:text-zinc-300',
        className,
      )}
    >
      {nodes}
    </div>
  );
}

const HEADING_CLASSES = [
  'text-xl font-semibold',
  'text-lg font-semibold',
  'text-base font-semibold',
  'text-base font-semibold',
  'text-sm font-semibold uppercase tracking-wide',
  'text-sm font-semibold',
];
const LINK =
  'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200';
const CELL = 'border border-zinc-200 px-3 py-2 align-top dark:border-zinc-700';
const ALIGN: Record<string, string> = {
  'text-align:left': 'text-left',
  'text-align:center': 'text-center',
  'text-align:right': 'text-right',
};

interface Frame {
  token: MarkdownToken | null;
  children: ReactNode[];
}

/** markdown-it's flat stream (open, content, close) folded into nested elements. */
function renderTokens(tokens: MarkdownToken[], offset: number): ReactNode[] {
  const stack: Frame[] = [{ token: null, children: [] }];
  tokens.forEach((token, key) => {
    if (token.nesting === 1) {
      stack.push({ token, children: [] });
      return;
    }
    if (token.nesting === -1 && stack.length > 1) {
      const frame = stack.pop()!;
      stack.at(-1)!.children.push(element(frame.token!, frame.children, key, offset));
      return;
    }
    stack.at(-1)!.children.push(leaf(token, key, offset));
  });
  return stack[0]!.children;
}

function element(token: MarkdownToken, children: ReactNode[], key: number, offset: number): ReactNode {
  const align = ALIGN[token.attrGet('style') ?? ''];
  switch (token.type) {
    case 'paragraph_open':
      // A tight list's items hold their text without paragraphs.
      return token.hidden ? <Fragment key={key}>{children}</Fragment> : <p key={key}>{children}</p>;
    case 'heading_open': {
      const level = Math.min(6, Number(token.tag.slice(1)) + offset);
      const Tag = `h${level}` as 'h2';
      return (
        <Tag
          key={key}
          className={cn(
            'pt-2 tracking-tight text-zinc-900 dark:text-white',
            HEADING_CLASSES[Number(token.tag.slice(1)) - 1],
          )}
        >
          {children}
        </Tag>
      );
    }
    case 'bullet_list_open':
      return (
        <ul key={key} className="list-disc space-y-1.5 pl-6 marker:text-zinc-400 [&_ol]:mt-1.5 [&_ul]:mt-1.5">
          {children}
        </ul>
      );
    case 'ordered_list_open':
      return (
        <ol
          key={key}
          start={Number(token.attrGet('start') ?? 1)}
          className="list-decimal space-y-1.5 pl-6 marker:text-zinc-500 [&_ol]:mt-1.5 [&_ul]:mt-1.5"
        >
          {children}
        </ol>
      );
    case 'list_item_open':
      return (
        <li key={key} className="pl-1 [&>p+*]:mt-2">
          {children}
        </li>
      );
    case 'blockquote_open':
      return (
        <blockquote
          key={key}
          className="space-y-3 border-l-4 border-indigo-300 pl-4 text-zinc-600 italic dark:border-indigo-700 dark:text-zinc-400"
        >
          {children}
        </blockquote>
      );
    case 'table_open':
      // The table scrolls inside its own box, never widening the page (360 px); focusable so
      // that a keyboard can scroll it too.
      return (
        <div
          key={key}
          role="region"
          aria-label="Table"
          tabIndex={0}
          className="max-w-full overflow-x-auto rounded-lg focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          <table className="min-w-full border-collapse text-sm">{children}</table>
        </div>
      );
    case 'thead_open':
      return (
        <thead key={key} className="bg-zinc-50 text-zinc-900 dark:bg-zinc-800 dark:text-white">
          {children}
        </thead>
      );
    case 'tbody_open':
      return <tbody key={key}>{children}</tbody>;
    case 'tr_open':
      return <tr key={key}>{children}</tr>;
    case 'th_open':
      return (
        <th key={key} scope="col" className={cn(CELL, 'font-semibold', align ?? 'text-left')}>
          {children}
        </th>
      );
    case 'td_open':
      return (
        <td key={key} className={cn(CELL, align)}>
          {children}
        </td>
      );
    case 'strong_open':
      return (
        <strong key={key} className="font-semibold text-zinc-900 dark:text-white">
          {children}
        </strong>
      );
    case 'em_open':
      return <em key={key}>{children}</em>;
    case 's_open':
      return <s key={key}>{children}</s>;
    case 'link_open':
      return link(token.attrGet('href') ?? '', children, key);
    default:
      return <Fragment key={key}>{children}</Fragment>;
  }
}

/** A link to a safe URL; anything else keeps its words and loses the link. */
function link(url: string, children: ReactNode, key: number): ReactNode {
  const safe = safeHref(url);
  if (!safe) return <Fragment key={key}>{children}</Fragment>;
  return (
    <a
      key={key}
      href={safe.href}
      className={LINK}
      {...(safe.external ? { target: '_blank', rel: 'noopener nofollow ugc' } : {})}
    >
      {children}
    </a>
  );
}

function leaf(token: MarkdownToken, key: number, offset: number): ReactNode {
  switch (token.type) {
    case 'inline':
      return <Fragment key={key}>{renderTokens(token.children ?? [], offset)}</Fragment>;
    case 'softbreak':
      return '\n';
    case 'hardbreak':
      return <br key={key} />;
    case 'code_inline':
      return (
        <code
          key={key}
          className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[0.85em] text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100"
        >
          {token.content}
        </code>
      );
    case 'fence':
    case 'code_block':
      return (
        <pre
          key={key}
          className="overflow-x-auto rounded-xl bg-zinc-900 p-4 font-mono text-[0.85rem] leading-6 text-zinc-100 dark:bg-black/60"
        >
          <code>{token.content.replace(/\n$/, '')}</code>
        </pre>
      );
    case 'hr':
      return <hr key={key} className="border-zinc-200 dark:border-zinc-800" />;
    case 'image':
      return image(token, key);
    default:
      // Text, and (with html: false, never produced) raw HTML: shown as the characters written.
      return token.content;
  }
}

/** Our own uploads inline and lazy; any other image as a link to it, never fetched by the page. */
function image(token: MarkdownToken, key: number): ReactNode {
  const url = token.attrGet('src') ?? '';
  const alt = token.content;
  const src = safeImageSrc(url);
  if (src)
    return (
      <img
        key={key}
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        className="my-2 h-auto max-w-full rounded-lg"
      />
    );
  return link(url, alt || url, key);
}
