import pLimit from 'p-limit';
import { lazyDefault } from '#server/lib/lazy-import';
import { AVATAR_SIZES, IMAGE_WIDTHS } from '#shared/uploads/uploads.schemas';

/**
 * A picture of up to 40 megapixels (a 5 MB upload cannot honestly hold more): a small file
 * that claims a huge canvas must not take the server's memory when decoded.
 */
export const MAX_PIXELS = 40_000_000;
/** A picture within the pixel budget decodes in well under a second; one that does not is refused. */
const DECODE_SECONDS = 10;
/**
 * Pictures worked on at once in this process; the rest wait their turn. sharp decodes on libuv's
 * four threads, which password hashing and file reads share too: eight large pictures at once
 * took 11 s each and 1 GB (issue 25), and held up every sign-in meanwhile.
 */
export const IMAGE_WORK_AT_ONCE = 2;

/** WebP at 75 looks like the PNG or JPEG it came from at a fraction of the bytes. */
const WEBP_QUALITY = 75;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export interface ImageVariant {
  width: ImageWidth;
  body: Buffer;
}

export class NotAnImage extends Error {}
/** Within the upload's bytes, but more pixels (or decoding time) than a picture may take. */
export class ImageTooLarge extends Error {}

const turn = pLimit(IMAGE_WORK_AT_ONCE);

/** sharp and libvips load with the first picture, not with the server (decision 084). */
const loadSharp = lazyDefault(() => import('sharp'));

const decode = async (input: Buffer) =>
  (await loadSharp())(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).timeout({ seconds: DECODE_SECONDS });

/** The picture's size from its header alone; refuses a canvas over the budget before any decoding. */
async function measure(input: Buffer): Promise<{ width: number; height: number }> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await (await loadSharp())(input).metadata());
  } catch {
    throw new NotAnImage();
  }
  if (!width || !height) throw new NotAnImage();
  if (width * height > MAX_PIXELS) throw new ImageTooLarge();
  return { width, height };
}

/** Image work in its turn, with sharp's refusals told apart: too costly, or not a picture. */
function work<T>(input: Buffer, job: (size: { width: number; height: number }) => Promise<T>): Promise<T> {
  return turn(async () => {
    const size = await measure(input);
    try {
      return await job(size);
    } catch (err) {
      if (err instanceof Error && /timeout|pixel limit/i.test(err.message)) throw new ImageTooLarge();
      throw new NotAnImage();
    }
  });
}

/**
 * Every width of IMAGE_WIDTHS as WebP, turned upright (EXIF orientation), never enlarged: a
 * 600 px picture's 960 copy is 600 px wide. Animated GIFs keep their first frame. The picture is
 * decoded once, which also proves it is one (magic bytes alone let through a PNG signature
 * followed by anything): every width is made from the widest, kept as raw pixels.
 */
export function imageVariants(input: Buffer): Promise<ImageVariant[]> {
  return work(input, async () => {
    const widest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
    const { data, info } = await (
      await decode(input)
    )
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const variants: ImageVariant[] = [];
    for (const width of IMAGE_WIDTHS) {
      const body = await (
        await loadSharp()
      )(data, { raw })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      variants.push({ width, body });
    }
    return variants;
  });
}

export type AvatarSize = (typeof AVATAR_SIZES)[number];

/**
 * An avatar at each of AVATAR_SIZES: the middle of the picture (sharp's "attention" finds the
 * busiest part, usually a face) cropped square, upright, as WebP without the original's metadata
 * (a phone photo's EXIF can carry where it was taken). A picture smaller than a size is not
 * enlarged: its square is as wide as its shorter side.
 */
export function avatarImages(input: Buffer): Promise<Array<{ size: AvatarSize; body: Buffer }>> {
  return work(input, async ({ width, height }) => {
    const side = Math.min(width, height);
    const images: Array<{ size: AvatarSize; body: Buffer }> = [];
    for (const size of AVATAR_SIZES) {
      const px = Math.max(1, Math.min(size, side));
      const body = await (
        await decode(input)
      )
        .rotate()
        .resize(px, px, { fit: 'cover', position: 'attention' })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      images.push({ size, body });
    }
    return images;
  });
}
