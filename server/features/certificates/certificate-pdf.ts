import type { TAssessedWork } from '#shared/courses/assessments.schemas';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export interface CertificateText {
  code: string;
  learnerName: string;
  courseTitle: string;
  tutorName: string;
  issuedAt: Date;
  assessedWork: TAssessedWork[];
  /** The public page that confirms it. */
  verifyUrl: string;
}

const WIDTH = 842; // A4 landscape, in points
const HEIGHT = 595;
const MARGIN = 60;
const INK = rgb(0.12, 0.16, 0.22);
const ACCENT = rgb(0.05, 0.45, 0.35);
const MUTED = rgb(0.4, 0.44, 0.5);

/**
 * The standard PDF fonts speak WinAnsi only: a character outside it (ẹ, ọ, ṣ in Yorùbá names)
 * loses its marks if that makes it fit, else becomes "?", instead of failing the whole file.
 */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  const fits = (s: string) => [...s].every((c) => known.has(c.codePointAt(0)!));
  return [...text.normalize('NFC')]
    .map((ch) => {
      if (fits(ch)) return ch;
      const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
      return bare && fits(bare) ? bare : '?';
    })
    .join('');
}

/** One centred line, shrunk until it fits between the margins. */
function centred(page: PDFPage, font: PDFFont, raw: string, y: number, size: number, color = INK) {
  const text = printable(font, raw);
  let s = size;
  while (s > 8 && font.widthOfTextAtSize(text, s) > WIDTH - 2 * MARGIN) s -= 1;
  page.drawText(text, { x: (WIDTH - font.widthOfTextAtSize(text, s)) / 2, y, size: s, font, color });
}

export async function renderCertificatePdf(c: CertificateText): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate ${c.code}`);
  doc.setAuthor('Build. Learn. Earn. Thrive.');
  doc.setSubject(`${c.learnerName} completed ${c.courseTitle}`);
  const page = doc.addPage([WIDTH, HEIGHT]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  page.drawRectangle({ x: 24, y: 24, width: WIDTH - 48, height: HEIGHT - 48, borderColor: ACCENT, borderWidth: 3 });
  page.drawRectangle({ x: 32, y: 32, width: WIDTH - 64, height: HEIGHT - 64, borderColor: ACCENT, borderWidth: 0.75 });

  const date = new Intl.DateTimeFormat('en-NG', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  }).format(c.issuedAt);
  centred(page, bold, 'Build. Learn. Earn. Thrive.', 500, 16, ACCENT);
  centred(page, bold, 'Certificate of Completion', 450, 34);
  centred(page, regular, 'This certifies that', 405, 14, MUTED);
  centred(page, bold, c.learnerName, 360, 30);
  centred(page, regular, 'has completed the course', 320, 14, MUTED);
  centred(page, bold, c.courseTitle, 280, 22);
  centred(page, regular, `taught by ${c.tutorName}`, 248, 14);
  if (c.assessedWork.length > 0) {
    centred(
      page,
      regular,
      `Assessed work passed: ${c.assessedWork.map((w) => `${w.title} (${w.result})`).join(', ')}`,
      218,
      11,
      MUTED,
    );
  }
  centred(page, regular, `Issued on ${date}`, 190, 12, MUTED);
  centred(page, bold, `Verification code: ${c.code}`, 110, 13);
  centred(page, regular, `Check it at ${c.verifyUrl}`, 90, 11, MUTED);
  return doc.save();
}
