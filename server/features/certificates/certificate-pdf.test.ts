import { describe, expect, it } from 'vitest';
import { pdfText } from '#server/test/pdf-text';
import { renderCertificatePdf } from './certificate-pdf';

/** Every letter with a mark that Nigerian names carry, and the naira. */
const YORUBA = 'Ọlámídé Ṣàngó-Ẹ̀kọ́ ẹ ọ ṣ à á è é ì í ò ó ù ú ń ǹ Ẹ̀ Ọ̀ Ṣ';
const HAUSA = 'Ɓ ɓ Ɗ ɗ Ƙ ƙ Ƴ ƴ ʼ';
const IGBO = 'Ị ị Ọ ọ Ụ ụ Ṅ ṅ ị̀ ụ́';

const certificate = (learnerName: string, courseTitle = 'Excel for small businesses (₦25,000)') =>
  renderCertificatePdf({
    code: 'BLET-ABCD-EFGH',
    learnerName,
    courseTitle,
    tutorName: 'Chiamaka Ụzọ',
    issuedAt: new Date('2026-11-27T12:00:00Z'),
    assessedWork: [],
    verifyUrl: 'https://blet.example/certificates/BLET-ABCD-EFGH',
  });

describe('the certificate PDF', () => {
  it.each([
    ['Yorùbá', YORUBA],
    ['Hausa', HAUSA],
    ['Igbo', IGBO],
  ])('keeps every %s letter and mark, read back as written', async (_language, name) => {
    const { text } = await pdfText(await certificate(name));
    expect(text.normalize('NFC')).toContain(name.normalize('NFC'));
    expect(text).not.toContain('?');
  });

  it('prints the naira sign and the tutor’s name with its marks', async () => {
    const { text } = await pdfText(await certificate('Ọlámídé Ṣàngó-Ẹ̀kọ́'));
    expect(text).toContain('(₦25,000)');
    expect(text).toContain('taught by Chiamaka Ụzọ');
  });

  it('keeps stacked marks whether the name came composed or decomposed', async () => {
    // "Ẹ̀" typed as E, dot below and grave (NFD) prints as the composed form.
    const decomposed = 'Ẹ̀kọ́'.normalize('NFD');
    const { text } = await pdfText(await certificate(decomposed));
    expect(text.normalize('NFC')).toContain('Ẹ̀kọ́'.normalize('NFC'));
  });

  it('embeds only the glyphs it draws, so the file stays small', async () => {
    const bytes = await certificate(`${YORUBA} ${HAUSA} ${IGBO}`);
    const { fonts } = await pdfText(bytes);
    expect(fonts).toEqual([expect.stringMatching(/^NotoSans-Bold/), expect.stringMatching(/^NotoSans-Regular/)]);
    // The whole of Noto Sans is about 500 KB a weight.
    expect(bytes.byteLength).toBeLessThan(120_000);
  });

  it('marks what no font here can draw with "?", not a blank box', async () => {
    const { text } = await pdfText(await certificate('李小龍 Ada'));
    expect(text).toContain('??? Ada');
  });
});
