import { defineModule } from '#server/platform/module';
import { createShareService, type LinkPreviewSource, type ShareService } from './share.service';

declare module '../../platform/module' {
  interface ModuleMap {
    share: { share: ShareService };
  }
  interface Contributions {
    /** Pages whose shared links preview their item (a job, a course, a talent, a certificate). */
    linkPreviews?: LinkPreviewSource[];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** index.html with the head of the page at this path (plugins/spa.ts sends it). */
    fillPage(html: string, path: string): Promise<string>;
  }
}

export const shareModule = defineModule({
  name: 'share',
  needs: [],
  about: "Shared links' previews: the title, description, Open Graph and Twitter tags of each page.",
  build: (p) => ({ share: createShareService({ appUrl: p.config.appUrl, log: p.log }) }),
  accepts: { linkPreviews: ({ share }, sources) => sources.forEach((s) => share.addSource(s)) },
  http: (app, { share }) => app.decorate('fillPage', (html: string, path: string) => share.fillPage(html, path)),
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type LinkPreviewSource } from './share.service';
export { type PageHead } from './page-head';
