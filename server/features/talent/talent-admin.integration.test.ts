import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { adminAuditLog } from '#server/lib/audit/audit.table';
import { bidInput, gigInput, makeGig } from './testing/gig-fixtures';

/** The gigs figures of the admin overview, the disputes queue and a member's gigs activity (issue 16). */
let h: Harness;
let adminA: Actor;
let adminB: Actor;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const DAYS = ['2027-07-01', '2027-07-02', '2027-07-03'];
const on = async (day: string) => {
  h.clock.now = new Date(`${day}T10:00:00Z`);
  // A moved clock ends sessions: the admins sign in again on each day.
  [adminA, adminB] = [await actor(h, 'admin'), await actor(h, 'admin')];
};
const people = async () => [await actor(h, 'general'), await actor(h, 'general')] as const;
const titles = async (userId: string) =>
  (await h.services.notifications.list(userId, { limit: 50, offset: 0, unread: false })).notifications.map(
    (n) => n.title,
  );

describe('gigs in the admin overview', () => {
  it('counts gigs opened, filled (hired) and completed per day, a dispute decided for the talent included', async () => {
    const { gigs } = h.services;
    await on(DAYS[0]!);
    const [poster, talent] = await people();
    const g1 = await gigs.create(poster.user, gigInput({ title: 'Logo one' }));
    const g2 = await gigs.create(poster.user, gigInput({ title: 'Logo two' }));
    await gigs.create(poster.user, gigInput({ title: 'Logo three' }));
    const b1 = await gigs.bid(talent.user, g1.id, bidInput());
    const b2 = await gigs.bid(talent.user, g2.id, bidInput());

    await on(DAYS[1]!);
    await gigs.acceptBid(poster.user, b1.id);
    await gigs.deliver(talent.user, g1.id, 'Files attached.');
    await gigs.acceptDelivery(poster.user, g1.id);
    await gigs.acceptBid(poster.user, b2.id);

    await on(DAYS[2]!);
    await gigs.deliver(talent.user, g2.id, 'Files attached.');
    await gigs.dispute(poster.user, g2.id, 'Only one colour was delivered.');
    const decided = await as(h, adminA)('POST', `/api/admin/queues/disputes/items/${g2.id}/actions`, {
      action: 'complete',
      note: 'Both variants are in the files.',
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const res = await as(h, adminA)('GET', `/api/admin/stats?from=${DAYS[0]}&to=${DAYS.at(-1)}`);
    expect(res.statusCode, res.body).toBe(200);
    const fig = (key: string) =>
      (res.json().daily as Array<{ key: string; points: number[] }>).find((f) => f.key === key)?.points;
    expect(fig('gigsOpened')).toEqual([3, 0, 0]);
    expect(fig('gigsFilled')).toEqual([0, 2, 0]);
    expect(fig('gigsCompleted')).toEqual([0, 1, 1]);

    const posterPage = (await as(h, adminA)('GET', `/api/admin/users/${poster.user.id}`)).json();
    expect(posterPage.activity).toEqual(expect.arrayContaining([{ label: 'Gigs posted', value: 3 }]));
    const talentPage = (await as(h, adminA)('GET', `/api/admin/users/${talent.user.id}`)).json();
    expect(talentPage.activity).toEqual(
      expect.arrayContaining([
        { label: 'Gigs hired for', value: 2 },
        { label: 'Bids made', value: 2 },
      ]),
    );
  });
});

describe('the gig disputes queue', () => {
  const openDisputes = async () =>
    ((await as(h, adminA)('GET', '/api/admin/queues')).json().queues as Array<{ kind: string; open: number }>).find(
      (q) => q.kind === 'disputes',
    )!.open;

  it('lists a dispute with its evidence; deciding it applies once and tells both sides', async () => {
    await on(DAYS[2]!);
    const [poster, talent] = await people();
    const before = await openDisputes();
    const gig = await makeGig(h, poster.user, 'disputed', { talent: talent.user });
    expect(await openDisputes()).toBe(before + 1);

    const list = (await as(h, adminA)('GET', '/api/admin/queues/disputes?page=1')).json();
    const item = list.items.find((i: { id: string }) => i.id === gig.id);
    expect(item).toMatchObject({
      actions: ['complete', 'cancel'],
      link: `/gigs/${gig.id}`,
      summary: `Opened by ${poster.user.fullName}: Not what we agreed.`,
      claim: null,
    });
    expect(item.evidence).toMatchObject({
      poster: { id: poster.user.id },
      talent: { id: talent.user.id },
      delivery: { note: 'Here are the files.' },
    });
    expect(item.evidence.history.map((e: { transition: string }) => e.transition)).toEqual([
      'accept_bid',
      'deliver',
      'dispute',
    ]);

    const applied = await as(h, adminA)('POST', `/api/admin/queues/disputes/items/${gig.id}/actions`, {
      action: 'cancel',
      note: 'The brief was never agreed.',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ id: gig.id, status: 'cancelled' });
    expect(await openDisputes()).toBe(before);
    expect(
      (await as(h, adminA)('POST', `/api/admin/queues/disputes/items/${gig.id}/actions`, { action: 'complete' }))
        .statusCode,
    ).toBe(409);
    expect((await as(h, poster)('GET', `/api/talent/gigs/${gig.id}`)).json()).toMatchObject({ status: 'cancelled' });
    for (const who of [poster, talent]) expect(await titles(who.user.id)).toContain('Dispute decided');
    const [entry] = await h.app.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, gig.id));
    expect(entry).toMatchObject({
      action: 'gig.dispute.cancel',
      targetType: 'gig',
      reason: 'The brief was never agreed.',
    });
  });

  it('two admins acting at once: exactly one decision applies, one audit entry', async () => {
    await on(DAYS[2]!);
    const [poster, talent] = await people();
    const gig = await makeGig(h, poster.user, 'disputed', { talent: talent.user });
    const results = await Promise.all([
      as(h, adminA)('POST', `/api/admin/queues/disputes/items/${gig.id}/actions`, { action: 'complete' }),
      as(h, adminB)('POST', `/api/admin/queues/disputes/items/${gig.id}/actions`, { action: 'cancel' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await h.app.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, gig.id))).toHaveLength(
      1,
    );
  });

  it('answers 404 for a gig that is not there and 409 for one not in dispute', async () => {
    await on(DAYS[2]!);
    const [poster, talent] = await people();
    const gig = await makeGig(h, poster.user, 'delivered', { talent: talent.user });
    expect(
      (await as(h, adminA)('POST', '/api/admin/queues/disputes/items/not-a-gig/actions', { action: 'complete' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(h, adminA)('POST', `/api/admin/queues/disputes/items/${gig.id}/actions`, { action: 'complete' }))
        .statusCode,
    ).toBe(409);
  });
});
