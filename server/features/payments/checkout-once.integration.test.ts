import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, onPostgres, type Harness } from '#server/test/harness';
import { courses } from '../courses/catalogue/courses.table';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { CHECKOUT_REUSE_MS } from './payments.policy';
import { payments, testGatewaySessions } from './payments.table';
import { ONCE, PRICE, books, checkout, payTest, sale, type Sale } from './testing/payment-fixtures';

/**
 * One open checkout per buyer and item (decision 048): the probe of issue 25 sent 20 checkouts
 * of one course at once and found 20 pending payments. Now they share one, each answered alike.
 */
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

const post = (who: Actor | null, courseId: string) =>
  as(h, who)('POST', `/api/course-payments/courses/${courseId}/checkout`);
const rowsOf = (s: Pick<Sale, 'buyer' | 'courseId'>) =>
  h.app.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.buyerId, s.buyer.user.id), eq(payments.itemId, s.courseId)));
const statuses = async (s: Sale) =>
  Object.fromEntries((await rowsOf(s)).map((r) => [r.reference, r.status])) as Record<string, string>;

describe(`checkouts of one course at once (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('leave one pending payment, and every one of the 20 gets its url', async () => {
    const s = await sale(h, admin);
    const other = await actor(h, 'student');
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => post(s.buyer, s.courseId)),
      post(other, s.courseId),
      post(null, s.courseId),
      post(admin, s.courseId),
      post(s.tutor, s.courseId),
    ]);
    const mine = answers.slice(0, 20);
    expect(mine.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(mine.map((r) => r.body)).size).toBe(1);
    const pending = (await rowsOf(s)).filter((r) => r.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(mine[0]!.json()).toEqual({
      url: pending[0]!.checkoutUrl,
      gateway: 'test',
      sessionId: pending[0]!.reference,
    });

    // Another member buys for themselves; a visitor, an admin and the tutor are refused as before.
    const theirs = answers[20]!;
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().sessionId).not.toBe(pending[0]!.reference);
    expect(answers.slice(21).map((r) => r.statusCode)).toEqual([401, 403, 403]);

    // The shared checkout is paid once, like any.
    expect((await payTest(h, s.buyer, pending[0]!.reference)).statusCode).toBe(200);
    expect(await books(h, s)).toEqual(ONCE);
  });
});

describe('a checkout while one is open', () => {
  it('answers the open one for an hour, then opens another; the first still counts if paid', async () => {
    const s = await sale(h, admin, { lessons: 1 });
    const first = await checkout(h, s.buyer, s.courseId);
    h.clock.advance(CHECKOUT_REUSE_MS - 60_000);
    expect(await checkout(h, s.buyer, s.courseId)).toEqual(first);

    h.clock.advance(60_000);
    const second = await checkout(h, s.buyer, s.courseId);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await statuses(s)).toEqual({ [first.sessionId]: 'expired', [second.sessionId]: 'pending' });
    // Paid at the gateway after all: fulfilled (decision 007), and the open one stays payable.
    expect((await payTest(h, s.buyer, first.sessionId)).statusCode).toBe(200);
    expect(await books(h, s)).toEqual(ONCE);
  });

  it('opens another when the price changed or the open one was cancelled', async () => {
    const s = await sale(h, admin);
    const first = await checkout(h, s.buyer, s.courseId);
    await h.app.database.db
      .update(courses)
      .set({ priceMinor: PRICE * 2 })
      .where(eq(courses.id, s.courseId));
    const dearer = await checkout(h, s.buyer, s.courseId);
    expect(dearer.sessionId).not.toBe(first.sessionId);
    const [session] = await h.app.database.db
      .select()
      .from(testGatewaySessions)
      .where(eq(testGatewaySessions.reference, dearer.sessionId));
    expect(session!.amountMinor).toBe(PRICE * 2);

    const cancelled = await as(h, s.buyer)('POST', `/api/payments/test-checkout/${dearer.sessionId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const again = await checkout(h, s.buyer, s.courseId);
    expect(again.sessionId).not.toBe(dearer.sessionId);
    expect(await statuses(s)).toEqual({
      [first.sessionId]: 'expired',
      [dearer.sessionId]: 'cancelled',
      [again.sessionId]: 'pending',
    });
  });
});
