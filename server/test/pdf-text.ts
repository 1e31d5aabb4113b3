import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of every page of a PDF as a reader's viewer extracts it (pdf.js, through each font's
 * ToUnicode map): what proves a glyph stands for its letter, not only that something was drawn.
 * Each drawn run is one item; joined as they come, a line reads as it was written.
 */
/** `fonts`: the names of the fonts the pages use (pdf-lib names a subset "NotoSans-Bold-1234"). */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; fonts: string[] }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent({ disableNormalization: true });
    let line = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        lines.push(line);
        line = '';
      }
    }
    if (line) lines.push(line);
  }
  await doc.destroy();
  return { text: lines.join('\n'), fonts: await fontNames(bytes) };
}

/** The BaseFont of every font the pages use. */
async function fontNames(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const names = new Set<string>();
  for (const page of doc.getPages()) {
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const ref of fonts?.values() ?? []) {
      names.add(String(doc.context.lookup(ref, PDFDict).get(PDFName.of('BaseFont'))).replace(/^\//, ''));
    }
  }
  return [...names].sort();
}
