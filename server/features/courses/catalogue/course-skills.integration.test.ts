import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, courseInput, type Actor } from '../testing/course-fixtures';

let h: Harness;
let tutor: Actor;
let learner: Actor;

beforeAll(async () => {
  h = await createHarness();
  [tutor, learner] = [await actor(h, 'tutor'), await actor(h, 'student')];
});
afterAll(() => h.close());

describe('the skills a course teaches', () => {
  it('are chosen by slug, kept in order, changed by a patch and shown on the course page', async () => {
    const created = await as(h, tutor)(
      'POST',
      '/api/courses',
      courseInput({ skills: ['microsoft-excel', 'bookkeeping'] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().skills).toEqual([
      { slug: 'microsoft-excel', name: 'Microsoft Excel' },
      { slug: 'bookkeeping', name: 'Bookkeeping' },
    ]);
    const id = created.json().id as string;
    const patched = await as(h, tutor)('PATCH', `/api/courses/${id}`, { skills: ['bookkeeping', 'taxation'] });
    expect(patched.json().skills.map((s: { slug: string }) => s.slug)).toEqual(['bookkeeping', 'taxation']);
    expect(
      (await as(h, tutor)('PATCH', `/api/courses/${id}`, { title: 'Books for small shops' })).json().skills,
    ).toHaveLength(2);
  });

  it('refuses an unknown skill by name, and creates nothing', async () => {
    const res = await as(h, tutor)(
      'POST',
      '/api/courses',
      courseInput({ title: 'Unknown skills course', skills: ['bookkeeping', 'time-travel'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.skills).toContain('time-travel');
    const mine = (await as(h, tutor)('GET', '/api/tutor/courses')).json().courses as Array<{ title: string }>;
    expect(mine.map((c) => c.title)).not.toContain('Unknown skills course');
    expect((await as(h, learner)('GET', '/api/skills?q=time')).json().skills).not.toContainEqual(
      expect.objectContaining({ slug: 'time-travel' }),
    );
  });
});
