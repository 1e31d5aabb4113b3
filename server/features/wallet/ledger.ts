import type { DbOrTx } from '#server/db/client';
import { formatAmount, type TCurrency } from '#shared/money';
import { type AccountKind, ledgerRepo } from './ledger.repo';

export interface PostingLine {
  /** The member whose bucket moves; null for the platform's own accounts. */
  ownerId: string | null;
  account: AccountKind;
  /** Kobo (or cents): positive adds to the account, negative takes from it. */
  amountMinor: number;
}

export interface Posting {
  kind: string;
  /** With `kind`, what makes the posting once only: the same source and kind posted again is a no-op. */
  source: string;
  /** What it is about (`payment:<id>`): a sale's clearing and refunds share its subject. */
  subject: string;
  description: string;
  currency: string;
  at: Date;
  lines: PostingLine[];
}

/**
 * Posts one movement of money in the caller's transaction (issue 27, decision 059): its lines
 * sum to zero, in whole minor units, and a posting of the same source and kind is never made
 * twice. Answers whether this call posted it. A line of zero is left out.
 */
export async function post(tx: DbOrTx, p: Posting): Promise<boolean> {
  const lines = p.lines.filter((l) => l.amountMinor !== 0);
  if (lines.some((l) => !Number.isSafeInteger(l.amountMinor)))
    throw new Error(`ledger: ${p.kind} ${p.source} has an amount that is not a whole number of minor units`);
  const sum = lines.reduce((s, l) => s + l.amountMinor, 0);
  if (sum !== 0) throw new Error(`ledger: ${p.kind} ${p.source} does not balance (${sum})`);
  if (lines.length === 0) return false;
  const postingId = await ledgerRepo.insertPosting(tx, {
    kind: p.kind,
    source: p.source,
    subject: p.subject,
    description: p.description,
    createdAt: p.at,
  });
  if (!postingId) return false;
  const withAccounts = [];
  for (const l of lines)
    withAccounts.push({
      accountId: await ledgerRepo.accountId(tx, l.ownerId, l.account, p.currency),
      amountMinor: l.amountMinor,
    });
  await ledgerRepo.insertLines(tx, postingId, withAccounts, p.at);
  const credited = new Set(lines.filter((l) => l.account === 'available' && l.amountMinor > 0).map((l) => l.ownerId));
  for (const ownerId of credited) if (ownerId) await recoverDebt(tx, ownerId, p, postingId);
  return true;
}

/**
 * A member who owes the platform (a refund took more than their earnings held, decision 065) pays
 * it back from the credit just posted, before they can withdraw it: once per credit.
 */
async function recoverDebt(tx: DbOrTx, ownerId: string, credit: Posting, creditId: string): Promise<void> {
  const { available, owed } = await ledgerRepo.lockDebt(tx, ownerId, credit.currency);
  const amountMinor = Math.min(available, owed);
  if (amountMinor <= 0) return;
  await post(tx, {
    kind: 'debt_recovered',
    source: `recovery:${creditId}`,
    subject: credit.subject,
    description: `Paid back to the platform: ${formatAmount(amountMinor, credit.currency as TCurrency)} of a refund that was more than your balance`,
    currency: credit.currency,
    at: credit.at,
    lines: [
      { ownerId, account: 'available', amountMinor: -amountMinor },
      { ownerId, account: 'owed', amountMinor },
    ],
  });
}
