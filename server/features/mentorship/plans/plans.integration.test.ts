import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '#server/features/courses/testing/course-fixtures';
import { makeMentor, planInput } from '../testing/mentorship-fixtures';

/** A mentor's plans: CRUD, at most three active, the directory's prices, and who sees what. */
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

describe('mentor plans', () => {
  it('creates up to three active plans, edits, deactivates and deletes them', async () => {
    const mentor = await makeMentor(h, admin);
    const call = as(h, mentor);
    const ids: string[] = [];
    for (const name of ['Starter', 'Growth', 'Intensive']) {
      const res = await call('POST', '/api/mentor/plans', planInput({ name, trial: name === 'Growth' }));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    expect((await call('GET', '/api/mentor/plans')).json().plans.map((p: { name: string }) => p.name)).toEqual([
      'Starter',
      'Growth',
      'Intensive',
    ]);
    const fourth = await call('POST', '/api/mentor/plans', planInput({ name: 'Extra' }));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toBe('You can have up to 3 active plans. Deactivate one first.');
    const inactive = await call('POST', '/api/mentor/plans', planInput({ name: 'Later', active: false }));
    expect(inactive.statusCode).toBe(201);
    expect((await call('PATCH', `/api/mentor/plans/${inactive.json().id}`, { active: true })).statusCode).toBe(409);

    const patched = await call('PATCH', `/api/mentor/plans/${ids[0]}`, { priceMinor: 0, name: 'Starter (free)' });
    expect(patched.json()).toMatchObject({ name: 'Starter (free)', priceMinor: 0, sessionMinutes: 45, trialDays: 0 });
    expect((await call('PATCH', `/api/mentor/plans/${ids[1]}`, { sessionMinutes: 50 })).statusCode).toBe(400);

    const plans = (await as(h, null)('GET', `/api/mentors/${mentor.user.id}/plans`)).json().plans;
    expect(plans.map((p: { name: string }) => p.name)).toEqual(['Starter (free)', 'Growth', 'Intensive']);
    expect(plans[1]).toMatchObject({
      trialDays: 7,
      currency: 'NGN',
      sessionsPerMonth: 2,
      active: true,
      subscribers: 0,
      full: false,
    });

    expect((await call('DELETE', `/api/mentor/plans/${ids[2]}`)).statusCode).toBe(204);
    expect((await call('PATCH', `/api/mentor/plans/${inactive.json().id}`, { active: true })).statusCode).toBe(200);
    const card = (await as(h, null)('GET', `/api/mentors?q=${encodeURIComponent(mentor.user.fullName)}`)).json();
    expect(card.mentors.find((m: { id: string }) => m.id === mentor.user.id)).toMatchObject({
      fromPriceMinor: 0,
      activePlans: 3,
    });
  });

  it("hides another mentor's plan behind a 404 and keeps non-mentors out", async () => {
    const mentor = await makeMentor(h, admin);
    const other = await makeMentor(h, admin);
    const plan = (await as(h, mentor)('POST', '/api/mentor/plans', planInput())).json();
    expect((await as(h, other)('PATCH', `/api/mentor/plans/${plan.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await as(h, other)('DELETE', `/api/mentor/plans/${plan.id}`)).statusCode).toBe(404);
    const member = await actor(h, 'general');
    expect((await as(h, member)('POST', '/api/mentor/plans', planInput())).statusCode).toBe(403);
    expect((await as(h, member)('GET', '/api/mentor/plans')).statusCode).toBe(403);
    expect((await as(h, null)('GET', `/api/mentors/${member.user.id}/plans`)).statusCode).toBe(404);
  });

  it('searches mentors by words and skills, paged', async () => {
    const rare = `Zanzibarian${Date.now() % 1000}`;
    const m1 = await makeMentor(h, admin, { expertise: ['python'], company: rare });
    await makeMentor(h, admin, { expertise: ['figma'] });
    const byWord = (await as(h, null)('GET', `/api/mentors?q=${rare}`)).json();
    expect(byWord.mentors.map((m: { id: string }) => m.id)).toEqual([m1.user.id]);
    expect(byWord).toMatchObject({ total: 1, page: 1, pageSize: 12 });
    const bySkill = (await as(h, null)('GET', '/api/mentors?skills=python')).json();
    expect(
      bySkill.mentors.every((m: { expertise: Array<{ slug: string }> }) =>
        m.expertise.some((s) => s.slug === 'python'),
      ),
    ).toBe(true);
    expect(bySkill.mentors.some((m: { id: string }) => m.id === m1.user.id)).toBe(true);
    const far = (await as(h, null)('GET', '/api/mentors?page=50')).json();
    expect(far.mentors).toEqual([]);
  });
});
