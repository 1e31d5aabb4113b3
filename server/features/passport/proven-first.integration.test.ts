import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as } from '../courses/testing/course-fixtures';
import { employer, makeJob, seeker } from '../jobs/testing/job-fixtures';
import { makeMentor } from '../mentorship/testing/mentorship-fixtures';
import { listedTalent } from '../talent/testing/gig-fixtures';
import { completedGig, hiredThrough } from './testing/passport-fixtures';

/** Proven skills first in lists of people (decision 072): talent cards, applicants, the mentor directory. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('proven skills first', () => {
  it('on talent cards, each skill with its level', async () => {
    const talent = await listedTalent(h, {
      headline: 'Front-end builder',
      skills: ['html', 'css', 'react'],
      rate: 500_000,
    });
    await hiredThrough(h, talent, ['react']);
    await completedGig(h, talent, ['css'], { rating: 2 });
    const res = await as(h, await actor(h))('GET', `/api/talent?q=${encodeURIComponent('Front-end builder')}`);
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json().talents.find((t: { id: string }) => t.id === talent.user.id);
    expect(card.skills).toEqual([
      { slug: 'react', name: 'React', level: 'proven' },
      { slug: 'html', name: 'HTML', level: 'claimed' },
      { slug: 'css', name: 'CSS', level: 'learning' },
    ]);
  });

  it("on the employer's applicants, their proven skills", async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss);
    const strong = await seeker(h, ['python', 'sql']);
    const fresh = await seeker(h, ['python']);
    await hiredThrough(h, strong, ['python']);
    for (const who of [strong, fresh])
      await h.services.jobApplications.apply(who.user, job.id, { coverLetter: 'I would like this job.' } as never);
    const res = await as(h, boss)('GET', `/api/jobs/${job.id}/applications`);
    expect(res.statusCode, res.body).toBe(200);
    const bySeeker = new Map(
      res
        .json()
        .applications.map((a: { applicant: { id: string }; provenSkills: unknown }) => [
          a.applicant.id,
          a.provenSkills,
        ]),
    );
    expect(bySeeker.get(strong.user.id)).toEqual([
      { slug: 'python', name: 'Python', level: 'proven', sentence: 'Python: proven — hired once' },
    ]);
    expect(bySeeker.get(fresh.user.id)).toEqual([]);
  });

  it('in the mentor directory, expertise proven first', async () => {
    const mentor = await makeMentor(h, await actor(h, 'admin'), { expertise: ['javascript', 'rust'] });
    await hiredThrough(h, mentor, ['rust']);
    const res = await as(h, await actor(h))('GET', '/api/mentors?skills=rust');
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json().mentors.find((m: { id: string }) => m.id === mentor.user.id);
    expect(card.expertise).toEqual([
      { slug: 'rust', name: 'Rust', level: 'proven' },
      { slug: 'javascript', name: 'JavaScript', level: 'claimed' },
    ]);
  });
});
