import { useMemo, type ReactNode } from 'react';
import { parseMarkdown, type MdBlock, type MdInline } from '../lib/markdown/parse-markdown';
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

/** Renders the small Markdown dialect of parse-markdown.ts as React elements: never raw HTML. */
export function Markdown({ source, headingOffset = 2, className }: MarkdownProps) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div
      className={cn('space-y-4 text-[0.95rem] leading-relaxed text-zinc-700 break-words dark:text-zinc-300', className)}
    >
      {blocks.map((block, i) => renderBlock(block, i, headingOffset))}
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

function renderBlock(block: MdBlock, key: number, offset: number): ReactNode {
  switch (block.type) {
    case 'heading': {
      const level = Math.min(6, block.level + offset);
      const Tag = `h${level}` as 'h2';
      return (
        <Tag
          key={key}
          className={cn('pt-2 tracking-tight text-zinc-900 dark:text-white', HEADING_CLASSES[block.level - 1])}
        >
          {renderInline(block.children)}
        </Tag>
      );
    }
    case 'paragraph':
      return <p key={key}>{renderInline(block.children)}</p>;
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i} className="pl-1">
          {renderInline(item)}
        </li>
      ));
      return block.ordered ? (
        <ol key={key} start={block.start} className="list-decimal space-y-1.5 pl-6 marker:text-zinc-500">
          {items}
        </ol>
      ) : (
        <ul key={key} className="list-disc space-y-1.5 pl-6 marker:text-zinc-400">
          {items}
        </ul>
      );
    }
    case 'code':
      return (
        <pre
          key={key}
          className="overflow-x-auto rounded-xl bg-zinc-900 p-4 font-mono text-[0.85rem] leading-6 text-zinc-100 dark:bg-black/60"
        >
          <code>{block.text}</code>
        </pre>
      );
    case 'quote':
      return (
        <blockquote
          key={key}
          className="space-y-3 border-l-4 border-indigo-300 pl-4 text-zinc-600 italic dark:border-indigo-700 dark:text-zinc-400"
        >
          {block.children.map((child, i) => renderBlock(child, i, offset))}
        </blockquote>
      );
    case 'rule':
      return <hr key={key} className="border-zinc-200 dark:border-zinc-800" />;
  }
}

function renderInline(nodes: MdInline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'code':
        return (
          <code
            key={i}
            className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[0.85em] text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100"
          >
            {node.text}
          </code>
        );
      case 'strong':
        return (
          <strong key={i} className="font-semibold text-zinc-900 dark:text-white">
            {renderInline(node.children)}
          </strong>
        );
      case 'em':
        return <em key={i}>{renderInline(node.children)}</em>;
      case 'link':
        return (
          <a
            key={i}
            href={node.href}
            className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
            {...(node.external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
          >
            {renderInline(node.children)}
          </a>
        );
    }
  });
}
