import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, buildUser, createHarness, login, unique, type Harness } from '#server/test/harness';
import { as, actor } from '../courses/testing/course-fixtures';
import { notifications } from '../notifications/notifications.table';
import { payments, refundRequests } from '../payments/payments.table';
import { uploads } from '../uploads/uploads.table';
import { memberWithALife } from './testing/privacy-fixtures';
import { findEverywhere } from './testing/schema-walk';
import { bidInput, makeGig } from '../talent/testing/gig-fixtures';

/** "Download my data" and "Delete my account", on the harness clock. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A new person registering under `username`, with a fresh email. */
const registerAs = (username: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      username,
      email: `${unique('n')}@example.com`,
      fullName: 'New Person',
      password: 'Fresh-Start-99',
      confirmPassword: 'Fresh-Start-99',
      agreeToTerms: true,
      role: 'general',
    },
  });

/** The member takes the talent role and lists a rate: a row of theirs in the roles area. */
async function becomeTalent(call: ReturnType<typeof as>) {
  expect((await call('POST', '/api/user/roles', { role: 'talent' })).statusCode).toBe(200);
  const listed = await call('PUT', '/api/user/roles/talent', {
    hourlyRateMinor: 500_000,
    currency: 'NGN',
    availability: 'available_now',
    availableFrom: null,
  });
  expect(listed.statusCode).toBe(200);
}

