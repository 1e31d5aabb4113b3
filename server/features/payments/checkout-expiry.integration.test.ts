import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, login, type Harness } from '#server/test/harness';
import { actor, type Actor } from '../courses/testing/course-fixtures';
import { CHECKOUT_EXPIRY_HOURS } from './payments.queue';
import { payments, testGatewaySessions } from './payments.table';
import { NOTHING, ONCE, books, checkout, sale, verify } from './testing/payment-fixtures';

/**
 * Abandoned checkouts expire a day later, on the gateway's word: one the gateway shows paid (a
 * webhook that never came) is fulfilled instead, and one paid after it expired still is.
 */
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

const statusOf = async (reference: string) =>
  (await h.app.database.db.select().from(payments).where(eq(payments.reference, reference)))[0]!.status;
const payAtGateway = (reference: string) =>
  h.app.database.db
    .update(testGatewaySessions)
    .set({ status: 'paid' })
    .where(eq(testGatewaySessions.reference, reference));
/** The buyer comes back a day later, signing in again (sessions last less than a day). */
const signIn = async (who: Actor) => ({ ...who, cookie: await login(h, who.user.username) });
const dayLater = async () => {
  h.clock.advance(CHECKOUT_EXPIRY_HOURS * 3_600_000);
  await h.jobs.runDue();
};

describe('abandoned checkouts', () => {
  it('stay pending for a day, then expire when the gateway shows them unpaid', async () => {
    const s = await sale(h, admin);
    const { sessionId } = await checkout(h, s.buyer, s.courseId);
    h.clock.advance(CHECKOUT_EXPIRY_HOURS * 3_600_000 - 60_000);
    await h.jobs.runDue();
    expect(await statusOf(sessionId)).toBe('pending');
    h.clock.advance(60_000);
    await h.jobs.runDue();
    expect(await statusOf(sessionId)).toBe('expired');
    const res = await verify(h, await signIn(s.buyer), s.courseId, sessionId);
    expect([res.statusCode, res.json().error]).toEqual([402, 'This checkout has expired. You have not been charged.']);
    expect(await books(h, s)).toEqual(NOTHING);
  });

  it('are fulfilled, not expired, when the gateway shows them paid', async () => {
    const s = await sale(h, admin);
    const { sessionId } = await checkout(h, s.buyer, s.courseId);
    await payAtGateway(sessionId);
    await dayLater();
    expect(await statusOf(sessionId)).toBe('paid');
    expect(await books(h, s)).toEqual(ONCE);
  });

  it('are still fulfilled when the gateway takes the money after they expired', async () => {
    const s = await sale(h, admin);
    const { sessionId } = await checkout(h, s.buyer, s.courseId);
    await dayLater();
    expect(await statusOf(sessionId)).toBe('expired');
    await payAtGateway(sessionId);
    const res = await verify(h, await signIn(s.buyer), s.courseId, sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(sessionId)).toBe('paid');
    expect(await books(h, s)).toEqual(ONCE);
  });
});
