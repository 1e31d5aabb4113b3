import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, type Actor } from '../courses/testing/course-fixtures';
import { employerInput, holding, pdf, seekerInput, talentInput, uploaded } from './testing/role-fixtures';

/**
 * Who may call which roles route. "member" holds employer, talent and job seeker; "other" holds
 * none of them; "suspendedJobs" holds them all under a suspension closing jobs (hiring and
 * looking for work close with it, talent stays open); "hidden" holds them all under a
 * suspension that only hides the profile, which closes no role.
 */
let h: Harness;
const WHO = ['visitor', 'member', 'other', 'suspendedJobs', 'hidden', 'admin'] as const;
type Who = (typeof WHO)[number];
const people = {} as Record<Who, Actor | null>;
const ALL = ['employer', 'talent', 'job_seeker'] as const;

beforeAll(async () => {
  h = await createHarness();
  const { accounts } = h.services;
  people.visitor = null;
  people.member = await holding(h, await actor(h), [...ALL]);
  people.other = await actor(h);
  people.suspendedJobs = await holding(h, await actor(h), [...ALL]);
  await accounts.suspend(people.suspendedJobs.user.id, { reason: 'Fake job posts', restrictions: ['jobs'] });
  people.hidden = await holding(h, await actor(h), [...ALL]);
  await accounts.suspend(people.hidden.user.id, { reason: 'Harassment', restrictions: ['profile_hidden'] });
  people.admin = await actor(h, 'admin');
});
afterAll(() => h.close());

/** The member's CV, saved on their seeker details: a fresh one per call. */
async function cvUrl() {
  const member = people.member!;
  const cv = await uploaded(h, member, 'document', pdf(), 'cv.pdf');
  await h.services.roles.saveJobSeeker(member.user, { openToWork: true, desiredRoles: [], cvUploadId: cv.id });
  return cv.url;
}

const rows: AuthzRow[] = [
  {
    route: 'PUT /api/user/primary-role (talent)',
    call: async () => ['PUT', '/api/user/primary-role', { role: 'talent' }],
    expect: [401, 200, 409, 200, 200, 403],
  },
  {
    route: 'PUT /api/user/primary-role (job_seeker)',
    call: async () => ['PUT', '/api/user/primary-role', { role: 'job_seeker' }],
    expect: [401, 200, 409, 403, 200, 403],
  },
  {
    route: 'GET /api/user/role-details',
    call: async () => ['GET', '/api/user/role-details'],
    expect: [401, 200, 200, 200, 200, 200],
  },
  {
    route: 'PUT /api/user/roles/employer',
    call: async () => ['PUT', '/api/user/roles/employer', employerInput()],
    expect: [401, 200, 409, 403, 200, 409],
  },
  {
    route: 'PUT /api/user/roles/talent',
    call: async () => ['PUT', '/api/user/roles/talent', talentInput()],
    expect: [401, 200, 409, 200, 200, 409],
  },
  {
    route: 'PUT /api/user/roles/job_seeker',
    call: async () => ['PUT', '/api/user/roles/job_seeker', seekerInput()],
    expect: [401, 200, 409, 403, 200, 409],
  },
  // Only the seeker reads their CV (and admins, who read every file); everyone else: no such file.
  { route: 'GET /uploads/{cv}', call: async () => ['GET', await cvUrl()], expect: [404, 200, 404, 404, 404, 200] },
  // Last: these give "other" roles.
  {
    route: 'POST /api/user/roles (employer)',
    call: async () => ['POST', '/api/user/roles', { role: 'employer' }],
    expect: [401, 200, 200, 403, 200, 403],
  },
  {
    route: 'POST /api/user/roles (talent)',
    call: async () => ['POST', '/api/user/roles', { role: 'talent' }],
    expect: [401, 200, 200, 200, 200, 403],
  },
  // Taken at once; its teaching quota waits for an approved course (granted-roles.integration.test.ts).
  {
    route: 'POST /api/user/roles (tutor)',
    call: async () => ['POST', '/api/user/roles', { role: 'tutor' }],
    expect: [401, 200, 200, 200, 200, 403],
  },
  {
    route: 'POST /api/user/roles (mentor)',
    call: async () => ['POST', '/api/user/roles', { role: 'mentor' }],
    expect: [401, 403, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/user/roles (mentee)',
    call: async () => ['POST', '/api/user/roles', { role: 'mentee' }],
    expect: [401, 403, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/user/roles (admin)',
    call: async () => ['POST', '/api/user/roles', { role: 'admin' }],
    expect: [401, 403, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/user/become-tutor',
    call: async () => ['POST', '/api/user/become-tutor'],
    expect: [401, 200, 200, 200, 200, 403],
  },
];

describeAuthzMatrix(() => h, WHO, people, rows);
