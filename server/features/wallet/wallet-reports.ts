import type { Db } from '#server/db/client';
import { csvRow } from '#server/lib/csv';
import {
  EARNING_KINDS,
  EARNINGS_MONTHS,
  nairaDecimal,
  WALLET_CSV_COLUMNS,
  type TEarningsByMonth,
} from '#shared/wallet/earnings.schemas';
import { walletReportsRepo } from './wallet-reports.repo';

const CURRENCY = 'NGN';

/** What /wallet shows of a member's own history beyond its lines: earnings by month and the CSV of every line. */
export function createWalletReports(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    async earningsByMonth(userId: string): Promise<TEarningsByMonth> {
      const months = await walletReportsRepo.earningsByMonth(
        db,
        userId,
        CURRENCY,
        EARNING_KINDS,
        EARNINGS_MONTHS,
        now(),
      );
      return { months };
    },

    /**
     * Every line of the member's naira wallet, oldest first, as CSV: a header row, then each
     * line's time, kind, balance, description and amount in naira and in kobo. Descriptions carry
     * course titles and reasons that others typed, so every field goes through csvField.
     */
    async entriesCsv(userId: string): Promise<string> {
      const chunks = [csvRow(WALLET_CSV_COLUMNS)];
      for await (const rows of walletReportsRepo.allEntries(db, userId, CURRENCY)) {
        for (const r of rows) {
          const minor = Number(r.amountMinor);
          chunks.push(
            csvRow([r.createdAt.toISOString(), r.kind, r.bucket, r.description, nairaDecimal(minor), String(minor)]),
          );
        }
      }
      return chunks.join('');
    },
  };
}

export type WalletReports = ReturnType<typeof createWalletReports>;
