import type { TAssessedWork } from '#shared/courses/assessments.schemas';
import type { PDFPage, RGB } from 'pdf-lib';
import { embedUnicodeFont, loadPdfLib, type UnicodeFont } from '#server/lib/pdf/unicode-font';

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
/** pdf-lib's rgb(), written out so that the module needs pdf-lib only when it draws. */
const rgb = (red: number, green: number, blue: number): RGB => ({ type: 'RGB' as RGB['type'], red, green, blue });
const INK = rgb(0.12, 0.16, 0.22);
const ACCENT = rgb(0.05, 0.45, 0.35);
const MUTED = rgb(0.4, 0.44, 0.5);

/** One centred line, shrunk until it fits between the margins. */
function centred(page: PDFPage, font: UnicodeFont, text: string, y: number, size: number, color = INK) {
  let s = size;
  while (s > 8 && font.width(text, s) > WIDTH - 2 * MARGIN) s -= 1;
  font.draw(page, text, { x: (WIDTH - font.width(text, s)) / 2, y, size: s, color });
}

export async function renderCertificatePdf(c: CertificateText): Promise<Uint8Array> {
  const { PDFDocument } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate ${c.code}`);
  doc.setAuthor('Build. Learn. Earn. Thrive.');
  doc.setSubject(`${c.learnerName} completed ${c.courseTitle}`);
  const page = doc.addPage([WIDTH, HEIGHT]);
  // Names in Yorùbá, Hausa and Igbo keep every mark (decision 053).
  const regular = await embedUnicodeFont(doc, 'regular');
  const bold = await embedUnicodeFont(doc, 'bold');

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
