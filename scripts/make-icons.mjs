// Writes the app's install icons (PNG, as the manifest needs) from the favicon's mark, once:
// `node scripts/make-icons.mjs`. The PNGs are committed; run this again when the mark changes.
// "any" icons keep the rounded tile; the maskable one fills the square and keeps the mark inside
// the central 80 % safe zone, so a launcher's circle or squircle crop never cuts it.
import sharp from 'sharp';

const mark = (scale) =>
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)"><path d="M9 22 L14 10 L18 18 L20.5 13 L23 22" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></g>`;
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/>${mark(1)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#4f46e5"/>${mark(0.75)}</svg>`;

for (const [svg, size, name] of [
  [tile, 192, 'icon-192.png'],
  [tile, 512, 'icon-512.png'],
  [maskable, 512, 'icon-maskable-512.png'],
  [tile, 180, 'apple-touch-icon.png'],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`client/public/icons/${name}`);
}
