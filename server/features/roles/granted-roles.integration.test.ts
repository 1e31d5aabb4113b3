import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, courseInput, makeCourse, type Actor } from '../courses/testing/course-fixtures';
import { applicationInput } from '../mentorship/testing/mentorship-fixtures';
import { pdf, upload } from './testing/role-fixtures';

const MB = 1024 * 1024;
const GROWS = 'Your storage grows to 2.0 MB once an admin approves your first course.';

/**
 * Decision 047: a role anyone may take gives its privileges only once an admin has reviewed it.
 * Small quotas (1 MB for members, 2 MB for teaching) so that 0.6 MB files tell them apart: two
 * fit only in the teaching quota.
 */
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness({ env: { UPLOAD_QUOTA_MB: '1', UPLOAD_QUOTA_TUTOR_MB: '2' } });
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

const send = (who: Actor) => upload(h, who, 'document', pdf(0.6 * MB), 'lesson.pdf');
const storageOf = async (who: Actor) => (await as(h, who)('GET', '/api/user/role-details')).json().teachingStorage;

/** Whether the member's uploads reach past the member quota now: the second 0.6 MB file tells. */
async function fitsTwo(who: Actor): Promise<boolean> {
  const first = await send(who);
  expect(first.statusCode, first.body).toBe(201);
  const second = await send(who);
  // Both removed again, so that the next check starts from the same room.
  await h.services.uploads.eraseOwner(who.user.id);
  if (second.statusCode === 201) return true;
  expect(second.statusCode, second.body).toBe(413);
  return false;
}

async function takeTutor(who: Actor): Promise<Actor> {
  const res = await as(h, who)('POST', '/api/user/roles', { role: 'tutor' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ role: 'general', roles: ['general', 'tutor'] });
  return { ...who, user: res.json() as TUser };
}

describe('the tutor role', () => {
  it('is taken at once (200) and a course built at once, but the quota stays the member’s until a course is approved', async () => {
    const ada = await takeTutor(await actor(h));
    expect((await as(h, ada)('POST', '/api/courses', courseInput())).statusCode).toBe(201);
    expect(await storageOf(ada)).toEqual({ granted: false, memberBytes: 1 * MB, teachingBytes: 2 * MB });

    await send(ada);
    const refused = await send(ada);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBe(
      'This upload does not fit in your storage: you use 0.6 MB of your 1.0 MB. ' +
        'Remove files you no longer use from your lessons (unused files are deleted after a day) or upload a smaller file. ' +
        GROWS,
    );
    await h.services.uploads.eraseOwner(ada.user.id);

    await makeCourse(h, ada.user, { status: 'in_review' });
    expect(await fitsTwo(ada)).toBe(false);
    await makeCourse(h, ada.user, { status: 'rejected', admin: admin.user });
    expect(await fitsTwo(ada)).toBe(false);

    await makeCourse(h, ada.user, { status: 'published', admin: admin.user });
    expect(await fitsTwo(ada)).toBe(true);
    expect(await storageOf(ada)).toEqual({ granted: true, memberBytes: 1 * MB, teachingBytes: 2 * MB });
  });

  it('keeps the teaching quota when the approved course is archived, and loses it with the role', async () => {
    const ben = await takeTutor(await actor(h));
    const course = await makeCourse(h, ben.user, { admin: admin.user });
    expect((await as(h, ben)('DELETE', `/api/courses/${course.id}`)).statusCode).toBe(204);
    expect((await h.services.courses.detail(ben.user, course.id)).status).toBe('archived');
    expect(await fitsTwo(ben)).toBe(true);

    await h.services.accounts.setRoles(ben.user.id, ['general']);
    expect(await fitsTwo(ben)).toBe(false);
    expect((await storageOf(ben)).granted).toBe(false);
  });

  it('gives nothing to many sign-ups that each take it: every one keeps the member quota', async () => {
    const members = await Promise.all([1, 2, 3].map(async () => takeTutor(await actor(h))));
    for (const member of members) expect(await fitsTwo(member)).toBe(false);
  });
});

describe('the mentor role', () => {
  it('is never taken; the teaching quota comes with the approved application', async () => {
    const cy = await actor(h);
    expect((await as(h, cy)('POST', '/api/user/roles', { role: 'mentor' })).statusCode).toBe(403);
    const { applications } = h.services.mentorship;
    const { id } = await applications.apply(cy.user, applicationInput());
    expect(await fitsTwo(cy)).toBe(false);
    await send(cy);
    const refused = await send(cy);
    // Not a tutor: nothing to promise about a first course.
    expect(refused.json().error).not.toContain(GROWS);
    await h.services.uploads.eraseOwner(cy.user.id);

    await applications.decide(admin.user, id, { decision: 'approve' });
    expect(await fitsTwo(cy)).toBe(true);
    expect((await storageOf(cy)).granted).toBe(true);
  });
});

describe('who may take the tutor role (POST /api/user/roles)', () => {
  it('a visitor: 401', async () => {
    expect((await as(h, null)('POST', '/api/user/roles', { role: 'tutor' })).statusCode).toBe(401);
  });

  it('a member suspended from courses: 403, the role not taken and the quota the member’s', async () => {
    const dee = await actor(h);
    await h.services.accounts.suspend(dee.user.id, { reason: 'Copied courses', restrictions: ['courses'] });
    const res = await as(h, dee)('POST', '/api/user/roles', { role: 'tutor' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_SUSPENDED');
    expect((await as(h, dee)('GET', '/api/user')).json().roles).toEqual(['general']);
    expect((await storageOf(dee)).granted).toBe(false);
  });

  it('a member suspended from jobs only: 200, and still the member quota', async () => {
    const eve = await actor(h);
    await h.services.accounts.suspend(eve.user.id, { reason: 'Fake job posts', restrictions: ['jobs'] });
    await takeTutor(eve);
    expect(await fitsTwo(eve)).toBe(false);
  });

  it('an admin: 403', async () => {
    const res = await as(h, admin)('POST', '/api/user/roles', { role: 'tutor' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Administrator accounts do not take on member roles.');
  });
});
