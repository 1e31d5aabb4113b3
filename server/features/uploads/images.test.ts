import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { IMAGE_WIDTHS } from '#shared/uploads/uploads.schemas';
import { IMAGE_WORK_AT_ONCE, ImageTooLarge, NotAnImage, avatarImages, imageVariants } from './images';
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
    const variants = await imageVariants(await pngImage(300, 200));
    for (const v of variants) {
      const meta = await sharp(v.body).metadata();
      expect([meta.width, meta.height]).toEqual(v.width < 300 ? [v.width, Math.round((v.width * 2) / 3)] : [300, 200]);
    }
  });

  it('knows a picture from bytes that only start like one', async () => {
    const pretender = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(500, 7),
    ]);
    await expect(imageVariants(pretender)).rejects.toBeInstanceOf(NotAnImage);
    await expect(imageVariants(Buffer.from('%PDF-1.7\n'))).rejects.toBeInstanceOf(NotAnImage);
    await expect(avatarImages(pretender)).rejects.toBeInstanceOf(NotAnImage);
  });

  it('refuses a picture that claims more pixels than the budget from its header, before decoding it', async () => {
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(imageVariants(huge)).rejects.toBeInstanceOf(ImageTooLarge);
    await expect(avatarImages(huge)).rejects.toBeInstanceOf(ImageTooLarge);
  });

  it(`works on at most ${IMAGE_WORK_AT_ONCE} pictures at once; the others wait their turn`, async () => {
    const input = await pngImage(800, 600);
    let busy = 0;
    let most = 0;
    const original = sharp.prototype.toBuffer as (...args: unknown[]) => Promise<Buffer>;
    const counting = async function (this: unknown, ...args: unknown[]) {
      most = Math.max(most, ++busy);
      try {
        return await original.apply(this, args);
      } finally {
        busy--;
      }
    };
    const spy = vi.spyOn(sharp.prototype, 'toBuffer').mockImplementation(counting as never);
    try {
      await Promise.all(Array.from({ length: 5 }, () => imageVariants(input)));
    } finally {
      spy.mockRestore();
    }
    expect(most).toBe(IMAGE_WORK_AT_ONCE);
  });
});
