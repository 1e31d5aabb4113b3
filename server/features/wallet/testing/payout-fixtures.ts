import { PASSWORD, type Harness } from '#server/test/harness';
import { as, actor, type Actor } from '../../courses/testing/course-fixtures';
import { post } from '../ledger';

/** Guaranty Trust Bank, in every gateway's list. */
export const GTB = '058';

/** A member with `availableMinor` to withdraw (an adjustment from the platform's fees, as an admin's would be). */
export async function earner(h: Harness, availableMinor: number): Promise<Actor> {
  const who = await actor(h);
  await post(h.app.database.db, {
    kind: 'adjustment',
    source: `test:${who.user.id}`,
    subject: `test:${who.user.id}`,
    description: 'Earnings for the test',
    currency: 'NGN',
    at: h.clock.now,
    lines: [
      { ownerId: null, account: 'platform_fees', amountMinor: -availableMinor },
      { ownerId: who.user.id, account: 'available', amountMinor: availableMinor },
    ],
  });
  return who;
}

/** The member's side of payouts, through the API; `h` is read at each call (suites make it in beforeAll). */
export function payoutCalls(harness: () => Harness) {
  const call = (who: Actor) => as(harness(), who);
  return {
    setAccount: (who: Actor, accountNumber: string, password = PASSWORD) =>
      call(who)('PUT', '/api/wallet/payout-account', { bankCode: GTB, accountNumber, password }),
    withdraw: (who: Actor, amountMinor: number) => call(who)('POST', '/api/wallet/payouts', { amountMinor }),
    wallet: async (who: Actor) => (await call(who)('GET', '/api/wallet')).json(),
    payoutsOf: async (who: Actor) => (await call(who)('GET', '/api/wallet/payouts')).json().payouts,
  };
}
