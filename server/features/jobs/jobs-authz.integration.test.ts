import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { holding, pdf, uploaded } from '../roles/testing/role-fixtures';
import { employer, jobInput, makeJob, seeker } from './testing/job-fixtures';

/**
 * Who may call which jobs route, as a table: every route, eight kinds of caller, each cell on
 * fresh jobs. "applicant" applied to the job at hand; "otherSeeker" holds the role but did not.
 */
let h: Harness;
const WHO = [
  'visitor',
  'member',
  'applicant',
  'otherSeeker',
  'employer',
  'otherEmployer',
  'suspended',
  'admin',
] as const;
type Who = (typeof WHO)[number];
const people = {} as Record<Who, Actor | null>;

beforeAll(async () => {
  h = await createHarness();
  people.visitor = null;
  people.member = await actor(h, 'general');
  people.applicant = await seeker(h, ['python']);
  people.otherSeeker = await seeker(h, ['sql']);
  people.employer = await employer(h, 'Port Harcourt Energy');
  people.otherEmployer = await employer(h, 'Kano Foods');
  people.suspended = await holding(h, await actor(h, 'general'), ['employer', 'job_seeker']);
  await h.services.accounts.suspend(people.suspended.user.id, { reason: 'Fake job posts', restrictions: ['jobs'] });
  people.admin = await actor(h, 'admin');
});
afterAll(() => h.close());

const boss = () => people.employer!;
const open = () => makeJob(h, boss());
const draft = () => makeJob(h, boss(), { status: 'draft' });
async function takenDown() {
  const job = await open();
  await h.services.jobModeration.takeDown(people.admin!.user, job.id, 'Asks applicants for a fee.');
  return job;
}

/** A fresh open job that "applicant" applied to (with an uploaded CV); its application's id and CV. */
async function applied() {
  const job = await open();
  const cv = await uploaded(h, people.applicant!, 'document', pdf(), 'cv.pdf');
  const res = await as(h, people.applicant)('POST', `/api/jobs/${job.id}/applications`, { cvUploadId: cv.id });
  if (res.statusCode !== 201) throw new Error(`apply: ${res.statusCode} ${res.body}`);
  return { job, applicationId: res.json().id as string, cvUrl: cv.url };
}

/** A saved search of "applicant"'s (each caller's POSTs above add their own; ten at most, so they are removed). */
async function search() {
  const { jobAlerts } = h.services;
  for (const s of (await jobAlerts.list(people.applicant!.user)).searches)
    await jobAlerts.remove(people.applicant!.user, s.id);
  return (await jobAlerts.create(people.applicant!.user, { query: 'q=analyst' })).id;
}

