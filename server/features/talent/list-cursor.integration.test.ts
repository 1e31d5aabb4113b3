import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { gigInput, listedTalent } from './testing/gig-fixtures';

/** Keyset paging of the gigs list and the talent directory (decision 082). */
let h: Harness;
let poster: Actor;
beforeAll(async () => {
  h = await createHarness();
  poster = await actor(h);
});
afterAll(() => h.close());

const post = async (title: string) => {
  const res = await as(h, poster)('POST', '/api/talent/gigs', gigInput({ title }));
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};

/** Every page from the first by `nextCursor`; `between` runs after the first page. */
async function walk(path: string, key: 'gigs' | 'talents', between?: () => Promise<void>) {
  const seen: string[] = [];
  let url = path;
  for (let i = 0; i < 20; i++) {
    const res = await as(h, null)('GET', url);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalCapped: false });
    seen.push(...body[key].map((x: { id: string }) => x.id));
    // Posted later than the first page (the harness clock stands still otherwise).
    if (i === 0 && between) {
      h.clock.advance(1_000);
      await between();
    }
    if (!body.nextCursor) return seen;
    url = `${path}&cursor=${encodeURIComponent(body.nextCursor)}`;
  }
  throw new Error('no last page');
}

describe('cursor paging', () => {
  it('gives every gig once across pages, by relevance and by newest, even while gigs are posted', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await post(`Quokka survey number ${i}`));
    const byWords = await walk('/api/talent/gigs?q=quokka&pageSize=3', 'gigs', async () => {
      await post('Quokka survey posted while paging');
    });
    expect(byWords).toHaveLength(7);
    expect(new Set(byWords)).toEqual(new Set(ids));
    // The same order as pages by number.
    const first = (await as(h, null)('GET', '/api/talent/gigs?q=quokka&pageSize=3')).json();
    expect(first.total).toBe(8);
    const newest = await walk('/api/talent/gigs?pageSize=4&q=survey', 'gigs');
    expect(new Set(newest).size).toBe(newest.length);
    expect(newest).toEqual(expect.arrayContaining(ids));
  });

  it('gives every talent once across pages', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (await listedTalent(h, { headline: `Wombat illustrator ${i}`, skills: ['css'], rate: 500_000 })).user.id,
      );
    const seen = await walk('/api/talent?q=wombat&pageSize=2', 'talents', async () => {
      await listedTalent(h, { headline: 'Wombat illustrator who joined late', skills: ['css'], rate: 500_000 });
    });
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(ids));
    const bySkill = await walk('/api/talent?skills=css&pageSize=2', 'talents');
    expect(new Set(bySkill).size).toBe(bySkill.length);
    expect(bySkill).toEqual(expect.arrayContaining(ids));
  });

  it('counts every match on a page past the end, asked by number (it has no row to carry the count)', async () => {
    for (let i = 0; i < 3; i++) await post(`Pangolin survey ${i}`);
    await listedTalent(h, { headline: 'Pangolin tracker', skills: ['css'], rate: 500_000 });
    const get = async (path: string) => (await as(h, null)('GET', path)).json();
    expect(await get('/api/talent/gigs?q=pangolin&page=9')).toMatchObject({ gigs: [], total: 3, nextCursor: null });
    expect(await get('/api/talent?q=pangolin&page=9')).toMatchObject({ talents: [], total: 1, nextCursor: null });
  });

  it('remembers for a minute that a search passed 10,000 gigs, then counts it again (decision 099)', async () => {
    await h.app.database.db.execute(sql`
      insert into gigs (poster_id, title, description, budget_type, budget_min, budget_max, currency, status, status_at,
                        created_at, updated_at)
      select ${poster.user.id}::uuid, 'Numbat mural ' || g, 'A wall to paint, number ' || g, 'fixed', 5000000, 9000000,
             'NGN', 'open', now(), now() - g * interval '1 second', now()
      from generate_series(1, 10001) g`);
    const get = async (path: string) => (await as(h, null)('GET', path)).json();
    expect(await get('/api/talent/gigs?q=numbat')).toMatchObject({ total: 10_000, totalCapped: true });
    await h.app.database.db.execute(
      sql`delete from gigs where title like 'Numbat mural %' and title <> 'Numbat mural 1'`,
    );
    // Within the minute the count is left out; past the minute it is counted again.
    expect(await get('/api/talent/gigs?q=numbat')).toMatchObject({ total: 10_000, totalCapped: true });
    h.clock.advance(60_000);
    expect(await get('/api/talent/gigs?q=numbat')).toMatchObject({ total: 1, totalCapped: false, nextCursor: null });
  });

  it('answers 400 with an error for a cursor it did not give', async () => {
    for (const path of ['/api/talent/gigs', '/api/talent']) {
      for (const bad of ['nonsense', Buffer.from('{"top":["x","y"],"n":1}').toString('base64url')]) {
        const res = await as(h, null)('GET', `${path}?cursor=${bad}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual(expect.any(String));
      }
    }
  });
});
