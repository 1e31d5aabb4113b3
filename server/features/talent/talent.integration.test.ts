import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { listedTalent, makeGig } from './testing/gig-fixtures';
import { uploaded } from '../roles/testing/role-fixtures';
import { pngImage } from '../uploads/testing/images';

/** The talent directory: search, filters, sorts, the profile page with reviews and open gigs. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
const talentWith = (opts: Parameters<typeof listedTalent>[1]) => listedTalent(h, opts);

describe('GET /api/talent', () => {
  it('lists talents with details, searches words and skills, filters rate and availability, sorts', async () => {
    const designer = await talentWith({ headline: 'Brand designer in Enugu', skills: ['css', 'html'], rate: 800_000 });
    const dev = await talentWith({
      headline: 'Backend developer, payments',
      skills: ['python', 'sql', 'postgresql'],
      rate: 1_500_000,
    });
    const busy = await talentWith({
      headline: 'Python tutor and analyst',
      skills: ['python'],
      rate: 500_000,
      availability: 'not_available',
    });
    // A member who took the role but never filled it in is not listed.
    const unlisted = await actor(h);
    await as(h, unlisted)('POST', '/api/user/roles', { role: 'talent' });

    const all = (await as(h, null)('GET', '/api/talent')).json();
    const ids = all.talents.map((t: { id: string }) => t.id);
    expect(ids).toEqual(expect.arrayContaining([designer.user.id, dev.user.id, busy.user.id]));
    expect(ids).not.toContain(unlisted.user.id);
    expect(all.talents.find((t: { id: string }) => t.id === dev.user.id)).toMatchObject({
      username: dev.user.username,
      headline: 'Backend developer, payments',
      hourlyRateMinor: 1_500_000,
      currency: 'NGN',
      skills: [{ slug: 'python' }, { slug: 'sql' }, { slug: 'postgresql' }],
      rating: null,
      completedGigs: 0,
    });

    const words = (await as(h, null)('GET', '/api/talent?q=designer')).json();
    expect(words.talents.map((t: { id: string }) => t.id)).toEqual([designer.user.id]);
    // Best match first: the developer holds both skills asked for, the tutor one.
    const skillsRes = await as(h, null)('GET', '/api/talent?skills=python,sql');
    expect(skillsRes.statusCode, skillsRes.body).toBe(200);
    const skills = skillsRes.json();
    expect(skills.talents.map((t: { id: string }) => t.id)).toEqual([dev.user.id, busy.user.id]);
    const cheap = (await as(h, null)('GET', '/api/talent?skills=python&maxRate=600000')).json();
    expect(cheap.talents.map((t: { id: string }) => t.id)).toEqual([busy.user.id]);
    const free = (await as(h, null)('GET', '/api/talent?skills=python&availability=available_now')).json();
    expect(free.talents.map((t: { id: string }) => t.id)).toEqual([dev.user.id]);
    const byRate = (await as(h, null)('GET', '/api/talent?skills=python,css&sort=rate_asc')).json();
    expect(byRate.talents.map((t: { id: string }) => t.id)).toEqual([busy.user.id, designer.user.id, dev.user.id]);
    expect(byRate).toMatchObject({ total: 3, page: 1, pageSize: 20 });
  });

  it('rolls up rating and completed gigs, filters a minimum rating, and shows reviews and open gigs on the page', async () => {
    const poster = await actor(h);
    const pro = await talentWith({ headline: 'Illustrator for children books', skills: ['html'], rate: 700_000 });
    const { id } = await makeGig(h, poster.user, 'completed', { talent: pro.user });
    await as(h, poster)('POST', `/api/talent/gigs/${id}/reviews`, { rating: 4, text: 'Lovely drawings, on time.' });
    await as(h, pro)('POST', `/api/talent/gigs/${id}/reviews`, { rating: 5, text: 'Clear brief.' });
    const open = await makeGig(h, pro.user, 'open', { input: { title: 'Proofreading for a picture book' } });

    const page = (await as(h, null)('GET', `/api/talent/${pro.user.id}`)).json();
    expect(page).toMatchObject({ id: pro.user.id, rating: 4, reviewCount: 1, completedGigs: 1, portfolio: [] });
    expect(page.reviews).toMatchObject([
      { rating: 4, text: 'Lovely drawings, on time.', author: { id: poster.user.id }, gigTitle: expect.any(String) },
    ]);
    expect(page.openGigs.map((g: { id: string }) => g.id)).toEqual([open.id]);
    const rated = (await as(h, null)('GET', '/api/talent?minRating=4')).json();
    expect(rated.talents.map((t: { id: string }) => t.id)).toEqual([pro.user.id]);
  });

  it('filters by location (a state code), with the other filters; an unknown code is a 400', async () => {
    const inKano = await talentWith({ headline: 'Hausa translator', skills: ['translation'], rate: 400_000 });
    const inOyo = await talentWith({ headline: 'Yoruba translator', skills: ['translation'], rate: 400_000 });
    expect((await as(h, inKano)('PATCH', '/api/user/profile', { location: 'kano' })).statusCode).toBe(200);
    expect((await as(h, inOyo)('PATCH', '/api/user/profile', { location: 'oyo' })).statusCode).toBe(200);
    const kano = (await as(h, null)('GET', '/api/talent?location=kano&skills=translation')).json();
    expect(kano.talents.map((t: { id: string }) => t.id)).toEqual([inKano.user.id]);
    expect(kano.total).toBe(1);
    expect((await as(h, null)('GET', '/api/talent?location=kano&q=yoruba')).json().talents).toEqual([]);
    const bad = await as(h, null)('GET', '/api/talent?location=mars');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(expect.any(String));
  });

  it('answers 404 for a hidden talent, a member who is not a talent and an unknown id; the talent still sees their own', async () => {
    const hidden = await talentWith({ headline: 'Hidden away', skills: [], rate: 100_000 });
    await h.services.accounts.suspend(hidden.user.id, { reason: 'Under review', restrictions: ['profile_hidden'] });
    expect((await as(h, null)('GET', `/api/talent/${hidden.user.id}`)).statusCode).toBe(404);
    expect((await as(h, null)('GET', '/api/talent?q=hidden')).json().talents).toEqual([]);
    const plain = await actor(h);
    expect((await as(h, null)('GET', `/api/talent/${plain.user.id}`)).statusCode).toBe(404);
    expect((await as(h, null)('GET', '/api/talent/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const admin = await actor(h, 'admin');
    expect((await as(h, admin)('GET', `/api/talent/${hidden.user.id}`)).statusCode).toBe(200);
  });
});

describe('gig_posted', () => {
  it('tells talents whose skills match a new gig, at most 5 a day each, in one job', async () => {
    const poster = await actor(h);
    const matching = await talentWith({ headline: 'Rust developer', skills: ['rust', 'go'], rate: 900_000 });
    const other = await talentWith({ headline: 'Swift developer', skills: ['swift'], rate: 900_000 });
    for (let i = 0; i < 6; i++)
      await makeGig(h, poster.user, 'open', { input: { title: `Rust service number ${i + 1}`, skills: ['rust'] } });
    await h.jobs.runDue();
    const posted = async (who: Actor) =>
      (await as(h, who)('GET', '/api/notifications?limit=50'))
        .json()
        .notifications.filter((n: { type: string }) => n.type === 'gig_posted');
    const heard = await posted(matching);
    expect(heard).toHaveLength(5);
    expect(heard[0]).toMatchObject({
      title: 'A new gig matches your skills',
      message: expect.stringContaining('Rust service number'),
    });
    expect(await posted(other)).toEqual([]);
    expect(await posted(poster)).toEqual([]);
  });

  it('skips a talent who turned gig_posted off in their preferences; the others still hear, capped at 5', async () => {
    const poster = await actor(h);
    const quiet = await talentWith({ headline: 'Elixir developer, quiet', skills: ['elixir'], rate: 900_000 });
    const keen = await talentWith({ headline: 'Elixir developer, keen', skills: ['elixir'], rate: 900_000 });
    const off = await as(h, quiet)('PUT', '/api/notifications/preferences', {
      preferences: [{ type: 'gig_posted', inApp: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().preferences.find((p: { type: string }) => p.type === 'gig_posted')).toEqual({
      type: 'gig_posted',
      email: false,
      inApp: false,
    });
    for (let i = 0; i < 6; i++)
      await makeGig(h, poster.user, 'open', { input: { title: `Elixir worker number ${i + 1}`, skills: ['elixir'] } });
    await h.jobs.runDue();
    const posted = async (who: Actor) =>
      (await as(h, who)('GET', '/api/notifications?limit=50'))
        .json()
        .notifications.filter((n: { type: string }) => n.type === 'gig_posted');
    expect(await posted(quiet)).toEqual([]);
    expect(await posted(keen)).toHaveLength(5);

    // Turned back on, the next gig reaches them; the email choice made meanwhile is kept.
    await as(h, quiet)('PUT', '/api/notifications/preferences', { preferences: [{ type: 'gig_posted', email: true }] });
    const on = await as(h, quiet)('PUT', '/api/notifications/preferences', {
      preferences: [{ type: 'gig_posted', inApp: true }],
    });
    expect(on.json().preferences.find((p: { type: string }) => p.type === 'gig_posted')).toEqual({
      type: 'gig_posted',
      email: true,
      inApp: true,
    });
    await makeGig(h, poster.user, 'open', { input: { title: 'Elixir worker number 7', skills: ['elixir'] } });
    await h.jobs.runDue();
    expect(await posted(quiet)).toHaveLength(1);
    expect(await posted(keen)).toHaveLength(5);
  });

  it('only gig_posted can be turned off in the app: other types answer 400 with the field', async () => {
    const who = await actor(h);
    const res = await as(h, who)('PUT', '/api/notifications/preferences', {
      preferences: [{ type: 'payment_received', inApp: false }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
    const prefs = (await as(h, who)('GET', '/api/notifications/preferences')).json().preferences;
    expect(prefs.every((p: { inApp: boolean }) => p.inApp)).toBe(true);
  });
});

describe('portfolio', () => {
  it('a talent adds items with their own images, shown on their page; others cannot use their images or remove items', async () => {
    const pro = await talentWith({ headline: 'Photographer', skills: ['photography'], rate: 600_000 });
    const image = await uploaded(h, pro, 'image', await pngImage(64, 48), 'shoot.png');
    const made = await as(h, pro)('POST', '/api/talent/portfolio', {
      title: 'Wedding in Calabar',
      description: 'Two days, 600 photos.',
      link: 'https://example.com/calabar',
      imageUploadIds: [image.id],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      title: 'Wedding in Calabar',
      images: [{ id: image.id, srcset: expect.any(String) }],
    });
    const page = (await as(h, null)('GET', `/api/talent/${pro.user.id}`)).json();
    expect(page.portfolio).toMatchObject([{ title: 'Wedding in Calabar', link: 'https://example.com/calabar' }]);

    const other = await talentWith({ headline: 'Copycat', skills: [], rate: 100_000 });
    expect(
      (await as(h, other)('POST', '/api/talent/portfolio', { title: 'Not mine', imageUploadIds: [image.id] }))
        .statusCode,
    ).toBe(400);
    expect((await as(h, other)('DELETE', `/api/talent/portfolio/${made.json().id}`)).statusCode).toBe(404);
    const plain = await actor(h);
    expect((await as(h, plain)('POST', '/api/talent/portfolio', { title: 'No role' })).statusCode).toBe(403);
    expect(
      (await as(h, pro)('POST', '/api/talent/portfolio', { title: 'Bad link', link: 'javascript:alert(1)' }))
        .statusCode,
    ).toBe(400);
    expect((await as(h, pro)('DELETE', `/api/talent/portfolio/${made.json().id}`)).statusCode).toBe(204);
    expect((await as(h, null)('GET', `/api/talent/${pro.user.id}`)).json().portfolio).toEqual([]);
  });
});
