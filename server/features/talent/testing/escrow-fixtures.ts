import { and, eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Harness } from '#server/test/harness';
import { as, type Actor } from '#server/features/courses/testing/course-fixtures';
import { payments } from '#server/features/payments/payments.table';
import { ledgerPostings } from '#server/features/wallet/ledger.table';
import type { TGigDetail } from '#shared/talent/talent.schemas';
import { bidInput, gigInput } from './gig-fixtures';

/** Test helpers for the escrow suites (decision 060): a hire, a funded milestone, the wallets and the ledger. */
export const BID = 3_500_000;

/** `poster` posts a fixed-price gig, `talent` bids `amount`, the poster accepts: the gig as the poster sees it. */
export async function hire(h: Harness, poster: Actor, talent: Actor, amount = BID): Promise<TGigDetail> {
  const posted = await as(h, poster)('POST', '/api/talent/gigs', gigInput());
  expect(posted.statusCode, posted.body).toBe(201);
  const bid = await as(h, talent)('POST', `/api/talent/gigs/${posted.json().id}/bids`, bidInput({ amount }));
  expect(bid.statusCode, bid.body).toBe(201);
  const accepted = await as(h, poster)('POST', `/api/talent/bids/${bid.json().id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json();
}

export async function gigOf(h: Harness, who: Actor | null, gigId: string): Promise<TGigDetail> {
  const res = await as(h, who)('GET', `/api/talent/gigs/${gigId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Checkout and "Pay now" on the test gateway: answers the checkout's reference and the payment's id. */
export async function fund(h: Harness, poster: Actor, milestoneId: string) {
  const checkout = await as(h, poster)('POST', `/api/talent/milestones/${milestoneId}/checkout`);
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { sessionId } = checkout.json() as { sessionId: string };
  const paid = await as(h, poster)('POST', `/api/payments/test-checkout/${sessionId}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
  const [row] = await h.app.database.db.select().from(payments).where(eq(payments.reference, sessionId));
  return { reference: sessionId, paymentId: row!.id, redirectUrl: paid.json().redirectUrl as string };
}

export const wallet = async (h: Harness, who: Actor) => (await as(h, who)('GET', '/api/wallet')).json();

/** How many postings of `kind` name this source: the proof that a replay posted nothing more. */
export async function postings(h: Harness, kind: string, source: string): Promise<number> {
  const rows = await h.app.database.db
    .select({ id: ledgerPostings.id })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.kind, kind), like(ledgerPostings.source, source)));
  return rows.length;
}

/** The platform's fee on `amount` as payments fixes it (PLATFORM_FEE_PERCENT). */
export const feeOf = (h: Harness, amount: number) => Math.round((amount * h.config.payments.feePercent) / 100);
