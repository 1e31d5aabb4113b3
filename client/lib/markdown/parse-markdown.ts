/**
 * A deliberately small Markdown dialect for course descriptions and text lessons: headings,
 * paragraphs, lists, quotes, code, rules, bold, italic, inline code and links. It produces a
 * tree that markdown.tsx renders as React elements, so raw HTML in the source is only ever
 * text: nothing here builds an HTML string, and links keep only safe schemes.
 */
export type MdInline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: MdInline[] }
  | { type: 'em'; children: MdInline[] }
  | { type: 'link'; href: string; external: boolean; children: MdInline[] };

export type MdBlock =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: MdInline[] }
  | { type: 'paragraph'; children: MdInline[] }
  | { type: 'list'; ordered: boolean; start: number; items: MdInline[][] }
  | { type: 'code'; text: string }
  | { type: 'quote'; children: MdBlock[] }
  | { type: 'rule' };

const FENCE = /^\s{0,3}(`{3,}|~{3,})\s*[\w+-]*\s*$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
/** Quotes inside quotes stop here: enough for any real text, and no runaway recursion. */
const MAX_QUOTE_DEPTH = 3;
/** How far an opening `[`, `*` or backtick looks for its partner, so odd input stays fast. */
const LOOKAHEAD = 1000;

const isBlank = (line: string) => line.trim() === '';
const startsBlock = (line: string) =>
  FENCE.test(line) ||
  HEADING.test(line) ||
  RULE.test(line) ||
  QUOTE.test(line) ||
  BULLET.test(line) ||
  NUMBERED.test(line);

export function parseMarkdown(source: string, depth = 0): MdBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MdBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(marker)) body.push(lines[i++]!);
      i++; // the closing fence (or the end)
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1]!.length as 1, children: parseInline(heading[2]!) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(QUOTE.exec(lines[i++]!)![1]!);
      blocks.push(
        depth < MAX_QUOTE_DEPTH
          ? { type: 'quote', children: parseMarkdown(body.join('\n'), depth + 1) }
          : { type: 'paragraph', children: parseInline(body.join(' ')) },
      );
      continue;
    }
    if (BULLET.test(line) || NUMBERED.test(line)) {
      const ordered = !BULLET.test(line);
      const itemPattern = ordered ? NUMBERED : BULLET;
      const start = ordered ? Number(NUMBERED.exec(line)![1]) : 1;
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i]!;
        const item = itemPattern.exec(current);
        if (item) {
          items.push(item[ordered ? 2 : 1]!);
        } else if (isBlank(current)) {
          // A blank line ends the list unless the next item follows it.
          if (!itemPattern.test(lines[i + 1] ?? '')) break;
        } else if (/^\s+\S/.test(current) && items.length > 0 && !startsBlock(current)) {
          items[items.length - 1] += ` ${current.trim()}`;
        } else {
          break;
        }
        i++;
      }
      blocks.push({ type: 'list', ordered, start, items: items.map((text) => parseInline(text)) });
      continue;
    }
    const body: string[] = [];
    while (i < lines.length && !isBlank(lines[i]!) && (body.length === 0 || !startsBlock(lines[i]!)))
      body.push(lines[i++]!.trim());
    blocks.push({ type: 'paragraph', children: parseInline(body.join(' ')) });
  }
  return blocks;
}

/** http(s) and mailto links, and paths of this site; anything else (javascript:, data:) is refused. */
export function safeHref(raw: string): { href: string; external: boolean } | null {
  const href = raw.trim();
  // Whitespace or control characters inside a URL hide a scheme from checks like the ones below.
  if ([...href].some((ch) => ch.charCodeAt(0) < 0x20 || /\s/.test(ch))) return null;
  if (/^https?:\/\/[^/]/i.test(href)) return { href, external: true };
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(href)) return { href, external: true };
  if ((href.startsWith('/') && !href.startsWith('//')) || href.startsWith('#')) return { href, external: false };
  return null;
}

const ESCAPABLE = /[\\`*_[\]()#+\-.!>~|]/;
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** Finds `marker` after `from`, within the lookahead window; -1 when absent. */
function findClose(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from);
  return at >= 0 && at - from <= LOOKAHEAD ? at : -1;
}

export function parseInline(text: string): MdInline[] {
  const out: MdInline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push({ type: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && ESCAPABLE.test(text[i + 1] ?? '')) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const close = findClose(text, '`', i + 1);
      if (close > i + 1) {
        flush();
        out.push({ type: 'code', text: text.slice(i + 1, close) });
        i = close + 1;
        continue;
      }
    }
    if (ch === '[') {
      const link = readLink(text, i);
      if (link) {
        flush();
        const safe = safeHref(link.href);
        const children = parseInline(link.label);
        out.push(...(safe ? [{ type: 'link' as const, ...safe, children }] : children));
        i = link.end;
        continue;
      }
    }
    if ((ch === '*' || ch === '_') && text[i + 1] === ch) {
      const marker = ch + ch;
      const close = findClose(text, marker, i + 2);
      if (close > i + 2 && !/\s/.test(text[i + 2]!) && !/\s/.test(text[close - 1]!)) {
        flush();
        out.push({ type: 'strong', children: parseInline(text.slice(i + 2, close)) });
        i = close + 2;
        continue;
      }
    }
    if (ch === '*' || (ch === '_' && !isWordChar(text[i - 1]))) {
      const close = findClose(text, ch, i + 1);
      const valid =
        close > i + 1 &&
        !/\s/.test(text[i + 1]!) &&
        !/\s/.test(text[close - 1]!) &&
        (ch === '*' || !isWordChar(text[close + 1]));
      if (valid) {
        flush();
        out.push({ type: 'em', children: parseInline(text.slice(i + 1, close)) });
        i = close + 1;
        continue;
      }
    }
    buffer += ch;
    i++;
  }
  flush();
  return out;
}

/** `[label](href "optional title")` starting at `start`, or null. */
function readLink(text: string, start: number): { label: string; href: string; end: number } | null {
  const labelEnd = findClose(text, '](', start + 1);
  if (labelEnd <= start + 1) return null;
  const hrefEnd = findClose(text, ')', labelEnd + 2);
  if (hrefEnd < 0) return null;
  const target = text.slice(labelEnd + 2, hrefEnd).trim();
  const href = target.split(/\s+/)[0] ?? '';
  return { label: text.slice(start + 1, labelEnd), href, end: hrefEnd + 1 };
}
