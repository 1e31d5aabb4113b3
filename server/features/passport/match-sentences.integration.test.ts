import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { as } from '../courses/testing/course-fixtures';
import { employer, makeJob, seeker } from '../jobs/testing/job-fixtures';
import { completedCourse, completedGig, hiredThrough } from './testing/passport-fixtures';

/** Matches explained with evidence (issue 31 item 3, decision 079): the passport's sentences over HTTP. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('match sentences', () => {
  it('"How you match" on a job cites the public evidence of each shared skill in words', async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss, { skills: ['python', 'sql'] } as never);
    const me = await seeker(h, ['python', 'sql']);
    await completedGig(h, me, ['python'], { rating: 5 });
    await completedGig(h, me, ['python'], { rating: 5 });
    await completedGig(h, me, ['python'], { rating: 4 });
    await completedCourse(h, me, ['python'], { quiz: true });
    const res = await as(h, me)('GET', `/api/jobs/${job.id}/match`);
    expect(res.statusCode, res.body).toBe(200);
    const bySlug = new Map(res.json().shared.map((s: { slug: string; sentence: string }) => [s.slug, s.sentence]));
    expect(bySlug.get('python')).toBe(
      'Python: expert — 3 gigs rated 4.7, 1 assessment passed, course completed: React for Lagos retail python',
    );
    expect(bySlug.get('sql')).toBe('SQL: claimed — on the profile, no evidence yet');
  });

  it('leaves out what the member hid from the public', async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss, { skills: ['python'] } as never);
    const me = await seeker(h, ['python']);
    const gig = await completedGig(h, me, ['python'], { rating: 3 });
    await completedGig(h, me, ['python'], { rating: 5 });
    const hide = await as(h, me)('PUT', `/api/passport/evidence/gig:${gig}:python/visibility`, { hidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    const res = await as(h, me)('GET', `/api/jobs/${job.id}/match`);
    expect(res.json().shared[0].sentence).toBe('Python: learning — 1 gig rated 5');
  });

  it("the employer's applicant view shows the same sentences", async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss);
    const strong = await seeker(h, ['python']);
    await hiredThrough(h, strong, ['python']);
    await h.services.jobApplications.apply(strong.user, job.id, { coverLetter: 'I would like this job.' } as never);
    const res = await as(h, boss)('GET', `/api/jobs/${job.id}/applications`);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().applications.find((a: { applicant: { id: string } }) => a.applicant.id === strong.user.id);
    expect(mine.provenSkills).toEqual([
      { slug: 'python', name: 'Python', level: 'proven', sentence: 'Python: proven — hired once' },
    ]);
    const own = await as(h, strong)('GET', `/api/jobs/${job.id}/match`);
    expect(own.json().shared[0].sentence).toBe('Python: proven — hired once');
  });
});
