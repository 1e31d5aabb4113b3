import type { AllServices } from '#server/platform/module';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { PAYOUT_MIN_MINOR } from '#shared/wallet/payouts.schemas';

const DAY = 86_400_000;
const NAIRA = 100;

/**
 * [days ago, who, what]: adaeze's first payout account is at a bank that refuses transfers, so her
 * first payout fails and comes back with the reason; she changes the account (payouts wait a
 * day) and a later payout is paid. folake withdraws part of her mentorship earnings.
 */
type WalletEvent =
  | [daysAgo: number, username: string, 'account', bankCode: string, accountNumber: string]
  | [daysAgo: number, username: string, 'payout', naira: number];

const EVENTS: WalletEvent[] = [
  [40, 'adaeze', 'account', '044', '0123450000'],
  [40, 'adaeze', 'payout', 50_000],
  [39, 'adaeze', 'account', '058', '0123456789'],
  [25, 'adaeze', 'payout', 100_000],
  [10, 'folake', 'account', '50211', '2034567891'],
  [10, 'folake', 'payout', 15_000],
];
/** The oldest demo sale is 148 days old: the sweep starts before it. */
const FIRST_DAY = 150;

/**
 * Wallets with history (issue 27). The demo's sales are in the ledger already (posted when they
 * were paid); here the seed's clock walks day by day from before the first sale to today and the
 * sweep runs each day, so every sale clears seven days after it as the 15-minute sweep would have
 * (the last few are still pending), and the payout events happen on their days through the
 * services: payout accounts confirmed with the password, payouts sent by the job's own function
 * on the test gateway. A member who has a payout account already is left alone, so running it
 * twice changes nothing. Answers a line about what was made.
 */
export async function seedWallets(
  services: AllServices,
  opts: { people: TUser[]; password: string; setClock: (at: Date) => Promise<void> },
): Promise<string> {
  const { wallet, payouts, payments } = services;
  if (!payments.testCheckout) return 'No demo payouts: they go through the test gateway only.';
  const person = (username: string) => opts.people.find((p) => p.username === username)!;
  const fresh = new Set<string>();
  for (const username of new Set(EVENTS.map((e) => e[1])))
    if (!(await payouts.account(person(username).id))) fresh.add(username);
  const made = { paid: 0, failed: 0 };

  for (let daysAgo = FIRST_DAY; daysAgo >= 0; daysAgo--) {
    await opts.setClock(new Date(Date.now() - daysAgo * DAY));
    await wallet.clearDue();
    for (const event of EVENTS) {
      if (event[0] !== daysAgo || !fresh.has(event[1])) continue;
      const member = person(event[1]);
      if (event[2] === 'account') {
        await payouts.setAccount(member, { bankCode: event[3], accountNumber: event[4], password: opts.password });
        continue;
      }
      // At most what is available (a server with a higher PLATFORM_FEE_PERCENT earns the demo less).
      const amountMinor = Math.min(event[3] * NAIRA, (await wallet.wallet(member.id)).availableMinor);
      if (amountMinor < PAYOUT_MIN_MINOR) continue;
      const payout = await payouts.request(member, { amountMinor });
      await payouts.send(payout.id);
      const [sent] = (await payouts.list(member.id)).filter((p) => p.id === payout.id);
      made[sent?.status === 'paid' ? 'paid' : 'failed']++;
    }
  }
  await opts.setClock(new Date());
  if (made.paid + made.failed === 0) return 'Wallets: the demo payouts were made before; nothing added.';
  return (
    `Wallets: sales clear 7 days after each (the last ones still pending); ${made.paid} payouts paid and ${made.failed} failed: ` +
    `adaeze's first bank refused hers, she moved to GTB and was paid; folake was paid.`
  );
}