const rows: AuthzRow[] = [
  {
    route: 'GET /api/jobs',
    call: async () => ['GET', '/api/jobs?q=engineer'],
    expect: [200, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'POST /api/jobs',
    call: async () => ['POST', '/api/jobs', jobInput()],
    expect: [401, 403, 403, 403, 201, 201, 403, 403],
  },
  {
    route: 'GET /api/jobs/{open}',
    call: async () => ['GET', `/api/jobs/${(await open()).id}`],
    expect: [200, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'GET /api/jobs/{draft}',
    call: async () => ['GET', `/api/jobs/${(await draft()).id}`],
    expect: [404, 404, 404, 404, 200, 404, 403, 200],
  },
  {
    route: 'PATCH /api/jobs/{open}',
    call: async () => ['PATCH', `/api/jobs/${(await open()).id}`, { title: 'Lead engineer' }],
    expect: [401, 403, 403, 403, 200, 403, 403, 403],
  },
  {
    route: 'PATCH /api/jobs/{draft}',
    call: async () => ['PATCH', `/api/jobs/${(await draft()).id}`, { title: 'Lead engineer' }],
    expect: [401, 404, 404, 404, 200, 404, 403, 403],
  },
  {
    route: 'POST /api/jobs/{id}/close',
    call: async () => ['POST', `/api/jobs/${(await open()).id}/close`],
    expect: [401, 403, 403, 403, 200, 403, 403, 403],
  },
  {
    route: 'GET /api/jobs/{id}/match',
    call: async () => ['GET', `/api/jobs/${(await open()).id}/match`],
    expect: [401, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'GET /api/jobs/{draft}/match',
    call: async () => ['GET', `/api/jobs/${(await draft()).id}/match`],
    expect: [401, 404, 404, 404, 200, 404, 403, 200],
  },
  {
    route: 'PUT /api/jobs/{id}/save',
    call: async () => ['PUT', `/api/jobs/${(await open()).id}/save`],
    expect: [401, 204, 204, 204, 204, 204, 403, 204],
  },
  {
    route: 'DELETE /api/jobs/{id}/save',
    call: async () => ['DELETE', `/api/jobs/${(await open()).id}/save`],
    expect: [401, 204, 204, 204, 204, 204, 403, 204],
  },
  {
    route: 'PUT /api/jobs/{draft}/save',
    call: async () => ['PUT', `/api/jobs/${(await draft()).id}/save`],
    expect: [401, 404, 404, 404, 204, 404, 403, 204],
  },
  {
    route: 'GET /api/user/saved-jobs',
    call: async () => ['GET', '/api/user/saved-jobs'],
    expect: [401, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'GET /api/employer/jobs',
    call: async () => ['GET', '/api/employer/jobs'],
    expect: [401, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'POST /api/jobs/{id}/applications',
    call: async () => ['POST', `/api/jobs/${(await applied()).job.id}/applications`, {}],
    expect: [401, 201, 409, 201, 403, 201, 403, 403],
  },
  {
    route: 'POST /api/jobs/{draft}/applications',
    call: async () => ['POST', `/api/jobs/${(await draft()).id}/applications`, {}],
    expect: [401, 404, 404, 404, 403, 404, 403, 403],
  },
  {
    route: 'GET /api/jobs/{id}/applications',
    call: async () => ['GET', `/api/jobs/${(await applied()).job.id}/applications`],
    expect: [401, 404, 404, 404, 200, 404, 403, 404],
  },
  {
    // The level filter (issue 31 item 3) narrows the employer's list; it opens it to nobody else.
    route: 'GET /api/jobs/{id}/applications?level=proven&skill=python',
    call: async () => ['GET', `/api/jobs/${(await applied()).job.id}/applications?level=proven&skill=python`],
    expect: [401, 404, 404, 404, 200, 404, 403, 404],
  },
  {
    route: 'PATCH /api/applications/{id}',
    call: async () => [
      'PATCH',
      `/api/applications/${(await applied()).applicationId}`,
      { status: 'reviewed', note: 'Looks good' },
    ],
    expect: [401, 404, 404, 404, 200, 404, 403, 404],
  },
  {
    route: 'POST /api/jobs/{id}/applications/reject',
    call: async () => {
      const { job, applicationId } = await applied();
      return [
        'POST',
        `/api/jobs/${job.id}/applications/reject`,
        { applicationIds: [applicationId], message: 'Thank you.' },
      ];
    },
    expect: [401, 404, 404, 404, 200, 404, 403, 404],
  },
  {
    route: 'POST /api/applications/{id}/withdraw',
    call: async () => ['POST', `/api/applications/${(await applied()).applicationId}/withdraw`],
    expect: [401, 404, 200, 404, 404, 404, 403, 404],
  },
  {
    route: 'GET /api/user/applications',
    call: async () => ['GET', '/api/user/applications'],
    expect: [401, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'POST /api/admin/jobs/{id}/take-down',
    call: async () => [
      'POST',
      `/api/admin/jobs/${(await open()).id}/take-down`,
      { reason: 'Misleading salary figures.' },
    ],
    expect: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/jobs/{id}/restore',
    call: async () => ['POST', `/api/admin/jobs/${(await takenDown()).id}/restore`, {}],
    expect: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'GET /api/admin/jobs',
    call: async () => ['GET', '/api/admin/jobs?q=energy&status=taken_down'],
    expect: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  // The inline view of an application's CV: the same readers as the download.
  {
    route: 'GET {application CV}?view=inline',
    call: async () => ['GET', `${(await applied()).cvUrl}?view=inline`],
    expect: [404, 404, 200, 404, 200, 404, 404, 200],
  },
  {
    route: 'GET /api/user/saved-searches',
    call: async () => ['GET', '/api/user/saved-searches'],
    expect: [401, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'POST /api/user/saved-searches',
    call: async () => ['POST', '/api/user/saved-searches', { query: 'q=engineer' }],
    expect: [401, 201, 201, 201, 201, 201, 403, 201],
  },
  {
    route: "PATCH /api/user/saved-searches/{applicant's}",
    call: async () => ['PATCH', `/api/user/saved-searches/${await search()}`, { emailDigest: false }],
    expect: [401, 404, 200, 404, 404, 404, 403, 404],
  },
  {
    route: "DELETE /api/user/saved-searches/{applicant's}",
    call: async () => ['DELETE', `/api/user/saved-searches/${await search()}`],
    expect: [401, 404, 204, 404, 404, 404, 403, 404],
  },
  {
    route: 'GET /api/saved-searches/unsubscribe (unknown token)',
    call: async () => ['GET', '/api/saved-searches/unsubscribe?token=not-a-real-token'],
    expect: [302, 302, 302, 302, 302, 302, 302, 302],
  },
  // An application's CV: its owner, the job's employer and admins; another employer's is a 404.
  {
    route: 'GET {application CV}',
    call: async () => ['GET', (await applied()).cvUrl],
    expect: [404, 404, 200, 404, 200, 404, 404, 200],
  },
];

describeAuthzMatrix(() => h, WHO, people, rows);
