import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, courseInput, makeCourse } from '../courses/testing/course-fixtures';
import { pngImage } from '../uploads/testing/images';
import { eraseRoles, employerProfileOf, exportRoles, seekerProfileOf, talentProfileOf } from './role-details';
import { employerInput, pdf, seekerInput, talentInput, upload, uploaded } from './testing/role-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const db = () => h.app.database.db;

describe('taking on roles', () => {
  it('adds a held role, once, and leaves the primary role unless asked; GET /api/user shows both', async () => {
    const ada = await actor(h);
    const call = as(h, ada);
    const first = await call('POST', '/api/user/roles', { role: 'employer' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ role: 'general', roles: ['general', 'employer'] });
    expect((await call('POST', '/api/user/roles', { role: 'employer' })).json().roles).toEqual(['general', 'employer']);
    const primary = await call('POST', '/api/user/roles', { role: 'talent', primary: true });
    expect(primary.json()).toMatchObject({ role: 'talent', roles: ['general', 'employer', 'talent'] });
    expect((await call('GET', '/api/user')).json()).toMatchObject({
      role: 'talent',
      roles: ['general', 'employer', 'talent'],
    });
  });

  it('refuses mentor, mentee and admin with a sentence saying how they come', async () => {
    const ben = await actor(h);
    const refusal = async (role: string) => {
      const res = await as(h, ben)('POST', '/api/user/roles', { role });
      expect(res.statusCode).toBe(403);
      return res.json().error as string;
    };
    expect(await refusal('mentor')).toMatch(/mentor application/);
    expect(await refusal('mentee')).toMatch(/subscribe to a mentor plan/);
    expect(await refusal('admin')).toMatch(/Administrator/);
    expect((await as(h, ben)('GET', '/api/user')).json().roles).toEqual(['general']);
    expect((await as(h, ben)('POST', '/api/user/roles', { role: 'wizard' })).statusCode).toBe(400);
  });

  it('makes only a held role primary, and keeps an admin an admin', async () => {
    const cy = await actor(h);
    const res = await as(h, cy)('PUT', '/api/user/primary-role', { role: 'employer' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: expect.stringMatching(/take it on first/),
      fields: { role: expect.any(String) },
    });
    await as(h, cy)('POST', '/api/user/roles', { role: 'employer' });
    expect((await as(h, cy)('PUT', '/api/user/primary-role', { role: 'employer' })).json()).toMatchObject({
      role: 'employer',
    });
    expect((await as(h, cy)('PUT', '/api/user/primary-role', { role: 'general' })).json()).toMatchObject({
      role: 'general',
      roles: ['general', 'employer'],
    });
    const admin = await actor(h, 'admin');
    expect((await as(h, admin)('PUT', '/api/user/primary-role', { role: 'admin' })).statusCode).toBe(403);
  });

  it('keeps a tutor teaching after hiring becomes their primary role', async () => {
    const tutor = await actor(h);
    const call = as(h, tutor);
    expect((await call('POST', '/api/user/become-tutor')).json()).toMatchObject({
      role: 'tutor',
      roles: ['general', 'tutor'],
    });
    const course = (await call('POST', '/api/courses', courseInput())).json();
    expect((await call('POST', '/api/user/roles', { role: 'employer', primary: true })).json()).toMatchObject({
      role: 'employer',
    });
    const mine = await call('GET', '/api/tutor/courses');
    expect(mine.json().courses.map((c: { id: string }) => c.id)).toEqual([course.id]);
    expect(
      (await call('PATCH', `/api/courses/${course.id}`, { title: 'Bookkeeping for small shops' })).statusCode,
    ).toBe(200);
    expect((await call('POST', '/api/courses', courseInput({ title: 'A second course' }))).statusCode).toBe(201);
    // And the detail page still treats them as its tutor.
    expect((await call('GET', `/api/courses/${course.id}`)).json().viewer).toMatchObject({
      isTutor: true,
      canEdit: true,
    });
  });

  it('lets an employer-only member create no course', async () => {
    const dee = await actor(h);
    await as(h, dee)('POST', '/api/user/roles', { role: 'employer', primary: true });
    expect((await as(h, dee)('POST', '/api/courses', courseInput())).statusCode).toBe(403);
  });

  it('reaches everyone holding a role with a broadcast to it, primary or not', async () => {
    const admin = await actor(h, 'admin');
    const tutor = await actor(h, 'tutor');
    await makeCourse(h, tutor.user, { admin: admin.user, status: 'draft' });
    await as(h, tutor)('POST', '/api/user/roles', { role: 'employer', primary: true });
    const res = await as(h, admin)('POST', '/api/admin/broadcasts', {
      title: 'Tutors: new payouts',
      message: 'Monthly now',
      audience: 'tutor',
    });
    expect(res.statusCode, res.body).toBe(201);
    await h.jobs.runDue();
    const inbox = (await as(h, tutor)('GET', '/api/notifications?limit=20&offset=0')).json();
    expect(inbox.notifications.map((n: { title: string }) => n.title)).toContain('Tutors: new payouts');
  });
});

