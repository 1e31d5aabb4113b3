/** A run of a message's text: plain, or a link that is safe to open. */
export type TextPart = { text: string; href?: string };

const URL_RE = /\b(https?:\/\/[^\s<>"']+|www\.[^\s<>"']+)/gi;
/** Punctuation that ends a sentence, not the link. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Splits text into plain runs and links. Only http and https become links (never javascript:,
 * data: or anything else); a bare www. address gets https://. The text is rendered as text by
 * React, so nothing in a message can become markup.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_RE)) {
    const raw = match[0];
    const trail = raw.match(TRAILING)?.[0] ?? '';
    const link = raw.slice(0, raw.length - trail.length);
    const start = match.index;
    if (start > at) parts.push({ text: text.slice(at, start) });
    const href = safeHref(link.toLowerCase().startsWith('www.') ? `https://${link}` : link);
    parts.push(href ? { text: link, href } : { text: link });
    at = start + link.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

function safeHref(candidate: string): string | undefined {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
