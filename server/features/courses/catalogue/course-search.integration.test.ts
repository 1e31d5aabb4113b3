import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCourseInput } from '#shared/courses/courses.schemas';
import { createHarness, type Harness } from '#server/test/harness';
import { countSql, type SqlCounter } from '../../../../bench/sql-counter';
import { actor, as, makeCourse, type Actor } from '../testing/course-fixtures';

/** The catalogue on a small seeded set whose every answer is known. */
let h: Harness;
let tutor: Actor;
/** Installed first: prepared statements keep the logger they were prepared with. */
let counter: SqlCounter;
const ids: Record<string, string> = {};

const CATALOGUE: Array<[key: string, input: Partial<TCourseInput>]> = [
  [
    'titleMatch',
    {
      title: 'Cassava processing for profit',
      summary: 'Turn harvests into garri and flour.',
      category: 'agriculture',
      level: 'beginner',
    },
  ],
  [
    'descriptionMatch',
    {
      title: 'Farm records made simple',
      summary: 'Keep records of inputs and yields.',
      description: 'Includes a short note on cassava.',
      category: 'agriculture',
      level: 'intermediate',
    },
  ],
  [
    'summaryMatch',
    {
      title: 'Selling produce online',
      summary: 'Market your cassava and yams on social media.',
      category: 'marketing',
      level: 'beginner',
      priceMinor: 500_000,
    },
  ],
  [
    'python',
    {
      title: 'Python for data analysis',
      summary: 'Pandas, charts and clean data.',
      category: 'data',
      level: 'intermediate',
      priceMinor: 2_500_000,
    },
  ],
  [
    'yoruba',
    {
      title: 'Conversational Yoruba',
      summary: 'Greetings, markets and family talk.',
      category: 'languages',
      level: 'beginner',
      language: 'yo',
    },
  ],
  [
    'design',
    {
      title: 'Logo design fundamentals',
      summary: 'Shapes, colour and type for brands.',
      category: 'design',
      level: 'advanced',
      priceMinor: 1_000_000,
    },
  ],
  [
    'node',
    {
      title: 'Node.js from scratch',
      summary: 'Servers, packages and tests.',
      category: 'software',
      level: 'beginner',
      priceMinor: 1_500_000,
    },
  ],
  [
    'igbo',
    {
      title: 'Ìgbò for travellers',
      summary: 'Ẹ kaabọ: greetings on the road.',
      category: 'languages',
      level: 'beginner',
      language: 'ig',
    },
  ],
];

beforeAll(async () => {
  h = await createHarness();
  counter = countSql(h.app.database.db);
  tutor = await actor(h, 'tutor');
  const admin = (await actor(h, 'admin')).user;
  for (const [key, input] of CATALOGUE) {
    ids[key] = (await makeCourse(h, tutor.user, { admin, input })).id;
    h.clock.advance(60_000); // the test clock stands still otherwise: each course is a minute newer
  }
  await makeCourse(h, tutor.user, { status: 'draft', input: { title: 'Unpublished cassava secrets' } });
  // Ratings: yoruba 5, titleMatch 3 (two reviews), the rest none.
  for (const [key, rating] of [
    ['yoruba', 5],
    ['titleMatch', 4],
    ['titleMatch', 2],
  ] as const) {
    const learner = await actor(h, 'student');
    await h.services.courseLearning.enrol(learner.user, ids[key]!);
    await h.services.courseReviews.upsert(learner.user, ids[key]!, { rating, text: '' });
  }
});
afterAll(() => h.close());

