import type { DbOrTx } from '#server/db/client';
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
  return true;
}
