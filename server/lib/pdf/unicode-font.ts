import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont, PDFName, PDFPage, RGB } from 'pdf-lib';
import { lazy, lazyDefault } from '../lazy-import';

/** pdf-lib and fontkit load with the first document, not with the server (decision 084). */
export const loadPdfLib = lazy(() => import('pdf-lib'));
const loadFontkit = lazyDefault(() => import('@pdf-lib/fontkit'));

/**
 * Noto Sans, whole (decision 053): one file holds every letter of Yorùbá, Hausa and Igbo with
 * their tone marks and dots (ẹ̀ ọ́ ṣ ɓ ɗ ƙ ƴ ị ụ ṅ), the combining marks and ₦. The standard PDF
 * fonts speak WinAnsi only and turned "Ẹ̀" into "E?".
 */
const require = createRequire(import.meta.url);
const FILES = {
  regular: 'notosans-fontface/fonts/NotoSans-Regular.ttf',
  bold: 'notosans-fontface/fonts/NotoSans-Bold.ttf',
} as const;
export type Weight = keyof typeof FILES;

type Layout = {
  positions: { xAdvance: number; xOffset: number; yOffset: number }[];
};
interface FontkitFont {
  unitsPerEm: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): Layout;
}

const bytesOf = new Map<Weight, Promise<Buffer>>();
const loaded = (weight: Weight) => {
  if (!bytesOf.has(weight)) bytesOf.set(weight, readFile(require.resolve(FILES[weight])));
  return bytesOf.get(weight)!;
};

/**
 * A font embedded in a document, and the same font read by fontkit to lay text out. pdf-lib
 * draws glyphs at their advance widths only, so the marks' places (GPOS: the grave over Ẹ, the
 * acute beside the dot of ọ) and kerning come from fontkit's layout, one glyph at a time; the
 * glyphs themselves are pdf-lib's encoding of the whole line, whose context chooses them (the
 * dotless ị under a tone mark).
 */
export interface UnicodeFont {
  pdf: PDFFont;
  /** The width of the text at `size`, as `draw` lays it out. */
  width(text: string, size: number): number;
  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; color: RGB }): void;
}

/** Embeds the weight, subset to the glyphs drawn, so a certificate stays tens of kilobytes. */
export async function embedUnicodeFont(doc: PDFDocument, weight: Weight): Promise<UnicodeFont> {
  const [fontkit, pdfLib] = await Promise.all([loadFontkit(), loadPdfLib()]);
  const {
    PDFHexString,
    beginText,
    endText,
    popGraphicsState,
    pushGraphicsState,
    setFillingColor,
    setFontAndSize,
    setTextMatrix,
    showText,
  } = pdfLib;
  doc.registerFontkit(fontkit);
  const bytes = await loaded(weight);
  const pdf = await doc.embedFont(bytes, { subset: true });
  const shaper = fontkit.create(bytes) as unknown as FontkitFont;
  const keys = new WeakMap<PDFPage, PDFName>();
  const keyOn = (page: PDFPage) => {
    if (!keys.has(page)) keys.set(page, page.node.newFontDictionary(pdf.name, pdf.ref));
    return keys.get(page)!;
  };
  const scale = (size: number) => size / shaper.unitsPerEm;
  return {
    pdf,
    width: (text, size) =>
      shaper.layout(printable(shaper, text)).positions.reduce((sum, p) => sum + p.xAdvance, 0) * scale(size),
    draw(page, raw, { x, y, size, color }) {
      const text = printable(shaper, raw);
      const { positions } = shaper.layout(text);
      // Two bytes a glyph (Identity-H), in the order of the layout: the same font, the same features.
      const codes = pdf.encodeText(text).asString().match(/.{4}/g) ?? [];
      // Should the two layouts ever part, the text is drawn unshaped rather than not at all.
      if (codes.length !== positions.length) return void page.drawText(text, { x, y, size, font: pdf, color });
      const k = scale(size);
      const operators = [pushGraphicsState(), beginText(), setFillingColor(color), setFontAndSize(keyOn(page), size)];
      let pen = x;
      codes.forEach((code, i) => {
        const p = positions[i]!;
        operators.push(
          setTextMatrix(1, 0, 0, 1, pen + p.xOffset * k, y + p.yOffset * k),
          showText(PDFHexString.of(code)),
        );
        pen += p.xAdvance * k;
      });
      page.pushOperators(...operators, endText(), popGraphicsState());
    },
  };
}

/**
 * The text in composed form (NFC: "Ẹ̀" as Ẹ and a combining grave, the form names are stored
 * in), each character the font lacks (a name in a script Noto Sans does not cover) without its
 * marks if that fits, else "?", rather than a blank box.
 */
function printable(font: FontkitFont, text: string): string {
  const fits = (s: string) => [...s].every((c) => font.hasGlyphForCodePoint(c.codePointAt(0)!));
  return [...text.normalize('NFC')]
    .map((ch) => {
      if (fits(ch)) return ch;
      const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
      return bare && fits(bare) ? bare : '?';
    })
    .join('');
}