describe('role details', () => {
  it('saves the employer with a logo of their own, and refuses one of another member', async () => {
    const eve = await actor(h);
    const other = await actor(h);
    const call = as(h, eve);
    await call('POST', '/api/user/roles', { role: 'employer' });
    const logo = await uploaded(h, eve, 'image', await pngImage(64, 64), 'logo.png');
    const saved = await call('PUT', '/api/user/roles/employer', employerInput({ logoUploadId: logo.id }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      companyName: 'Lagos Logistics Ltd',
      logo: { id: logo.id },
      sizeBand: '11-50',
    });
    expect((await employerProfileOf(eve.user.id, db()))?.companyName).toBe('Lagos Logistics Ltd');
    const theirs = await uploaded(h, other, 'image', await pngImage(32, 32), 'theirs.png');
    const refused = await call('PUT', '/api/user/roles/employer', employerInput({ logoUploadId: theirs.id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('logoUploadId');
    const bad = await call('PUT', '/api/user/roles/employer', employerInput({ companyName: '', website: 'lagos' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['companyName', 'website']);
    expect((await call('GET', '/api/user/role-details')).json()).toMatchObject({
      employer: { companyName: 'Lagos Logistics Ltd' },
      talent: null,
      jobSeeker: null,
    });
  });

  it('saves the talent rate and availability; "from a date" needs the date', async () => {
    const fay = await actor(h);
    const call = as(h, fay);
    await call('POST', '/api/user/roles', { role: 'talent' });
    const missing = await call('PUT', '/api/user/roles/talent', talentInput({ availability: 'available_from' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('availableFrom');
    const saved = await call(
      'PUT',
      '/api/user/roles/talent',
      talentInput({
        currency: 'USD',
        hourlyRateMinor: 2500,
        availability: 'available_from',
        availableFrom: '2027-01-15',
      }),
    );
    expect(saved.json()).toMatchObject({ currency: 'USD', hourlyRateMinor: 2500, availableFrom: '2027-01-15' });
    const now = await call('PUT', '/api/user/roles/talent', talentInput({ availableFrom: '2027-01-15' }));
    expect(now.json()).toMatchObject({ availability: 'available_now', availableFrom: null });
    expect((await talentProfileOf(fay.user.id, db()))?.availability).toBe('available_now');
  });

  it('takes a CV that is a PDF of at most 5 MB: a renamed text file and a larger PDF are refused', async () => {
    const gus = await actor(h);
    const call = as(h, gus);
    await call('POST', '/api/user/roles', { role: 'job_seeker' });
    const renamed = await upload(h, gus, 'document', Buffer.from('Name: Gus\nExperience: lots\n'.repeat(50)), 'cv.pdf');
    expect(renamed.statusCode).toBe(415);
    const big = await uploaded(h, gus, 'document', pdf(5 * 1024 * 1024 + 1), 'big-cv.pdf');
    const tooBig = await call('PUT', '/api/user/roles/job_seeker', seekerInput({ cvUploadId: big.id }));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ fields: { cvUploadId: 'At most 5 MB' } });
    const cv = await uploaded(h, gus, 'document', pdf(), 'cv.pdf');
    const saved = await call(
      'PUT',
      '/api/user/roles/job_seeker',
      seekerInput({ cvUploadId: cv.id, desiredRoles: ['Data analyst', 'Data analyst', 'BI developer'] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      openToWork: true,
      desiredRoles: ['Data analyst', 'BI developer'],
      cv: { id: cv.id },
    });
    expect((await seekerProfileOf(gus.user.id, db()))?.cvUploadId).toBe(cv.id);
  });

  it('lets a registered CV reader open a CV to someone else (the hook jobs will use)', async () => {
    const seeker = await actor(h);
    const employer = await actor(h);
    await as(h, seeker)('POST', '/api/user/roles', { role: 'job_seeker' });
    const cv = await uploaded(h, seeker, 'document', pdf(), 'cv.pdf');
    await as(h, seeker)('PUT', '/api/user/roles/job_seeker', seekerInput({ cvUploadId: cv.id }));
    expect((await as(h, employer)('GET', cv.url)).statusCode).toBe(404);
    h.services.roles.addCvReader(
      async (viewer, seekerId) => viewer.id === employer.user.id && seekerId === seeker.user.id,
    );
    expect((await as(h, employer)('GET', cv.url)).statusCode).toBe(200);
  });
});

describe('privacy registry', () => {
  it('exports the role details and erases them', async () => {
    const hal = await actor(h);
    await as(h, hal)('POST', '/api/user/roles', { role: 'employer' });
    await as(h, hal)('POST', '/api/user/roles', { role: 'talent' });
    await as(h, hal)('PUT', '/api/user/roles/employer', employerInput());
    await as(h, hal)('PUT', '/api/user/roles/talent', talentInput());
    const exported = await exportRoles(hal.user.id, db());
    expect(exported).toMatchObject({
      employer: { companyName: 'Lagos Logistics Ltd' },
      talent: { currency: 'NGN' },
      jobSeeker: null,
    });
    await eraseRoles(hal.user.id, db());
    expect(await exportRoles(hal.user.id, db())).toEqual({ employer: null, talent: null, jobSeeker: null });
  });
});
