/**
 * Which URLs written in Markdown become live links and images (decision 056). markdown-it already
 * refuses javascript:, vbscript: and file:; these rules are narrower still and say what is
 * external, so the renderer never has to trust the parser's list.
 */

/** Whitespace or control characters inside a URL hide a scheme from checks like the ones below. */
const hidesScheme = (url: string) => [...url].some((ch) => ch.charCodeAt(0) < 0x20 || /\s/.test(ch));

/** http(s) and mailto links, and paths of this site; anything else (javascript:, data:) is refused. */
export function safeHref(raw: string): { href: string; external: boolean } | null {
  const href = raw.trim();
  if (hidesScheme(href)) return null;
  if (/^https?:\/\/[^/]/i.test(href)) return { href, external: true };
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(href)) return { href, external: true };
  if ((href.startsWith('/') && !href.startsWith('//')) || href.startsWith('#')) return { href, external: false };
  return null;
}

/**
 * An image shown inline: only files this site serves from its uploads. An image elsewhere would
 * tell its host who reads the page (a tracking pixel), and the content security policy's
 * img-src is 'self' anyway; such an image becomes a link to it instead.
 */
export function safeImageSrc(raw: string): string | null {
  const src = raw.trim();
  if (hidesScheme(src)) return null;
  return /^\/uploads\/[\w.-]+$/.test(src) ? src : null;
}
