import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { adminAuditLog } from '#server/lib/audit/audit.table';
import { makeMentor, makePlan, paymentRow, subscribePaid } from './testing/mentorship-fixtures';
import { mentee, mentorWithSchedule, subscribe } from './testing/session-fixtures';
import { mentorSessionFlags } from './sessions/sessions.table';

/** Mentorship in the admin console (issue 16): revenue and sessions held by day, flagged mentors, activity. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const at = async (iso: string) => {
  h.clock.now = new Date(iso);
  await h.jobs.runDue();
};
const stats = async (from: string, to: string) => {
  const admin = await actor(h, 'admin');
  const res = await as(h, admin)('GET', `/api/admin/stats?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  const daily = res.json().daily as Array<{ key: string; points: number[]; currency: string | null }>;
  return (key: string) => daily.find((f) => f.key === key);
};
const titles = async (userId: string) =>
  (await h.services.notifications.list(userId, { limit: 50, offset: 0, unread: false })).notifications.map(
    (n) => n.title,
  );

describe('mentorship in the admin overview', () => {
  it('counts mentorship revenue (gross, fee, net) per day and currency, apart from course revenue', async () => {
    h.clock.now = new Date('2027-08-02T10:00:00Z');
    const admin = await actor(h, 'admin');
    const naira = await makeMentor(h, admin);
    const nairaPlan = await makePlan(h, naira);
    const first = await mentee(h);
    const ngn = await paymentRow(h, await subscribePaid(h, first, nairaPlan.id));

    h.clock.now = new Date('2027-08-03T10:00:00Z');
    const dollars = await makeMentor(h, await actor(h, 'admin'));
    const dollarPlan = await makePlan(h, dollars, { currency: 'USD', priceMinor: 5_000 });
    const usd = await paymentRow(h, await subscribePaid(h, await mentee(h), dollarPlan.id));

    const fig = await stats('2027-08-02', '2027-08-03');
    expect(ngn.feeMinor).toBeGreaterThan(0);
    expect(fig('mentorshipGross')).toMatchObject({ currency: 'NGN', points: [ngn.amountMinor, 0] });
    expect(fig('mentorshipFee')!.points).toEqual([ngn.feeMinor, 0]);
    expect(fig('mentorshipNet')!.points).toEqual([ngn.amountMinor - ngn.feeMinor!, 0]);
    expect(fig('mentorshipGrossUsd')).toMatchObject({ currency: 'USD', points: [0, usd.amountMinor] });
    expect(fig('mentorshipNetUsd')!.points).toEqual([0, usd.amountMinor - usd.feeMinor!]);
    // Course revenue stays courses' own.
    expect(fig('gross')!.points).toEqual([0, 0]);

    // The mentor ends it halfway: half goes back, and the day's figures lose that half and its fee.
    h.clock.now = new Date('2027-08-17T10:00:00Z');
    const [sub] = (await h.services.mentorship.subscriptions.ofMentee(first.user)).subscriptions;
    expect(await h.services.mentorship.subscriptions.cancel(naira.user, sub!.id, { immediately: true })).toMatchObject({
      refundedMinor: ngn.amountMinor / 2,
    });
    const after = await stats('2027-08-02', '2027-08-03');
    expect(after('mentorshipGross')!.points).toEqual([ngn.amountMinor / 2, 0]);
    expect(after('mentorshipFee')!.points).toEqual([ngn.feeMinor! / 2, 0]);
    expect(after('mentorshipNet')!.points).toEqual([(ngn.amountMinor - ngn.feeMinor!) / 2, 0]);

    const page = (await as(h, await actor(h, 'admin'))('GET', `/api/admin/users/${first.user.id}`)).json();
    expect(page.activity).toEqual(expect.arrayContaining([{ label: 'Mentorship subscriptions taken', value: 1 }]));
  });

  it('counts sessions held by the day they started: both people there, not a no-show', async () => {
    h.clock.now = new Date('2027-09-01T06:00:00Z');
    const mentor = await mentorWithSchedule(h);
    const m = await mentee(h);
    const sub = await subscribe(h, mentor, m, { sessionsPerMonth: 8 });
    const { calls, mentorSessions } = h.services;
    const held = await mentorSessions.book(m.user, { subscriptionId: sub, start: '2027-09-03T08:00:00Z' });
    await mentorSessions.book(m.user, { subscriptionId: sub, start: '2027-09-04T08:00:00Z' });

    h.clock.now = new Date('2027-09-03T07:55:00Z');
    const { room } = await calls.create(m.user, { source: { kind: 'session', id: held.id } });
    await calls.join(m.user.id, room);
    await calls.join(mentor.user.id, room);
    await at('2027-09-03T09:30:00Z');
    // The next day nobody comes.
    await at('2027-09-04T09:30:00Z');

    const fig = await stats('2027-09-02', '2027-09-04');
    expect(fig('sessionsHeld')!.points).toEqual([0, 1, 0]);
    const page = (await as(h, await actor(h, 'admin'))('GET', `/api/admin/users/${mentor.user.id}`)).json();
    expect(page.activity).toEqual(expect.arrayContaining([{ label: 'Mentorship sessions as mentor', value: 2 }]));
  });
});

describe('the flagged mentors queue', () => {
  const call = (who: Actor, method: 'GET' | 'POST', url: string, body?: object) => as(h, who)(method, url, body);
  const openFlags = async (admin: Actor) =>
    ((await call(admin, 'GET', '/api/admin/queues')).json().queues as Array<{ kind: string; open: number }>).find(
      (q) => q.kind === 'flagged-mentors',
    )!.open;

  it('lists a mentor flagged for three no-shows with the missed sessions; warning clears the flag once', async () => {
    h.clock.now = new Date('2027-10-01T06:00:00Z');
    const mentor = await mentorWithSchedule(h);
    const m = await mentee(h);
    const sub = await subscribe(h, mentor, m, { sessionsPerMonth: 8 });
    for (const day of ['03', '04', '05'])
      await h.services.mentorSessions.book(m.user, { subscriptionId: sub, start: `2027-10-${day}T08:00:00Z` });
    for (const day of ['03', '04', '05']) await at(`2027-10-${day}T09:00:00Z`);

    const admin = await actor(h, 'admin');
    expect(await openFlags(admin)).toBe(1);
    const list = (await call(admin, 'GET', '/api/admin/queues/flagged-mentors?page=1')).json();
    expect(list.items).toHaveLength(1);
    const [item] = list.items;
    expect(item).toMatchObject({
      id: mentor.user.id,
      subjectUserId: mentor.user.id,
      actions: ['dismiss', 'warn'],
      link: `/admin/dashboard/members/${mentor.user.id}`,
    });
    expect(item.evidence.noShows).toBe(3);
    expect(item.evidence.missedSessions.map((s: { startAt: string }) => s.startAt.slice(0, 10))).toEqual([
      '2027-10-03',
      '2027-10-04',
      '2027-10-05',
    ]);

    const warned = await call(admin, 'POST', `/api/admin/queues/flagged-mentors/items/${mentor.user.id}/actions`, {
      action: 'warn',
      note: 'Please join on time.',
    });
    expect(warned.statusCode, warned.body).toBe(200);
    expect(warned.json()).toEqual({ id: mentor.user.id, status: 'warned' });
    expect(await openFlags(admin)).toBe(0);
    expect(await titles(mentor.user.id)).toContain('A warning from the team');
    expect(
      (
        await call(admin, 'POST', `/api/admin/queues/flagged-mentors/items/${mentor.user.id}/actions`, {
          action: 'dismiss',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await call(admin, 'POST', '/api/admin/queues/flagged-mentors/items/nobody/actions', { action: 'dismiss' }))
        .statusCode,
    ).toBe(404);
    const [entry] = await h.app.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, mentor.user.id));
    expect(entry).toMatchObject({ action: 'mentor_flag.warn', targetType: 'user', reason: 'Please join on time.' });
  });

  it('two admins acting at once: exactly one applies, one audit entry', async () => {
    const mentor = await mentorWithSchedule(h);
    await h.app.database.db
      .insert(mentorSessionFlags)
      .values({ mentorId: mentor.user.id, noShows: 3, flaggedAt: h.clock.now });
    const [a, b] = [await actor(h, 'admin'), await actor(h, 'admin')];
    const url = `/api/admin/queues/flagged-mentors/items/${mentor.user.id}/actions`;
    const results = await Promise.all([
      call(a, 'POST', url, { action: 'dismiss' }),
      call(b, 'POST', url, { action: 'warn' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      await h.app.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, mentor.user.id)),
    ).toHaveLength(1);
  });
});
