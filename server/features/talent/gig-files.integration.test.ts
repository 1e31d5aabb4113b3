import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminLogin, createHarness, login, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { bidInput, gigFile, gigInput } from './testing/gig-fixtures';

/** A gig's attachments (public with the gig) and a delivery's files (private to its two sides). */
let h: Harness;
let poster: Actor;
let talent: Actor;
let stranger: Actor;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  poster = await actor(h);
  talent = await actor(h, 'talent');
  stranger = await actor(h);
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());
beforeEach(async () => {
  for (const a of [poster, talent, stranger]) a.cookie = await login(h, a.user.username);
  admin.cookie = await adminLogin(h, admin.user.email);
});

const fetchFile = (who: Actor | null, url: string) => as(h, who)('GET', url);

async function hired(attachmentUploadIds: string[] = []) {
  const res = await as(h, poster)('POST', '/api/talent/gigs', gigInput({ attachmentUploadIds }));
  expect(res.statusCode, res.body).toBe(201);
  const gig = res.json();
  const bid = (await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/bids`, bidInput())).json();
  expect((await as(h, poster)('POST', `/api/talent/bids/${bid.id}/accept`)).statusCode).toBe(200);
  return gig as { id: string; attachments: Array<{ id: string; url: string; name: string; kind: string }> };
}

describe('attachments on a gig', () => {
  it('posts a gig with an image and a PDF, in order, shown to anyone who sees the gig', async () => {
    const png = await gigFile(h, poster, 'png', { name: 'sketch.png' });
    const doc = await gigFile(h, poster, 'pdf', { name: 'brief.pdf' });
    const gig = await hired([doc.id, png.id]);
    expect(gig.attachments.map((a) => [a.name, a.kind])).toEqual([
      ['brief.pdf', 'document'],
      ['sketch.png', 'image'],
    ]);
    const seen = (await as(h, null)('GET', `/api/talent/gigs/${gig.id}`)).json();
    expect(seen.attachments.map((a: { id: string }) => a.id)).toEqual([doc.id, png.id]);
    // The PDF is not a public kind: the gig's reader lets a visitor and a stranger download it.
    for (const who of [null, stranger]) expect((await fetchFile(who, doc.url)).statusCode).toBe(200);
  });

  it("refuses another member's upload, a private one, an unknown id and more than 5 files", async () => {
    const theirs = await gigFile(h, stranger, 'pdf');
    const privateOne = await gigFile(h, poster, 'png', { private: true });
    for (const ids of [[theirs.id], [privateOne.id], ['00000000-0000-4000-8000-000000000000']]) {
      const res = await as(h, poster)('POST', '/api/talent/gigs', gigInput({ attachmentUploadIds: ids }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: expect.any(String),
        fields: { attachmentUploadIds: expect.any(String) },
      });
    }
    const six = await Promise.all(Array.from({ length: 6 }, () => gigFile(h, poster, 'pdf')));
    const res = await as(h, poster)(
      'POST',
      '/api/talent/gigs',
      gigInput({ attachmentUploadIds: six.map((u) => u.id) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.attachmentUploadIds).toBe('At most 5 files');
  });

  it('keeps linked files through garbage collection, and only those', async () => {
    const doc = await gigFile(h, poster, 'pdf');
    const unused = await gigFile(h, poster, 'pdf');
    const gig = await hired([doc.id]);
    const shot = await gigFile(h, talent, 'png', { private: true });
    expect(
      (await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/deliver`, { note: 'Done.', fileUploadIds: [shot.id] }))
        .statusCode,
    ).toBe(200);
    h.clock.advance(3 * 24 * 60 * 60_000);
    await h.services.uploads.collectGarbage();
    for (const a of [poster, talent]) a.cookie = await login(h, a.user.username);
    expect((await fetchFile(null, doc.url)).statusCode).toBe(200);
    expect((await fetchFile(poster, shot.url)).statusCode).toBe(200);
    expect((await fetchFile(poster, unused.url)).statusCode).toBe(404);
  });
});

describe('files of a delivery', () => {
  it('are private: the poster and the talent read them, nobody else, and a new delivery replaces them', async () => {
    const gig = await hired();
    const shot = await gigFile(h, talent, 'png', { private: true, name: 'final.png' });
    const doc = await gigFile(h, talent, 'pdf', { private: true, name: 'final.pdf' });
    const res = await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/deliver`, {
      note: 'Logo and guide attached.',
      fileUploadIds: [shot.id, doc.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deliveryFiles.map((f: { name: string }) => f.name)).toEqual(['final.png', 'final.pdf']);
    expect((await as(h, poster)('GET', `/api/talent/gigs/${gig.id}`)).json().deliveryFiles).toHaveLength(2);
    for (const who of [null, stranger])
      expect((await as(h, who)('GET', `/api/talent/gigs/${gig.id}`)).json().deliveryFiles).toEqual([]);
    for (const file of [shot, doc]) {
      expect((await fetchFile(poster, file.url)).statusCode).toBe(200);
      expect((await fetchFile(null, file.url)).statusCode).toBe(404);
      expect((await fetchFile(stranger, file.url)).statusCode).toBe(404);
    }
    expect(
      (await as(h, poster)('POST', `/api/talent/gigs/${gig.id}/request-changes`, { note: 'Darker blue.' })).statusCode,
    ).toBe(200);
    const again = await gigFile(h, talent, 'pdf', { private: true, name: 'final-2.pdf' });
    const redelivered = await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/deliver`, {
      note: 'Darker now.',
      fileUploadIds: [again.id],
    });
    expect(redelivered.json().deliveryFiles.map((f: { name: string }) => f.name)).toEqual(['final-2.pdf']);
    expect((await fetchFile(poster, doc.url)).statusCode).toBe(404);
  });

  it('must be private uploads of the talent', async () => {
    const gig = await hired();
    const publicOne = await gigFile(h, talent, 'png');
    const posters = await gigFile(h, poster, 'pdf', { private: true });
    for (const ids of [[publicOne.id], [posters.id]]) {
      const res = await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/deliver`, {
        note: 'Done.',
        fileUploadIds: ids,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toMatchObject({ fileUploadIds: expect.any(String) });
    }
    expect((await as(h, poster)('GET', `/api/talent/gigs/${gig.id}`)).json().status).toBe('in_progress');
  });
});

describe('the note of a delivery', () => {
  const noteSeenBy = async (who: Actor | null, gigId: string) => {
    const res = await as(h, who)('GET', `/api/talent/gigs/${gigId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().deliveryNote as string | null;
  };

  it('follows its files: the poster and the talent read it, an admin once disputed, nobody else', async () => {
    const gig = await hired();
    const note = 'The password of the shared drive is hunter2.';
    expect((await as(h, talent)('POST', `/api/talent/gigs/${gig.id}/deliver`, { note })).statusCode).toBe(200);
    for (const who of [poster, talent]) expect(await noteSeenBy(who, gig.id)).toBe(note);
    for (const who of [null, stranger, admin]) expect(await noteSeenBy(who, gig.id)).toBeNull();

    expect((await as(h, poster)('POST', `/api/talent/gigs/${gig.id}/dispute`, { note: 'Not it.' })).statusCode).toBe(
      200,
    );
    for (const who of [poster, talent, admin]) expect(await noteSeenBy(who, gig.id)).toBe(note);
    for (const who of [null, stranger]) expect(await noteSeenBy(who, gig.id)).toBeNull();
  });
});
