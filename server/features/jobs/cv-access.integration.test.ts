import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { createHarness, login, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { pdf, uploaded } from '../roles/testing/role-fixtures';
import { REJECTED_CV_DAYS } from './jobs.policy';
import { employer, makeJob, seeker } from './testing/job-fixtures';

/**
 * How long an employer reads an applicant's CV (decision 048): while the application is live;
 * never again once withdrawn; for REJECTED_CV_DAYS after a rejection. The seeker always reads
 * their own, an admin as before, a visitor and another employer never.
 */
let h: Harness;
let boss: Actor;
let otherBoss: Actor;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  [boss, otherBoss, admin] = [await employer(h), await employer(h), await actor(h, 'admin')];
});
afterAll(() => h.close());

const DAY = 24 * 60 * 60_000;
const status = async (who: Actor | null, cv: TUpload) => (await as(h, who)('GET', cv.url)).statusCode;
/** The CV each caller gets, in the order visitor, seeker, employer, other employer, admin. */
const readers = async (applicant: Actor, cv: TUpload) =>
  Promise.all([null, applicant, boss, otherBoss, admin].map((who) => status(who, cv)));
const pipelineCv = async (jobId: string) =>
  (await as(h, boss)('GET', `/api/jobs/${jobId}/applications`)).json().applications[0].cv;

async function applied(opts: { chosen: boolean }) {
  const applicant = await seeker(h);
  const cv = await uploaded(h, applicant, 'document', pdf(), 'cv.pdf');
  if (!opts.chosen)
    await h.services.roles.saveJobSeeker(applicant.user, { openToWork: true, desiredRoles: [], cvUploadId: cv.id });
  const job = await makeJob(h, boss);
  const res = await as(h, applicant)(
    'POST',
    `/api/jobs/${job.id}/applications`,
    opts.chosen ? { cvUploadId: cv.id } : {},
  );
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().cv).toMatchObject({ id: cv.id });
  expect(await readers(applicant, cv)).toEqual([404, 200, 200, 404, 200]);
  return { applicant, cv, jobId: job.id, applicationId: res.json().id as string };
}

beforeEach(async () => {
  // A moved clock ends sessions.
  for (const who of [boss, otherBoss]) who.cookie = await login(h, who.user.username);
  admin = await actor(h, 'admin');
});

describe.each([
  ['chosen for the application', true],
  ["the profile's", false],
])('a CV %s', (_, chosen) => {
  it('is closed to the employer at once when the applicant withdraws', async () => {
    const { applicant, cv, jobId, applicationId } = await applied({ chosen });
    const res = await as(h, applicant)('POST', `/api/applications/${applicationId}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cv).toMatchObject({ id: cv.id });
    expect(await readers(applicant, cv)).toEqual([404, 200, 404, 404, 200]);
    expect(await pipelineCv(jobId)).toBeNull();
  });

  it(`stays readable to the employer for ${REJECTED_CV_DAYS} days after a rejection, then not`, async () => {
    const { applicant, cv, jobId, applicationId } = await applied({ chosen });
    const res = await as(h, boss)('PATCH', `/api/applications/${applicationId}`, { status: 'rejected' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cv).toMatchObject({ id: cv.id });
    h.clock.advance(REJECTED_CV_DAYS * DAY - 60_000);
    for (const who of [boss, otherBoss, applicant]) who.cookie = await login(h, who.user.username);
    admin = await actor(h, 'admin');
    expect(await readers(applicant, cv)).toEqual([404, 200, 200, 404, 200]);
    expect(await pipelineCv(jobId)).toMatchObject({ id: cv.id });

    h.clock.advance(60_000);
    expect(await readers(applicant, cv)).toEqual([404, 200, 404, 404, 200]);
    expect(await pipelineCv(jobId)).toBeNull();
    const mine = (await as(h, applicant)('GET', '/api/user/applications')).json().applications[0];
    expect(mine).toMatchObject({ status: 'rejected', cv: { id: cv.id } });
  });
});
