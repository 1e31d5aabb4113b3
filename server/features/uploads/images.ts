import sharp from 'sharp';
import { AVATAR_SIZES, IMAGE_WIDTHS } from '#shared/uploads/uploads.schemas';

/**
 * A picture of up to 40 megapixels (a 5 MB upload cannot honestly hold more): a small file
 * that claims a huge canvas must not take the server's memory when decoded.
 */
const MAX_PIXELS = 40_000_000;

/** WebP at 75 looks like the PNG or JPEG it came from at a fraction of the bytes. */
const WEBP_QUALITY = 75;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export interface ImageVariant {
  width: ImageWidth;
  body: Buffer;
}

export class NotAnImage extends Error {}

const decode = (input: Buffer) => sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' });

/**
 * Whether the bytes decode as a picture: magic bytes alone let through a PNG signature followed
 * by anything. Throws NotAnImage otherwise.
 */
export async function checkImage(input: Buffer): Promise<{ width: number; height: number }> {
  try {
    // stats() decodes every pixel; metadata() would only read the header.
    await decode(input).stats();
    const { width, height } = await decode(input).metadata();
    return { width: width ?? 0, height: height ?? 0 };
  } catch {
    throw new NotAnImage();
  }
}

/**
 * The picture at one of IMAGE_WIDTHS as WebP, turned upright (EXIF orientation), never
 * enlarged: a 600 px picture's 960 variant is 600 px wide. Animated GIFs keep their first frame.
 */
export async function resizeImage(input: Buffer, width: ImageWidth): Promise<Buffer> {
  try {
    return await decode(input)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch {
    throw new NotAnImage();
  }
}

/** Every width, made one after the other (sharp already uses every core for one). */
export async function imageVariants(input: Buffer): Promise<ImageVariant[]> {
  const variants: ImageVariant[] = [];
  for (const width of IMAGE_WIDTHS) variants.push({ width, body: await resizeImage(input, width) });
  return variants;
}

export type AvatarSize = (typeof AVATAR_SIZES)[number];

/**
 * An avatar at each of AVATAR_SIZES: the middle of the picture (sharp's "attention" finds the
 * busiest part, usually a face) cropped square, upright, as WebP without the original's metadata
 * (a phone photo's EXIF can carry where it was taken). A picture smaller than a size is not
 * enlarged: its square is as wide as its shorter side.
 */
export async function avatarImages(input: Buffer): Promise<Array<{ size: AvatarSize; body: Buffer }>> {
  const { width, height } = await checkImage(input);
  const side = Math.min(width, height);
  const images: Array<{ size: AvatarSize; body: Buffer }> = [];
  for (const size of AVATAR_SIZES) {
    const px = Math.max(1, Math.min(size, side));
    const body = await decode(input)
      .rotate()
      .resize(px, px, { fit: 'cover', position: 'attention' })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    images.push({ size, body });
  }
  return images;
}
