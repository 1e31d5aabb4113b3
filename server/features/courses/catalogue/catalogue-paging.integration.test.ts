import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, makeCourse, type Actor } from '../testing/course-fixtures';

/**
 * The catalogue at scale (decision 085): the stored words follow the course, ranking over the
 * newest matches, the capped count and keyset paging, through the HTTP stack.
 */
let h: Harness;
let tutor: Actor;
let admin: Actor;
const db = () => h.app.database.db;

beforeAll(async () => {
  h = await createHarness();
  tutor = await actor(h, 'tutor');
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

const get = async (url: string, who: Actor | null = null) => {
  const res = await h.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  return { status: res.statusCode, body: res.json() };
};
const ids = (body: { courses: Array<{ id: string }> }) => body.courses.map((c) => c.id);

/** `n` published courses in one statement, with ties on published_at, a spread of ratings and prices, and a stronger match every fifth. */
async function seedCourses(n: number, word: string) {
  await db().execute(sql`
    insert into courses (tutor_id, title, summary, description, category, level, language, price_minor, status,
                         published_at, rating_average, rating_count)
    select ${tutor.user.id}::uuid,
           case when g % 5 = 0 then ${word} || ' ' || ${word} || ' masterclass ' || g else ${word} || ' basics ' || g end,
           'Learn it well.', 'Number ' || g, 'business', 'beginner', 'en', (g % 4) * 100000, 'published',
           timestamptz '2026-01-01' + (g / 3) * interval '1 second',
           case when g % 6 = 0 then null else 3 + (g % 20) / 10.0 end, g % 7
    from generate_series(1, ${n}::int) g`);
}

/** Every page by `nextCursor`, and every page by number: the same rows in the same order, each once. */
async function walkBoth(path: string) {
  const byCursor: string[] = [];
  let url = path;
  for (;;) {
    const { status, body } = await get(url);
    expect(status).toBe(200);
    byCursor.push(...ids(body));
    if (!body.nextCursor) break;
    url = `${path}&cursor=${encodeURIComponent(body.nextCursor)}`;
  }
  const first = (await get(path)).body;
  const byPage: string[] = [];
  for (let page = 1; page <= Math.ceil(first.total / first.pageSize); page++)
    byPage.push(...ids((await get(`${path}&page=${page}`)).body));
  expect(new Set(byCursor).size).toBe(byCursor.length);
  expect(byCursor).toHaveLength(first.total);
  expect(byCursor).toEqual(byPage);
  const page20 = (await get(`${path}&page=20`)).body;
  const next = (await get(`${path}&cursor=${encodeURIComponent(page20.nextCursor)}`)).body;
  expect(ids(next)).toEqual(byPage.slice(20 * first.pageSize, 21 * first.pageSize));
  return byCursor;
}

describe('stored words', () => {
  it('follow the course as its tutor edits it', async () => {
    const made = await makeCourse(h, tutor.user, { admin: admin.user, input: { title: 'Pottery at home' } });
    expect(ids((await get('/api/courses?q=pottery')).body)).toEqual([made.id]);
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/courses/${made.id}`,
      headers: { cookie: tutor.cookie },
      payload: { title: 'Weaving at home' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/courses?q=pottery')).body).toMatchObject({ courses: [], total: 0, nextCursor: null });
    expect(ids((await get('/api/courses?q=weaving')).body)).toEqual([made.id]);
  });
});

describe('ranking', () => {
  it('puts a title match above a newer summary match', async () => {
    const older = await makeCourse(h, tutor.user, { admin: admin.user, input: { title: 'Okra growing' } });
    h.clock.advance(60_000);
    const newer = await makeCourse(h, tutor.user, {
      admin: admin.user,
      input: { title: 'Market gardens', summary: 'Grow tomatoes, okra and peppers.' },
    });
    expect(ids((await get('/api/courses?q=okra')).body)).toEqual([older.id, newer.id]);
    expect(ids((await get('/api/courses?q=okra&sort=newest')).body)).toEqual([newer.id, older.id]);
  });
});

describe('paging', () => {
  it('gives every course once by cursor, in the order of pages by number, for every sort', async () => {
    await seedCourses(1_030, 'okapi');
    const byWords = await walkBoth('/api/courses?q=okapi&pageSize=50');
    expect(byWords).toHaveLength(1_030);
    // Past the candidates by cursor (decision 095), through the prepared statement: the walk
    // fills rows 1,002-1,029, and the last page (1,030 alone) comes through the words' index.
    let cursor = (await get('/api/courses?q=okapi&pageSize=7&page=143')).body.nextCursor as string | null;
    const past: string[] = [];
    while (cursor) {
      const { body } = await get(`/api/courses?q=okapi&pageSize=7&cursor=${encodeURIComponent(cursor)}`);
      past.push(...ids(body));
      cursor = body.nextCursor;
    }
    expect(past).toEqual(byWords.slice(1_001));
    for (const sort of ['newest', 'rating', 'price_asc', 'price_desc'])
      await walkBoth(`/api/courses?q=okapi&sort=${sort}&pageSize=50`);
  });

  it('keeps the pages of the first answer while courses are published', async () => {
    const first = (await get('/api/courses?q=okapi&pageSize=50')).body;
    await db().execute(sql`
      insert into courses (tutor_id, title, summary, category, level, status, published_at)
      values (${tutor.user.id}::uuid, 'okapi okapi okapi', 'New.', 'business', 'beginner', 'published', timestamptz '2027-01-01')`);
    const seen = [...ids(first)];
    let cursor: string | null = first.nextCursor;
    while (cursor) {
      const { body } = await get(`/api/courses?q=okapi&pageSize=50&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...ids(body));
      cursor = body.nextCursor;
    }
    expect(seen).toHaveLength(1_030);
    expect(new Set(seen).size).toBe(1_030);
    expect((await get('/api/courses?q=okapi&pageSize=50')).body.total).toBe(1_031);
  });

  it('counts to 10,000 and says the count stops there', async () => {
    await seedCourses(10_001, 'capybara');
    for (const path of ['/api/courses?q=capybara', '/api/courses?q=capybara&sort=rating', '/api/courses']) {
      const { body } = await get(path);
      expect(body).toMatchObject({ total: 10_000, totalCapped: true, nextCursor: expect.any(String) });
    }
    const deep = (await get('/api/courses?q=capybara&page=30&pageSize=50')).body;
    const after = (await get(`/api/courses?q=capybara&pageSize=50&cursor=${encodeURIComponent(deep.nextCursor)}`)).body;
    expect(ids(after)).toEqual(ids((await get('/api/courses?q=capybara&page=31&pageSize=50')).body));
    const past = (await get('/api/courses?q=capybara&page=600&pageSize=20')).body;
    expect(past).toMatchObject({ courses: [], total: 10_000, totalCapped: true, nextCursor: null });
    expect((await get('/api/courses?q=okra')).body).toMatchObject({ total: 2, totalCapped: false, nextCursor: null });
  });

  it('answers 400 with an error for a cursor it did not give', async () => {
    for (const bad of ['nonsense', Buffer.from('{"top":["x","y"],"n":1}').toString('base64url')]) {
      const { status, body } = await get(`/api/courses?cursor=${bad}`);
      expect(status).toBe(400);
      expect(body.error).toEqual(expect.any(String));
      expect(body.fields.cursor).toEqual(expect.any(String));
    }
  });

  it('pages for a visitor, a member, a tutor and an admin alike', async () => {
    for (const who of [null, await actor(h, 'general'), tutor, admin]) {
      const { status, body } = await get('/api/courses?q=okapi&pageSize=5', who);
      expect(status).toBe(200);
      expect(body).toMatchObject({ total: 1_031, totalCapped: false, page: 1, pageSize: 5 });
      const next = await get(`/api/courses?q=okapi&pageSize=5&cursor=${encodeURIComponent(body.nextCursor)}`, who);
      expect(next.status).toBe(200);
      expect(ids(next.body)).toHaveLength(5);
      expect(ids(next.body).filter((id) => ids(body).includes(id))).toEqual([]);
    }
  });
});
