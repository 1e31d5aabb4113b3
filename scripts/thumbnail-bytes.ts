import { buildApp } from '#server/app';
import { loadConfig } from '#server/env';
import { CARD_SIZES } from '#client/features/courses/components/course-visuals';

/**
 * npm run thumbnail-bytes: the image bytes a catalogue page of 20 courses downloads, at a
 * desktop (1280 px, 1x) and a phone (360 px, at 1x and 2x) viewport, for the DATA_DIR or
 * DATABASE_URL given (run `npm run seed` into it first). The choice among the srcset's copies
 * follows the browser's rule: the narrowest copy at least as wide as the slot times the density.
 * Without a srcset, or with `--plain` (the client before srcset), every viewport downloads the
 * uploaded file.
 */
const plain = process.argv.includes('--plain');
const VIEWPORTS = [
  { width: 1280, density: 1 },
  { width: 360, density: 1 },
  { width: 360, density: 2 },
];

/** The slot width CARD_SIZES gives at a viewport: `(min-width: Npx) LEN, ..., LEN` with px or calc(Avw - Bpx). */
function slotWidth(sizes: string, viewport: number): number {
  for (const entry of sizes.split(/,\s*(?![^(]*\))/)) {
    const media = entry.match(/^\(min-width: (\d+)px\)\s+(.+)$/);
    if (media && viewport < Number(media[1])) continue;
    const length = media ? media[2]! : entry;
    const px = length.match(/^(\d+)px$/);
    if (px) return Number(px[1]);
    const calc = length.match(/^calc\((\d+)vw - (\d+)px\)$/);
    if (calc) return (viewport * Number(calc[1])) / 100 - Number(calc[2]);
  }
  throw new Error(`cannot read sizes: ${sizes}`);
}

function pick(srcset: string, wanted: number): string {
  const candidates = srcset.split(', ').map((c) => {
    const [url, w] = c.split(' ');
    return { url: url!, width: Number(w!.slice(0, -1)) };
  });
  return (candidates.find((c) => c.width >= wanted) ?? candidates.at(-1)!).url;
}

const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), clientDir: undefined };
const app = await buildApp({ config, logger: false });
const page = (await app.inject({ method: 'GET', url: '/api/courses?pageSize=20' })).json() as {
  courses: Array<{ thumbnailUrl: string | null; thumbnailSrcset: string | null }>;
};
const bytesOf = async (url: string) => (await app.inject({ method: 'GET', url })).rawPayload.length;

for (const { width, density } of VIEWPORTS) {
  let total = 0;
  let images = 0;
  for (const c of page.courses) {
    if (!c.thumbnailUrl) continue;
    const url =
      c.thumbnailSrcset && !plain ? pick(c.thumbnailSrcset, slotWidth(CARD_SIZES, width) * density) : c.thumbnailUrl;
    total += await bytesOf(url);
    images++;
  }
  console.log(`${width} px at ${density}x: ${images} thumbnails, ${total} bytes (${(total / 1024).toFixed(0)} KB)`);
}
await app.close();
