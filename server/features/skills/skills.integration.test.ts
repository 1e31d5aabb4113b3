import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';

let h: Harness;
let member: Actor;

beforeAll(async () => {
  h = await createHarness();
  member = await actor(h);
});
afterAll(() => h.close());

const search = async (q: string) => {
  const res = await as(h, member)('GET', `/api/skills?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().skills as Array<{ slug: string; name: string }>).map((s) => s.slug);
};
const propose = (name: string, who = member) => as(h, who)('POST', '/api/skills', { name });

describe('the typeahead', () => {
  it('finds skills by synonym, prefix and word, accents and case aside, best first', async () => {
    expect((await search('js'))[0]).toBe('javascript');
    expect((await search('JAVA')).slice(0, 2)).toEqual(['java', 'javascript']);
    expect((await search('node'))[0]).toBe('node-js');
    expect((await search('nodejs'))[0]).toBe('node-js');
    expect(await search('yoru')).toContain('yoruba-teaching');
    expect(await search('Yorùbá')).toContain('yoruba-teaching');
    expect(await search('installation')).toEqual(
      expect.arrayContaining(['electrical-installation', 'solar-installation']),
    );
    expect((await search('c#'))[0]).toBe('c-sharp');
    expect(await search('%')).toEqual([]);
    expect(await search('')).toEqual([]);
  });

  it('answers at most 20', async () => {
    expect((await search('a')).length).toBe(20);
  });

  it('seeds a few hundred skills', async () => {
    const { rows } = await h.app.database.db.execute<{ n: number }>('select count(*)::int as n from skills');
    expect(rows[0]!.n).toBeGreaterThanOrEqual(300);
  });
});

describe('proposing a skill', () => {
  it('creates it lower-cased, once, and finds it', async () => {
    const res = await propose('  Adire   Batik ');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ slug: 'adire-batik', name: 'adire batik' });
    expect((await propose('ADIRE BATIK')).statusCode).toBe(200);
    expect(await search('adire b')).toEqual(['adire-batik']);
  });

  it('answers the existing skill for its slug, name or a synonym', async () => {
    expect((await propose('javascript')).json()).toEqual({ slug: 'javascript', name: 'JavaScript' });
    expect((await propose('ECMAScript')).json()).toEqual({ slug: 'javascript', name: 'JavaScript' });
    expect((await propose('Node.js')).json()).toEqual({ slug: 'node-js', name: 'Node.js' });
    expect((await propose('nodejs')).json()).toMatchObject({ slug: 'node-js' });
  });

  it('refuses names without letters, and stops a loop', async () => {
    expect((await propose('++')).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { name: expect.any(String) },
    });
    const limited = await createHarness({ rateLimitScale: 1 });
    try {
      const who = await actor(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++)
        statuses.push((await as(limited, who)('POST', '/api/skills', { name: `craft number ${i}` })).statusCode);
      expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
