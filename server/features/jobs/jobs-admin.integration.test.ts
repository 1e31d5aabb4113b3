import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { employer, makeJob, seeker } from './testing/job-fixtures';

/** The jobs figures of the admin overview (issue 16) and a member's jobs activity, on the harness clock. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const DAYS = ['2027-06-01', '2027-06-02', '2027-06-03'];
const on = (day: string) => {
  h.clock.now = new Date(`${day}T10:00:00Z`);
};

async function figures(admin: Actor) {
  const res = await as(h, admin)('GET', `/api/admin/stats?from=${DAYS[0]}&to=${DAYS.at(-1)}`);
  expect(res.statusCode, res.body).toBe(200);
  const daily = res.json().daily as Array<{ key: string; points: number[]; total: number }>;
  return (key: string) => daily.find((f) => f.key === key)?.points;
}

describe('jobs in the admin overview', () => {
  it('counts jobs opened (drafts when they open), jobs filled (first hire only) and applications per day', async () => {
    const { jobApplications, jobBoard } = h.services;
    on(DAYS[0]!);
    const boss = await employer(h);
    const a = await makeJob(h, boss, { title: 'Backend engineer' });
    const b = await makeJob(h, boss, { title: 'Data analyst' });
    const draft = await makeJob(h, boss, { title: 'Designer', status: 'draft' });
    const [s1, s2, s3] = [await seeker(h), await seeker(h), await seeker(h)];
    const app1 = await jobApplications.apply(s1.user, a.id, { coverLetter: 'I build APIs.' });
    const app2 = await jobApplications.apply(s2.user, a.id, { coverLetter: 'I also build APIs.' });

    on(DAYS[1]!);
    await jobApplications.apply(s3.user, b.id, { coverLetter: 'I love data.' });
    await jobApplications.move(boss.user, app1.id, 'hired', undefined);

    on(DAYS[2]!);
    // A second hire on the same job: the job was filled on its first.
    await jobApplications.move(boss.user, app2.id, 'hired', undefined);
    await jobBoard.update(boss.user, draft.id, { status: 'open' } as never);

    const admin = await actor(h, 'admin');
    const fig = await figures(admin);
    expect(fig('jobsOpened')).toEqual([2, 0, 1]);
    expect(fig('jobsFilled')).toEqual([0, 1, 0]);
    expect(fig('applications')).toEqual([2, 1, 0]);

    // The member page's activity summary counts the jobs area too.
    const employerPage = await as(h, admin)('GET', `/api/admin/users/${boss.user.id}`);
    expect(employerPage.statusCode, employerPage.body).toBe(200);
    expect(employerPage.json().activity).toEqual(expect.arrayContaining([{ label: 'Jobs posted', value: 3 }]));
    const seekerPage = (await as(h, admin)('GET', `/api/admin/users/${s1.user.id}`)).json();
    expect(seekerPage.activity).toEqual(expect.arrayContaining([{ label: 'Job applications sent', value: 1 }]));
  });
});
