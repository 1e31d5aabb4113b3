/** What a shared link's preview shows: the page's `<title>`, description, Open Graph and Twitter tags. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute: the app's public origin (APP_URL) and the page's path. */
  url: string;
  /** Absolute, or none: crawlers then show the title and description alone. */
  image?: string | null;
  type?: 'website' | 'article' | 'profile';
}

export const SITE_NAME = 'Build. Learn. Earn. Thrive.';
export const GENERIC_DESCRIPTION =
  'Build. Learn. Earn. Thrive. Courses, jobs, mentorship and freelance talent in one place.';

/** Previews cut long text (WhatsApp shows about two lines, LinkedIn about three). */
const TITLE_MAX = 90;
const DESCRIPTION_MAX = 200;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe inside element text and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** One line, control characters and runs of space folded, cut at a word with an ellipsis. */
export function clip(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const flat = text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The head for pages without a preview of their own, and for hidden, closed or private items. */
export function genericHead(url: string): PageHead {
  return { title: SITE_NAME, description: GENERIC_DESCRIPTION, url, type: 'website' };
}

/** The tags, each value escaped; a specific page's title is suffixed with the site's name. */
export function headTags(head: PageHead): string {
  const title = clip(head.title, TITLE_MAX);
  const fullTitle = title === SITE_NAME ? title : `${title} · ${SITE_NAME}`;
  const description = clip(head.description, DESCRIPTION_MAX);
  const meta: Array<[string, string, string]> = [
    ['name', 'description', description],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', head.type ?? 'website'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', head.url],
    ...(head.image ? ([['property', 'og:image', head.image]] as Array<[string, string, string]>) : []),
    ['name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ...(head.image ? ([['name', 'twitter:image', head.image]] as Array<[string, string, string]>) : []),
  ];
  return [
    `<title>${escapeHtml(fullTitle)}</title>`,
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    ...meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;

/** index.html with its own title and description replaced by the page's tags, at the end of its head. */
export function fillHead(html: string, head: PageHead): string {
  const bare = html.replace(TITLE, '').replace(DESCRIPTION, '');
  const at = bare.search(/<\/head>/i);
  if (at < 0) return bare;
  return `${bare.slice(0, at)}  ${headTags(head)}\n  ${bare.slice(at)}`;
}

/** A path or URL as an absolute URL on the app's public origin; absolute http(s) URLs stay. */
export function absoluteUrl(appUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${appUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}
