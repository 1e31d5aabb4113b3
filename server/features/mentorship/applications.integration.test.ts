import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { applicationInput, refresh } from './testing/mentorship-fixtures';

/** Becoming a mentor: one pending application, the admin's decision, the role and the notices. */
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

const notices = async (who: Actor) =>
  (await as(h, who)('GET', '/api/notifications')).json().notifications as Array<{
    title: string;
    message: string;
    link: string;
  }>;

describe('mentor applications', () => {
  it('takes one pending application, lists it for its author and the admins, and approval makes a primary mentor', async () => {
    const member = await actor(h, 'general');
    const first = await as(h, member)(
      'POST',
      '/api/mentorship/applications',
      applicationInput({ expertise: ['javascript', 'microsoft-excel'] }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), status: 'pending' });
    const second = await as(h, member)('POST', '/api/mentorship/applications', applicationInput());
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toContain('already have an application');

    const mine = (await as(h, member)('GET', '/api/mentorship/applications')).json();
    expect(mine.applications).toHaveLength(1);
    expect(mine.applications[0]).toMatchObject({
      id: first.json().id,
      status: 'pending',
      // Names from the vocabulary, as talent cards have them: never a slug on screen.
      expertise: [
        { slug: 'javascript', name: 'JavaScript' },
        { slug: 'microsoft-excel', name: 'Microsoft Excel' },
      ],
      yearsExperience: 8,
      company: 'Paystack',
    });

    const queue = (await as(h, admin)('GET', '/api/admin/mentor-applications?status=pending')).json();
    expect(queue.applications.find((a: { id: string }) => a.id === first.json().id)).toMatchObject({
      applicant: { id: member.user.id, fullName: member.user.fullName },
      expertise: [
        { slug: 'javascript', name: 'JavaScript' },
        { slug: 'microsoft-excel', name: 'Microsoft Excel' },
      ],
    });
    const consoleQueue = (await as(h, admin)('GET', '/api/admin/queues/mentors?page=1')).json();
    expect(consoleQueue.items.find((i: { id: string }) => i.id === first.json().id).evidence).toEqual({
      yearsExperience: 8,
      expertise: ['JavaScript', 'Microsoft Excel'],
    });

    const decided = await as(h, admin)('POST', `/api/admin/mentor-applications/${first.json().id}/decision`, {
      decision: 'approve',
      note: 'Welcome aboard',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'approved', decisionNote: 'Welcome aboard' });
    const again = await as(h, admin)('POST', `/api/admin/mentor-applications/${first.json().id}/decision`, {
      decision: 'reject',
      note: 'Changed my mind',
    });
    expect(again.statusCode).toBe(409);

    const now = await refresh(h, member);
    expect(now.user.role).toBe('mentor');
    expect(now.user.roles).toEqual(expect.arrayContaining(['general', 'mentor']));
    expect((await notices(member))[0]).toMatchObject({ title: 'You are now a mentor', link: '/mentor/dashboard' });
    // Listed in the directory now.
    const found = (await as(h, null)('GET', `/api/mentors/${member.user.id}`)).json();
    expect(found).toMatchObject({
      id: member.user.id,
      expertise: [
        { slug: 'javascript', name: 'JavaScript' },
        { slug: 'microsoft-excel', name: 'Microsoft Excel' },
      ],
      headline: 'Staff engineer at Paystack',
      activePlans: 0,
    });
    const listed = (await as(h, null)('GET', '/api/mentors?skills=microsoft-excel')).json();
    expect(listed.mentors.find((m: { id: string }) => m.id === member.user.id).expertise).toEqual(found.expertise);
    // A mentor does not apply again.
    expect((await as(h, now)('POST', '/api/mentorship/applications', applicationInput())).statusCode).toBe(409);
  });

  it('keeps the primary role when the applicant asked so', async () => {
    const member = await actor(h, 'student');
    const res = await as(h, member)('POST', '/api/mentorship/applications', applicationInput({ makePrimary: false }));
    await as(h, admin)('POST', `/api/admin/mentor-applications/${res.json().id}/decision`, { decision: 'approve' });
    const now = await refresh(h, member);
    expect(now.user.role).toBe('student');
    expect(now.user.roles).toContain('mentor');
  });

  it('rejects with a note the applicant reads, after which they may apply again', async () => {
    const member = await actor(h, 'general');
    const res = await as(h, member)('POST', '/api/mentorship/applications', applicationInput());
    const noNote = await as(h, admin)('POST', `/api/admin/mentor-applications/${res.json().id}/decision`, {
      decision: 'reject',
    });
    expect(noNote.statusCode).toBe(400);
    const rejected = await as(h, admin)('POST', `/api/admin/mentor-applications/${res.json().id}/decision`, {
      decision: 'reject',
      note: 'Please add a portfolio link.',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', decisionNote: 'Please add a portfolio link.' });
    expect((await notices(member))[0]).toMatchObject({
      title: 'Mentor application not approved',
      message: 'Your mentor application was not approved: Please add a portfolio link.',
    });
    expect((await refresh(h, member)).user.roles).not.toContain('mentor');
    expect((await as(h, null)('GET', `/api/mentors/${member.user.id}`)).statusCode).toBe(404);
    expect((await as(h, member)('POST', '/api/mentorship/applications', applicationInput())).statusCode).toBe(201);
    const rejectedList = (await as(h, admin)('GET', '/api/admin/mentor-applications?status=rejected')).json();
    expect(rejectedList.applications.some((a: { id: string }) => a.id === res.json().id)).toBe(true);
  });

  it('refuses invalid input with per-field messages', async () => {
    const member = await actor(h, 'general');
    const res = await as(h, member)('POST', '/api/mentorship/applications', {
      ...applicationInput(),
      expertise: [],
      bio: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });
});
