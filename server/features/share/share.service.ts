import type { FastifyBaseLogger } from 'fastify';
import { absoluteUrl, fillHead, genericHead, type PageHead } from './page-head';

/**
 * A page of the app whose shared link previews its item: the path's one capture is the item's
 * id. `find` answers the public facts in one small query, or null for an item visitors may not
 * see (hidden, closed, draft, private): that page then gets the generic tags.
 */
export interface LinkPreviewSource {
  path: RegExp;
  find(id: string): Promise<Omit<PageHead, 'url'> | null>;
}

export type ShareService = ReturnType<typeof createShareService>;

/** Link previews (issue 26): fills index.html's head for the pages other areas register. */
export function createShareService(deps: { appUrl: string; log: FastifyBaseLogger }) {
  const { appUrl, log } = deps;
  const sources: LinkPreviewSource[] = [];

  async function found(source: LinkPreviewSource, id: string, url: string): Promise<PageHead | null> {
    try {
      const head = await source.find(decodeURIComponent(id));
      return head ? { ...head, url, image: head.image ? absoluteUrl(appUrl, head.image) : null } : null;
    } catch (err) {
      // A preview is a courtesy: the page itself must load even when its item cannot be read.
      log.warn({ err, url }, 'link preview failed');
      return null;
    }
  }

  return {
    addSource(source: LinkPreviewSource) {
      sources.push(source);
    },

    /** The head for a page's path: its item's preview when a source knows it, else the generic one. */
    async headFor(path: string): Promise<PageHead> {
      const url = absoluteUrl(appUrl, path);
      for (const source of sources) {
        const match = source.path.exec(path);
        if (match) return (await found(source, match[1]!, url)) ?? genericHead(url);
      }
      return genericHead(url);
    },

    async fillPage(html: string, path: string): Promise<string> {
      return fillHead(html, await this.headFor(path));
    },
  };
}