describe('download my data', () => {
  it("builds one ZIP with a JSON file per area, each holding the member's rows, for its owner only and for 24 hours", async () => {
    const life = await memberWithALife(h);
    const call = as(h, life.member);
    // A row in each area of this round too: profile, roles, chat.
    expect(
      (await call('PATCH', '/api/user/profile', { headline: 'Data analyst in Ibadan', skills: ['python'] })).statusCode,
    ).toBe(200);
    await becomeTalent(call);
    const friend = await actor(h);
    const conversation = (await call('POST', '/api/chat/conversations', { userId: friend.user.id })).json();
    expect(
      (
        await call('POST', `/api/chat/conversations/${conversation.id}/messages`, {
          body: 'Hello from the export test',
        })
      ).statusCode,
    ).toBe(201);
    const first = await call('POST', '/api/user/export');
    expect(first.statusCode).toBe(202);
    expect(first.json().export).toMatchObject({ status: 'building', downloadUrl: null });
    // A second request while it builds answers the same export.
    expect((await call('POST', '/api/user/export')).json().export.id).toBe(first.json().export.id);

    await h.jobs.runDue();
    const ready = (await call('GET', '/api/user/export')).json().export;
    expect(ready).toMatchObject({
      status: 'ready',
      downloadUrl: `/api/user/exports/${ready.id}/download`,
      expiresAt: new Date(h.clock.now.getTime() + DAY).toISOString(),
    });
    const [notice] = await h.app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Your data is ready'));
    expect(notice).toMatchObject({ userId: life.member.user.id, type: 'system_update' });

    const res = await call('GET', ready.downloadUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const area = (name: string) => JSON.parse(strFromU8(files[`${name}.json`]!));
    expect(Object.keys(files).sort()).toEqual(
      [
        'account',
        'appeals',
        'assessments',
        'certificates',
        'chat',
        'courses',
        'credentials',
        'jobs',
        'lesson-qa',
        'mentorship-reviews',
        'mentorship-sessions',
        'mentorship',
        'notifications',
        'passport',
        'payments',
        'privacy',
        'profile',
        'roles',
        'security',
        'sessions',
        'talent',
        'uploads',
      ].map((a) => `${a}.json`),
    );
    expect(area('account').user).toMatchObject({
      id: life.member.user.id,
      email: life.member.user.email,
      username: life.member.user.username,
    });
    expect(area('account').user.passwordHash).toBeUndefined();
    expect(area('sessions').sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(area('sessions'))).not.toMatch(/hash/i);
    expect(area('notifications').notifications.length).toBeGreaterThan(0);
    expect(area('notifications').preferences).toContainEqual({ type: 'chat_message', email: false, inApp: null });
    const courses = area('courses');
    expect(courses.enrolments).toHaveLength(2);
    expect(courses.completedLessons.length).toBeGreaterThanOrEqual(2);
    expect(courses.reviews).toEqual([expect.objectContaining({ rating: 4, text: 'Clear lessons, good pace.' })]);
    expect(courses.coursesAuthored).toEqual([expect.objectContaining({ id: life.ownCourseId })]);
    expect(area('certificates')).toEqual([expect.objectContaining({ learnerName: life.member.user.fullName })]);
    expect(area('payments').payments).toEqual([
      expect.objectContaining({ id: life.paymentId, as: 'buyer', status: 'paid' }),
    ]);
    expect(area('payments').refundRequests).toHaveLength(1);
    expect(area('uploads')).toEqual([expect.objectContaining({ id: life.uploadId })]);
    expect(area('privacy').dateOfBirth).toBe('1990-01-01');
    expect(area('profile')).toMatchObject({
      headline: 'Data analyst in Ibadan',
      skills: [expect.objectContaining({ slug: 'python' })],
    });
    expect(area('roles').talent).toMatchObject({ hourlyRateMinor: 500_000, currency: 'NGN' });
    expect(area('jobs').applications).toEqual([
      expect.objectContaining({ coverLetter: 'I run the books for my family shop.', status: 'reviewed' }),
    ]);
    expect(area('jobs').jobsPosted).toHaveLength(1);
    expect(area('chat').messages).toEqual([expect.objectContaining({ body: 'Hello from the export test' })]);
    expect(area('security').sessions.length).toBeGreaterThan(0);
    expect(area('mentorship').applications).toEqual([
      expect.objectContaining({ status: 'approved', company: 'Paystack' }),
    ]);
    expect(area('mentorship').plans).toEqual([expect.objectContaining({ name: 'Career sprint' })]);
    expect(area('mentorship').subscriptions).toEqual([expect.objectContaining({ as: 'mentee', status: 'active' })]);

    // Anyone else: as if it did not exist.
    const other = await actor(h);
    expect((await as(h, other)('GET', ready.downloadUrl)).statusCode).toBe(404);
    expect((await as(h, life.admin)('GET', ready.downloadUrl)).statusCode).toBe(404);
    expect((await as(h, null)('GET', ready.downloadUrl)).statusCode).toBe(401);

    // After 24 hours the link is dead, and garbage collection takes the file and the export.
    h.clock.advance(DAY + HOUR);
    const later = as(h, { ...life.member, cookie: await login(h, life.member.user.username) });
    expect((await later('GET', ready.downloadUrl)).statusCode).toBe(404);
    expect((await later('GET', '/api/user/export')).json().export).toBeNull();
    await h.services.uploads.collectGarbage();
    const left = await h.app.database.db.select().from(uploads).where(eq(uploads.ownerId, life.member.user.id));
    expect(left.map((u) => u.contentType)).not.toContain('application/zip');
  });
});

describe('delete my account', () => {
  it('needs the password, keeps the account for 7 days, and a sign-in in that time cancels it and says so', async () => {
    const row = await buildUser(h);
    const member = { user: await h.services.accounts.present(row), cookie: await login(h, row.username) };
    const wrong = await as(h, member)('POST', '/api/user/delete', { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.password).toBeTruthy();

    const asked = await as(h, member)('POST', '/api/user/delete', { password: PASSWORD });
    expect(asked.statusCode).toBe(202);
    const due = new Date(h.clock.now.getTime() + 7 * DAY).toISOString();
    expect(asked.json()).toMatchObject({ scheduledFor: due });
    expect((await as(h, member)('GET', '/api/user/deletion')).json().scheduledFor).toBe(due);

    h.clock.advance(6 * DAY);
    await h.jobs.runDue();
    // The sign-in's own answer says so (issue 26); a later sign-in has nothing to say.
    const signIn = await h.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: row.username, password: PASSWORD },
    });
    expect(signIn.json().signInNotices).toEqual([
      'Welcome back. Your scheduled account deletion was cancelled, so your account stays.',
    ]);
    member.cookie = await login(h, row.username);
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: member.cookie } })).json(),
    ).not.toHaveProperty('signInNotices');
    expect((await as(h, member)('GET', '/api/user/deletion')).json()).toEqual({
      scheduledFor: null,
      requestedAt: null,
    });
    const told = await h.app.database.db.select().from(notifications).where(eq(notifications.userId, row.id));
    expect(told.map((n) => n.message)).toContain(
      'You signed in during the 7 days, so your account will not be deleted.',
    );
    h.clock.advance(2 * DAY);
    await h.jobs.runDue();
    expect((await h.services.accounts.findById(row.id))!.deletedAt).toBeNull();
    member.cookie = await login(h, row.username);

    // "Cancel deletion" works alike.
    const second = await as(h, member)('POST', '/api/user/delete', { password: PASSWORD });
    expect(second.statusCode, second.body).toBe(202);
    const cancelled = await as(h, member)('POST', '/api/user/deletion/cancel');
    expect(cancelled.json(), cancelled.body).toEqual({ scheduledFor: null, requestedAt: null });
    h.clock.advance(8 * DAY);
    await h.jobs.runDue();
    expect((await h.services.accounts.findById(row.id))!.deletedAt).toBeNull();
  });

  it('erases every area after 7 days, leaves no personal data in any table, keeps payments, and holds the username for 90 days', async () => {
    const life = await memberWithALife(h);
    const { member } = life;
    const before = { ...member.user };
    // Gigs (issue 14): hired and reviewed both ways, an open gig of their own with a bid, a pending bid elsewhere.
    const gigPoster = await actor(h);
    const hired = await makeGig(h, gigPoster.user, 'completed', { talent: member.user });
    await h.services.gigs.review(gigPoster.user, hired.id, { rating: 5, text: 'Great work' });
    await h.services.gigs.review(member.user, hired.id, { rating: 4, text: 'Clear brief' });
    const own = await makeGig(h, member.user, 'open');
    await h.services.gigs.bid(gigPoster.user, own.id, bidInput());
    await h.services.gigs.bid(member.user, (await makeGig(h, gigPoster.user, 'open')).id, bidInput());
    // Listed as a talent and invited to bid on a gig of someone else's.
    await becomeTalent(as(h, member));
    await h.services.talent.invite(gigPoster.user, (await makeGig(h, gigPoster.user, 'open')).id, member.user.id);
    expect((await as(h, member)('POST', '/api/user/delete', { password: PASSWORD })).statusCode).toBe(202);
    // A session kept alive over the 7 days (not a new sign-in, which would cancel).
    const keep = async () => expect((await as(h, member)('POST', '/api/session/extend')).statusCode).toBe(200);
    for (let hours = 0; hours < 165; hours += 5) {
      h.clock.advance(5 * HOUR);
      await keep();
    }
    await h.jobs.runDue();
    expect((await h.services.accounts.findById(before.id))!.deletedAt).toBeNull();

    h.clock.advance(4 * HOUR);
    await h.jobs.runDue();
    // Signed out everywhere, and unknown to sign-in.
    expect((await as(h, member)('GET', '/api/user')).statusCode).toBe(401);

    // Payments and the refund request stay, pointing at the anonymised account.
    const db = h.app.database.db;
    expect(await db.select({ id: payments.id }).from(payments).where(eq(payments.buyerId, before.id))).toEqual([
      { id: life.paymentId },
    ]);
    expect(await db.select().from(refundRequests).where(eq(refundRequests.requesterId, before.id))).toHaveLength(1);
    const reviews = (await as(h, life.shop.buyer)('GET', `/api/courses/${life.shop.courseId}/reviews`)).json();
    expect(JSON.stringify(reviews)).toContain('Former member');

    // The whole schema: the address, the name and the username nowhere but the held username;
    // the id only where the law keeps it or it names nobody.
    const allowed = new Set([
      'users.id',
      'users.email', // erased-<id>@deleted.invalid
      'users.username#username', // held for 90 days
      'payments.buyer_id',
      'refund_requests.requester_id',
      'course_reviews.user_id', // shown as "Former member"
      'courses.tutor_id', // archived, shown as "Former member"
      'gigs.talent_id', // the other side's record of a gig, shown as "Former member"
      'bids.bidder_id', // the accepted bid of that gig
      'gig_reviews.author_id', // reviews stay, as course reviews do
      'gig_reviews.subject_id',
      // The gig's conversation stays as the other member's history (chat's eraser keeps conversations, erasing the messages).
      'chat_conversations.user_a#id',
      'chat_conversations.user_b#id',
      'chat_members.user_id#id',
      'test_gateway_sessions.metadata', // the test gateway's own books, as Stripe's would be
    ]);
    const needles = { id: before.id, email: before.email, username: before.username, name: before.fullName };
    const hits = await findEverywhere(db, Object.values(needles));
    const named = (needle: string) => Object.entries(needles).find(([, v]) => v === needle)![0];
    const unexpected = hits.filter(
      (hit) => !allowed.has(hit.column) && !allowed.has(`${hit.column}#${named(hit.needle)}`),
    );
    expect(unexpected).toEqual([]);
    expect(hits.some((hit) => hit.column === 'users.username')).toBe(true);

    // The username is held for 90 days, then released.
    const again = await registerAs(before.username);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toContain('reserved for 90 days');
    h.clock.advance(89 * DAY);
    expect(await h.services.privacy.releaseUsernames()).toBe(0);
    h.clock.advance(2 * DAY);
    expect(await h.services.privacy.releaseUsernames()).toBeGreaterThanOrEqual(1);
    expect(await findEverywhere(db, [before.username])).toEqual([]);
    const later = await registerAs(before.username);
    expect(later.statusCode, later.body).toBe(201);
    // The old password signs nobody in.
    const signIn = await h.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: before.username, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
  });
});
