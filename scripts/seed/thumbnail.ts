import { crc32, deflateSync } from 'node:zlib';

/**
 * Course thumbnails drawn in code (no downloads, no image library): a diagonal gradient
 * between two colours with soft rings, different for every seed, encoded as a PNG.
 */
const WIDTH = 640;
const HEIGHT = 360;

type Rgb = [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small deterministic generator, so that a seed gives the same picture every time. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
}

export function thumbnailPng(from: Rgb, to: Rgb, seed: number): Buffer {
  const next = random(seed);
  const rings = Array.from({ length: 4 }, () => ({ x: next() * WIDTH, y: next() * HEIGHT, r: 60 + next() * 140 }));
  const raw = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    const row = y * (WIDTH * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < WIDTH; x++) {
      const t = (x / WIDTH + y / HEIGHT) / 2;
      let light = 0;
      for (const ring of rings) {
        const d = Math.abs(Math.hypot(x - ring.x, y - ring.y) - ring.r);
        if (d < 14) light += (14 - d) / 14;
      }
      const shade = Math.min(1, light) * 0.35;
      for (let c = 0; c < 3; c++) {
        const base = from[c]! + (to[c]! - from[c]!) * t;
        raw[row + 1 + x * 3 + c] = Math.round(base + (255 - base) * shade);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
