import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { as } from '../courses/testing/course-fixtures';
import { employer, makeJob, seeker } from '../jobs/testing/job-fixtures';
import { gigInput, listedTalent } from '../talent/testing/gig-fixtures';
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

  it('the employer filters applicants by level on the server', async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss);
    const expert = await seeker(h, ['python']);
    const proven = await seeker(h, ['python']);
    const claimed = await seeker(h, ['python']);
    for (let i = 0; i < 3; i++) await completedGig(h, expert, ['python'], { rating: 5 });
    await completedCourse(h, expert, ['python'], { quiz: true });
    await hiredThrough(h, proven, ['python']);
    for (const who of [expert, proven, claimed])
      await h.services.jobApplications.apply(who.user, job.id, { coverLetter: 'I would like this job.' } as never);
    const ids = async (query: string) => {
      const res = await as(h, boss)('GET', `/api/jobs/${job.id}/applications${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .applications.map((a: { applicant: { id: string } }) => a.applicant.id)
        .sort();
    };
    expect(await ids('')).toEqual([expert, proven, claimed].map((w) => w.user.id).sort());
    expect(await ids('?level=proven&skill=python')).toEqual([expert, proven].map((w) => w.user.id).sort());
    expect(await ids('?skill=python')).toEqual([expert, proven].map((w) => w.user.id).sort());
    expect(await ids('?level=expert&skill=python')).toEqual([expert.user.id]);
    expect(await ids('?level=proven&skill=sql')).toEqual([]);
  });

  it('refuses a level without a skill, or a level it does not filter by', async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss);
    for (const query of ['?level=proven', '?level=claimed&skill=python', '?skill=Not%20a%20slug']) {
      const res = await as(h, boss)('GET', `/api/jobs/${job.id}/applications${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });

  it('"How you match" on a gig: its skills against the viewer\'s passport, in the same words', async () => {
    const poster = await seeker(h);
    const gig = await h.services.gigs.create(poster.user, gigInput({ skills: ['python', 'sql', 'rust'] }));
    const me = await seeker(h, ['python', 'sql']);
    await hiredThrough(h, me, ['python']);
    const res = await as(h, me)('GET', `/api/talent/gigs/${gig.id}/match`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      hasSkills: true,
      total: 3,
      shared: [
        { slug: 'python', name: 'Python', level: 'proven', sentence: 'Python: proven — hired once' },
        { slug: 'sql', name: 'SQL', level: 'claimed', sentence: 'SQL: claimed — on the profile, no evidence yet' },
      ],
      missing: [{ slug: 'rust', name: 'Rust' }],
    });
    const none = await as(h, await seeker(h))('GET', `/api/talent/gigs/${gig.id}/match`);
    expect(none.json()).toMatchObject({ hasSkills: false, total: 3, shared: [] });
    const unknown = await as(h, me)('GET', `/api/talent/gigs/${crypto.randomUUID()}/match`);
    expect(unknown.statusCode).toBe(404);
  });

  it('the talent directory filters by level with skills', async () => {
    const proven = await listedTalent(h, { headline: 'Kiln builder in Ilorin', skills: ['rust'], rate: 400_000 });
    const claimed = await listedTalent(h, { headline: 'Kiln builder in Ilorin', skills: ['rust'], rate: 400_000 });
    await hiredThrough(h, proven, ['rust']);
    const ids = async (query: string) => {
      const res = await as(h, proven)('GET', `/api/talent?q=${encodeURIComponent('Kiln builder')}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().talents.map((t: { id: string }) => t.id);
    };
    expect((await ids('&skills=rust')).sort()).toEqual([proven.user.id, claimed.user.id].sort());
    expect(await ids('&skills=rust&level=proven')).toEqual([proven.user.id]);
    expect(await ids('&skills=rust&level=expert')).toEqual([]);
    for (const query of ['&level=proven', '&skills=rust&level=claimed']) {
      const res = await as(h, proven)('GET', `/api/talent?q=Kiln${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });
});
