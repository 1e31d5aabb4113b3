import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, login, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { chatMember } from '../chat/testing/chat-clients';
import { bidInput, gigInput } from '../talent/testing/gig-fixtures';
import * as files from './testing/documents';
import { pngImage } from './testing/images';
import { multipart } from './testing/upload-requests';

/** Attachments (decision 053): gig files and chat carry pictures and documents of every common kind. */
let h: Harness;
let poster: Actor;
let talent: Actor;
let stranger: Actor;
beforeAll(async () => {
  h = await createHarness();
  poster = await actor(h);
  talent = await actor(h, 'talent');
  stranger = await actor(h);
});
afterAll(() => h.close());
beforeEach(async () => {
  for (const a of [poster, talent, stranger]) a.cookie = await login(h, a.user.username);
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function attach(cookie: string | undefined, content: Buffer, name: string, isPrivate = true) {
  const { payload, headers } = multipart(content, name);
  return h.app.inject({
    method: 'POST',
    url: `/api/uploads?kind=attachment${isPrivate ? '&private=true' : ''}`,
    payload,
    headers: { ...headers, cookie },
  });
}

describe('POST /api/uploads?kind=attachment', () => {
  it('stores a document as an attachment and a picture as an image with its copies', async () => {
    const sheet = await attach(talent.cookie, files.xlsx(), 'report.xlsx');
    expect(sheet.statusCode, sheet.body).toBe(201);
    expect(sheet.json()).toMatchObject({ kind: 'attachment', name: 'report.xlsx', contentType: XLSX });
    expect(sheet.json().url).toMatch(/\.xlsx$/);
    const photo = await attach(talent.cookie, await pngImage(400, 300), 'photo.png', false);
    expect(photo.json()).toMatchObject({ kind: 'image', contentType: 'image/png', srcset: expect.any(String) });
  });

  it('refuses a program renamed .docx with a sentence that lists what is allowed', async () => {
    const res = await attach(talent.cookie, files.exe(), 'letter.docx');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(
      'This file is not an accepted attachment: choose a picture (PNG, JPEG, WebP or GIF up to 5 MB) or a PDF, Word, Excel, PowerPoint, OpenDocument, CSV, text or ZIP file up to 20 MB.',
    );
  });

  it('refuses a ZIP bomb (413) and a ZIP inside a ZIP (415), saying why', async () => {
    const bomb = await attach(talent.cookie, files.declaring(files.plainZip(), 200 * 1024 * 1024), 'bomb.zip');
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().error).toMatch(/unpacks to more than 250 MB/);
    const nested = await attach(talent.cookie, files.zipOf({ 'inner.zip': files.plainZip() }), 'outer.zip');
    expect(nested.statusCode).toBe(415);
    expect(nested.json().error).toMatch(/^This ZIP holds another archive \(inner\.zip\)/);
  });

  it('refuses a picture over 5 MB even under the documents’ 20 MB', async () => {
    const big = Buffer.concat([await pngImage(64, 64), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await attach(talent.cookie, big, 'huge.png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('The file is too large: choose a PNG, JPEG, WebP or GIF up to 5 MB.');
  });
});

describe('a gig delivered as an Excel workbook', () => {
  it('reaches the poster as a download, never a page, and nobody else', async () => {
    const gig = (await as(h, poster)('POST', '/api/talent/gigs', gigInput())).json();
    const bid = (await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/bids`, bidInput())).json();
    expect((await as(h, poster)('POST', `/api/talent/bids/${bid.id}/accept`)).statusCode).toBe(200);
    const workbook = files.xlsx();
    const sheet = (await attach(talent.cookie, workbook, 'report.xlsx')).json();
    const res = await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/deliver`, {
      note: 'The figures are in the workbook.',
      fileUploadIds: [sheet.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deliveryFiles).toMatchObject([{ name: 'report.xlsx', kind: 'attachment', contentType: XLSX }]);
    const got = await as(h, poster)('GET', sheet.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe(XLSX);
    expect(got.headers['content-disposition']).toBe(`attachment; filename="report.xlsx"; filename*=UTF-8''report.xlsx`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(workbook)).toBe(true);
    // Even a PDF-only view request does not open a workbook inline.
    expect((await as(h, poster)('GET', `${sheet.url}?view=inline`)).headers['content-disposition']).toMatch(
      /^attachment;/,
    );
    expect((await as(h, stranger)('GET', sheet.url)).statusCode).toBe(404);
  });
});

describe('a Word document in chat', () => {
  it('is sent, and downloaded by the other member only, as an attachment', async () => {
    const [a, b] = [await chatMember(h), await chatMember(h)];
    const id = (await a.start(b.user.id)).json().id as string;
    const up = await attach(a.cookie, files.docx(), 'Ìwé àdéhùn.docx');
    expect(up.statusCode, up.body).toBe(201);
    const sent = await a.send(id, { body: 'The contract', attachmentUploadId: up.json().id });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().attachment).toMatchObject({ kind: 'attachment', name: 'Ìwé àdéhùn.docx', contentType: DOCX });
    const got = await h.app.inject({ url: sent.json().attachment.url, headers: { cookie: b.cookie } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe(DOCX);
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="Iwe adehun.docx"; filename\*=UTF-8''/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const outsider = await chatMember(h);
    expect(
      (await h.app.inject({ url: sent.json().attachment.url, headers: { cookie: outsider.cookie } })).statusCode,
    ).toBe(404);
  });

  it('refuses a document uploaded in public as an attachment: it would not be private to the two', async () => {
    const [a, b] = [await chatMember(h), await chatMember(h)];
    const id = (await a.start(b.user.id)).json().id as string;
    const up = await attach(a.cookie, files.csv(), 'totals.csv', false);
    const refused = await a.send(id, { body: '', attachmentUploadId: up.json().id });
    expect(refused.statusCode).toBe(400);
  });
});