const search = async (query: string) => {
  const res = await as(h, null)('GET', `/api/courses?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    courses: Array<{ id: string; ratingAverage: number | null }>;
    total: number;
    page: number;
    pageSize: number;
  };
};
const keys = (list: { courses: Array<{ id: string }> }) =>
  list.courses.map((c) => Object.keys(ids).find((k) => ids[k] === c.id) ?? c.id);

describe('GET /api/courses', () => {
  it('ranks a title match above a summary match above a description match, and never shows drafts', async () => {
    const list = await search('q=cassava');
    expect(keys(list)).toEqual(['titleMatch', 'summaryMatch', 'descriptionMatch']);
    expect(list.total).toBe(3);
  });

  it('matches word forms and survives any input', async () => {
    expect(keys(await search('q=processed'))).toEqual(['titleMatch']);
    for (const q of ['"unterminated', 'a & b | !c', "o'brien -- drop table", '%00', '()']) {
      const res = await as(h, null)('GET', `/api/courses?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
  });

  it.each([
    ['category=agriculture', ['descriptionMatch', 'titleMatch']],
    ['level=advanced', ['design']],
    ['language=yo', ['yoruba']],
    ['price=free', ['igbo', 'yoruba', 'descriptionMatch', 'titleMatch']],
    ['price=paid&sort=price_asc', ['summaryMatch', 'design', 'node', 'python']],
    ['price=paid&sort=price_desc', ['python', 'node', 'design', 'summaryMatch']],
    ['q=cassava&category=marketing', ['summaryMatch']],
  ])('filters and sorts: %s', async (query, expected) => {
    expect(keys(await search(query))).toEqual(expected);
  });

  it('lists newest first by default and sorts by rating with unrated courses last', async () => {
    expect(keys(await search(''))).toEqual([...CATALOGUE.map(([k]) => k)].reverse());
    const rated = await search('sort=rating');
    expect(keys(rated).slice(0, 2)).toEqual(['yoruba', 'titleMatch']);
    expect(rated.courses.slice(0, 2).map((c) => c.ratingAverage)).toEqual([5, 3]);
  });

  it('pages with the total on every page, even past the end', async () => {
    const first = await search('pageSize=5&page=1');
    const second = await search('pageSize=5&page=2');
    const beyond = await search('pageSize=5&page=9');
    expect([first.courses.length, second.courses.length, beyond.courses.length]).toEqual([5, 3, 0]);
    expect([first.total, second.total, beyond.total]).toEqual([8, 8, 8]);
    expect(new Set([...keys(first), ...keys(second)]).size).toBe(8);
    expect((await as(h, null)('GET', '/api/courses?pageSize=51')).statusCode).toBe(400);
  });

  it.each([
    ['node', ['node']],
    ['nodejs', ['node']],
    ['js', ['node']],
    ['Node.js', ['node']],
    ['NODE.JS scratch', ['node']],
    ['yoruba', ['yoruba']],
    ['Yorùbá', ['yoruba']],
    ['igbo', ['igbo']],
    ['ẹ kaabọ', ['igbo']],
    ['cass', ['titleMatch', 'summaryMatch', 'descriptionMatch']],
    ['pyth', ['python']],
    // A typo of a vocabulary word (Cassava processing) is read as the word: every cassava course, the title first.
    ['casava', ['titleMatch', 'summaryMatch', 'descriptionMatch']],
    ['javscript', []],
    ['fundamentels', ['design']],
    ['conversatonal yoruba', ['yoruba']],
  ])('finds what people type: %s', async (q, expected) => {
    expect(keys(await search(`q=${encodeURIComponent(q)}`))).toEqual(expected);
  });

  it('suggests titles as the member types, and nothing for a letter', async () => {
    const suggest = async (q: string) => {
      const res = await as(h, null)('GET', `/api/courses/suggest?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { suggestions: Array<{ id: string; title: string }> }).suggestions;
    };
    expect(await suggest('nod')).toEqual([{ id: ids.node, title: 'Node.js from scratch' }]);
    expect((await suggest('yorub')).map((s) => s.id)).toEqual([ids.yoruba]);
    expect(await suggest('n')).toEqual([]);
    expect(await suggest('unpublished')).toEqual([]);
    expect((await as(h, null)('GET', `/api/courses/suggest?q=${'x'.repeat(300)}`)).statusCode).toBe(400);
  });

  it('answers a visitor in one SQL statement and a member in three', async () => {
    counter.reset();
    await search('q=cassava&category=agriculture');
    expect(counter.count).toBe(1);
    counter.reset();
    await as(h, tutor)('GET', '/api/courses?q=cassava&sort=rating');
    expect(counter.count).toBeLessThanOrEqual(3);
  });

  it('tries whole words first, then the starts of words, then typos, one statement each', async () => {
    const statements = async (q: string) => {
      counter.reset();
      const found = keys(await search(`q=${encodeURIComponent(q)}`));
      return [found, counter.count];
    };
    expect(await statements('processing cassava')).toEqual([['titleMatch'], 1]);
    expect(await statements('cassava proc')).toEqual([['titleMatch'], 2]);
    expect(await statements('casava')).toEqual([['titleMatch', 'summaryMatch', 'descriptionMatch'], 3]);
  });
});
