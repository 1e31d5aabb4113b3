import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '#shared/uploads/uploads.schemas';
import { NotAnImage, checkImage, imageVariants, resizeImage } from './images';
import { pngImage } from './testing/images';

describe('image variants', () => {
  it('makes every width as WebP, keeping the aspect ratio', async () => {
    const input = await pngImage(1600, 900);
    const variants = await imageVariants(input);
    expect(variants.map((v) => v.width)).toEqual([...IMAGE_WIDTHS]);
    for (const v of variants) {
      const meta = await sharp(v.body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(v.width);
      expect(meta.height).toBe(Math.round((v.width * 9) / 16));
    }
  });

  it('never enlarges a small picture', async () => {
    const meta = await sharp(await resizeImage(await pngImage(300, 200), 960)).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });

  it('knows a picture from bytes that only start like one', async () => {
    expect(await checkImage(await pngImage(40, 30))).toEqual({ width: 40, height: 30 });
    const pretender = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(500, 7),
    ]);
    await expect(checkImage(pretender)).rejects.toBeInstanceOf(NotAnImage);
    await expect(checkImage(Buffer.from('%PDF-1.7\n'))).rejects.toBeInstanceOf(NotAnImage);
    await expect(resizeImage(pretender, 320)).rejects.toBeInstanceOf(NotAnImage);
  });

  it('refuses a picture that claims more pixels than an upload can hold', async () => {
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(checkImage(huge)).rejects.toBeInstanceOf(NotAnImage);
  });
});
