import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { pngImage } from '../uploads/testing/images';
import { multipart } from '../uploads/testing/upload-requests';

let h: Harness;
let ada: Actor;
let ben: Actor;
let admin: Actor;

beforeAll(async () => {
  h = await createHarness();
  [ada, ben, admin] = [await actor(h), await actor(h), await actor(h, 'admin')];
});
afterAll(() => h.close());
afterEach(() => h.clock.reset());

const DAY = 24 * 3_600_000;
const patch = (who: Actor, body: object) => as(h, who)('PATCH', '/api/user/profile', body);
const profileOf = (who: Actor | null, username: string) => as(h, who)('GET', `/api/users/${username}`);

async function uploadAvatar(who: Actor, image: Buffer) {
  const form = multipart(image, 'me.png');
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/uploads?kind=avatar',
    payload: form.payload,
    headers: { ...form.headers, cookie: who.cookie, origin: h.config.appUrl },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string; srcset: string };
}

describe('editing one’s profile', () => {
  it('saves every field sent, keeps the rest, and shows it to another member', async () => {
    const res = await patch(ada, {
      fullName: 'Adaeze Okafor',
      headline: 'Tailor and pattern cutter',
      bio: 'I make **bespoke** agbada and kaftans.',
      location: 'enugu',
      skills: ['tailoring', 'fashion-design', 'javascript'],
      links: { website: 'https://ada.example.ng', github: '' },
      languages: ['en', 'ig'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      username: ada.user.username,
      fullName: 'Adaeze Okafor',
      location: 'enugu',
      skills: [
        { slug: 'tailoring', name: 'Tailoring' },
        { slug: 'fashion-design', name: 'Fashion design' },
        { slug: 'javascript', name: 'JavaScript' },
      ],
      links: { website: 'https://ada.example.ng' },
      languages: ['en', 'ig'],
      roles: ['general'],
    });
    expect((await patch(ada, { headline: 'Tailor' })).json()).toMatchObject({
      headline: 'Tailor',
      bio: 'I make **bespoke** agbada and kaftans.',
      location: 'enugu',
    });
    const seen = await profileOf(ben, ada.user.username.toUpperCase());
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      fullName: 'Adaeze Okafor',
      headline: 'Tailor',
      skills: expect.arrayContaining([{ slug: 'tailoring', name: 'Tailoring' }]),
    });
    expect(seen.body).not.toContain(ada.user.email);
    // The name is the account's: the session's user and every people() join follow it.
    expect((await as(h, ada)('GET', '/api/user')).json().fullName).toBe('Adaeze Okafor');
  });

  it('refuses bad fields by name, and changes nothing', async () => {
    const res = await patch(ben, {
      fullName: 'Bo',
      location: 'atlantis',
      links: { linkedin: 'javascript:alert(1)', website: 'ftp://files.example.com' },
      languages: ['xx'],
      headline: 'x'.repeat(121),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(
      ['fullName', 'headline', 'languages.0', 'links.linkedin', 'links.website', 'location'].sort(),
    );
    const unknown = await patch(ben, { headline: 'Changed', skills: ['javascript', 'underwater-basket-weaving'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.skills).toContain('underwater-basket-weaving');
    expect((await profileOf(ben, ben.user.username)).json().headline).toBe('');
  });
});

describe('saving twice at once (a double click, two tabs)', () => {
  it('answers both, and the skills are one save’s whole list, never a mix or a 500', async () => {
    const cy = await actor(h);
    const lists = [
      ['tailoring', 'fashion-design', 'javascript'],
      ['javascript', 'fashion-design', 'tailoring'],
      ['tailoring', 'javascript'],
    ];
    const answers = await Promise.all([...lists, ...lists].map((skills) => patch(cy, { headline: 'Tailor', skills })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const saved = (await profileOf(cy, cy.user.username)).json().skills.map((x: { slug: string }) => x.slug);
    expect(lists).toContainEqual(saved);
  });
});

describe('the avatar', () => {
  it('is cropped square at each size, set with the profile, and kept from garbage collection', async () => {
    const upload = await uploadAvatar(ben, await pngImage(900, 600));
    expect(upload.url).toMatch(/\.webp$/);
    for (const [url, size] of [
      [upload.url, 512],
      [upload.url.replace('.webp', '-256w.webp'), 256],
      [upload.url.replace('.webp', '-128w.webp'), 128],
    ] as const) {
      const file = await h.app.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: size, height: size, format: 'webp' });
    }
    const small = await uploadAvatar(ben, await pngImage(90, 200));
    expect(await sharp((await h.app.inject({ method: 'GET', url: small.url })).rawPayload).metadata()).toMatchObject({
      width: 90,
      height: 90,
    });

    const res = await patch(ben, { avatarUploadId: upload.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      avatarUrl: upload.url.replace('.webp', '-128w.webp'),
      avatarSrcset: upload.srcset,
    });
    expect((await as(h, ben)('GET', '/api/user')).json().avatarUrl).toBe(upload.url.replace('.webp', '-128w.webp'));

    h.clock.advance(2 * DAY);
    await h.services.uploads.collectGarbage();
    expect((await h.app.inject({ method: 'GET', url: upload.url })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: small.url })).statusCode).toBe(404);
  });

  it("refuses another member's upload, an image that is not an avatar, and removes the picture with null", async () => {
    const theirs = await uploadAvatar(ada, await pngImage(64, 64));
    expect((await patch(ben, { avatarUploadId: theirs.id })).json()).toMatchObject({
      fields: { avatarUploadId: expect.any(String) },
    });
    const form = multipart(await pngImage(64, 64), 'a.png');
    const image = await h.app.inject({
      method: 'POST',
      url: '/api/uploads?kind=image',
      payload: form.payload,
      headers: { ...form.headers, cookie: ben.cookie, origin: h.config.appUrl },
    });
    expect((await patch(ben, { avatarUploadId: image.json().id })).statusCode).toBe(400);
    const pdf = multipart(Buffer.from('%PDF-1.7\n'), 'a.png');
    const refused = await h.app.inject({
      method: 'POST',
      url: '/api/uploads?kind=avatar',
      payload: pdf.payload,
      headers: { ...pdf.headers, cookie: ben.cookie, origin: h.config.appUrl },
    });
    expect(refused.statusCode).toBe(415);
    expect((await patch(ben, { avatarUploadId: null })).json()).toMatchObject({ avatarUrl: null, avatarSrcset: null });
  });
});

describe('who sees a profile', () => {
  it('is a 404 for hidden and deleted members, except to themselves and admins', async () => {
    const carl = await actor(h);
    await h.services.accounts.suspend(carl.user.id, { reason: 'Spam', restrictions: ['profile_hidden'] });
    expect((await profileOf(ben, carl.user.username)).statusCode).toBe(404);
    expect((await profileOf(ben, carl.user.username)).json().error).toBe('This profile is not available.');
    expect((await profileOf(carl, carl.user.username)).statusCode).toBe(200);
    expect((await profileOf(admin, carl.user.username)).statusCode).toBe(200);
    await h.services.accounts.lift(carl.user.id);
    expect((await profileOf(ben, carl.user.username)).statusCode).toBe(200);
    await h.services.accounts.setDisplay(carl.user.id, {});
    expect((await profileOf(ben, 'nobody-here')).statusCode).toBe(404);
  });
});

describe('data export and erasure', () => {
  it('exports what the member entered and erases it', async () => {
    const dee = await actor(h);
    await patch(dee, {
      headline: 'Solar installer',
      skills: ['solar-installation'],
      links: { portfolio: 'https://dee.example.com' },
    });
    const { profiles } = h.services;
    const db = h.app.database.db;
    expect(await profiles.exportProfile(dee.user.id, db)).toMatchObject({
      headline: 'Solar installer',
      skills: [{ slug: 'solar-installation', name: 'Solar installation' }],
      links: { portfolio: 'https://dee.example.com' },
    });
    await profiles.eraseProfile(dee.user.id, db);
    expect(await profiles.exportProfile(dee.user.id, db)).toMatchObject({
      headline: '',
      skills: [],
      links: {},
      updatedAt: null,
    });
  });
});
