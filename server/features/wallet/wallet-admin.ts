import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import type { Audit } from '#server/lib/audit/audit';
import { AppError } from '#server/lib/errors';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { ADMIN_PAGE_SIZE, type TMoneyTotals } from '#shared/admin/admin.schemas';
import { formatAmount } from '#shared/money';
import type { TPayoutStatus } from '#shared/wallet/payouts.schemas';
import {
  ZAdjustmentInput,
  type TAdjustableBucket,
  type TAdjustment,
  type TAdjustmentInput,
  type TAdminMemberWallet,
  type TAdminPayouts,
} from '#shared/wallet/wallet-admin.schemas';
import type { AccountsService } from '../accounts';
import type { NotificationsService } from '../notifications';
import { post } from './ledger';
import { ledgerRepo } from './ledger.repo';
import { WALLET_KEYS } from './payouts.service';
import { walletAdminRepo } from './wallet-admin.repo';
import type { WalletService } from './wallet.service';

const CURRENCY = 'NGN';
const BUCKET_WORDS: Record<TAdjustableBucket, string> = { available: 'available', pending: 'pending' };

/**
 * The admin console's view of the wallets (issue 27, Admin; decision 062): the money overview,
 * a member's wallet, payouts by state, and adjustments, each posted as two lines (the member's
 * bucket and the platform's `platform_adjustments`) that sum to zero, audited in the same
 * transaction.
 */
export function createWalletAdmin(deps: {
  db: Db;
  wallet: WalletService;
  accounts: AccountsService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  audit: Audit;
  now: () => Date;
}) {
  const { db, wallet, accounts, notifications, realtime, audit, now } = deps;

  async function memberOf(id: string) {
    const row = await accounts.findById(id);
    if (!row) throw new AppError('NOT_FOUND', 'Member not found.');
    return row;
  }

  return {
    /** The overview's money: one statement over the kept balances. */
    async totals(tx: DbOrTx = db): Promise<TMoneyTotals> {
      const t = await walletAdminRepo.totals(tx, CURRENCY);
      return {
        currency: CURRENCY,
        heldMinor: t.held,
        pendingMinor: t.pending,
        availableMinor: t.available,
        paidOutMinor: t.paidOut,
        platformFeesMinor: t.fees,
      };
    },

    async memberWallet(memberId: string, page: number): Promise<TAdminMemberWallet> {
      await memberOf(memberId);
      const [balances, entries] = await Promise.all([wallet.wallet(memberId), wallet.entries(memberId, page)]);
      return { wallet: balances, ...entries };
    },

    async payouts(status: TPayoutStatus, page: number): Promise<TAdminPayouts> {
      const { rows, total } = await walletAdminRepo.payoutsPage(
        db,
        status,
        ADMIN_PAGE_SIZE,
        (page - 1) * ADMIN_PAGE_SIZE,
      );
      return {
        payouts: rows.map((r) => ({
          id: r.id,
          member: { id: r.memberId, username: r.username, fullName: r.fullName },
          amountMinor: r.amountMinor,
          feeMinor: r.feeMinor,
          status: r.status as TPayoutStatus,
          failureReason: r.failureReason,
          accountName: r.accountName,
          accountNumberLast4: r.accountNumber.slice(-4),
          createdAt: r.createdAt.toISOString(),
          settledAt: r.settledAt?.toISOString() ?? null,
        })),
        total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    /**
     * Credits (positive) or debits (negative) one of a member's buckets against the platform's
     * adjustments account. The bucket's row is locked for the check and the posting, so a debit
     * never takes it below zero however requests interleave. The client's key makes the posting's
     * source: the same request sent again answers the first posting and posts nothing.
     */
    async adjust(admin: TUser, memberId: string, raw: TAdjustmentInput): Promise<TAdjustment> {
      const input = ZAdjustmentInput.parse(raw);
      if (memberId === admin.id)
        throw new AppError('CONFLICT', 'You cannot adjust your own wallet: ask another admin to do it.');
      const person = await memberOf(memberId);
      const source = `adjustment:${input.key ?? randomUUID()}`;
      const words = BUCKET_WORDS[input.bucket];
      const posted = await transaction(db, async (tx) => {
        const accountId = await ledgerRepo.accountId(tx, memberId, input.bucket, CURRENCY);
        const before = await ledgerRepo.lockBalance(tx, accountId);
        const earlier = await walletAdminRepo.postingWithMemberLine(tx, source, 'adjustment');
        if (earlier) {
          const same =
            earlier.ownerId === memberId &&
            earlier.bucket === input.bucket &&
            Number(earlier.amountMinor) === input.amountMinor;
          if (!same) throw new AppError('CONFLICT', 'This request key was already used for another adjustment.');
          return earlier;
        }
        if (before + input.amountMinor < 0)
          throw new AppError(
            'CONFLICT',
            `This debit would take ${person.fullName}’s ${words} balance below zero: it holds ${formatAmount(before)}.`,
          );
        const at = now();
        const fresh = await post(tx, {
          kind: 'adjustment',
          source,
          subject: `user:${memberId}`,
          description: `Adjustment by the platform: ${input.reason}`,
          currency: CURRENCY,
          at,
          lines: [
            { ownerId: memberId, account: input.bucket, amountMinor: input.amountMinor },
            { ownerId: null, account: 'platform_adjustments', amountMinor: -input.amountMinor },
          ],
        });
        // Another request took this key between the look above and the insert (the unique key waited for it).
        if (!fresh) throw new AppError('CONFLICT', 'This request key was already used for another adjustment.');
        const row = (await walletAdminRepo.postingWithMemberLine(tx, source, 'adjustment'))!;
        await audit.record(
          {
            actorId: admin.id,
            action: 'wallet.adjust',
            targetType: 'user',
            targetId: memberId,
            before: { bucket: input.bucket, balanceMinor: before, currency: CURRENCY },
            after: {
              bucket: input.bucket,
              amountMinor: input.amountMinor,
              balanceMinor: before + input.amountMinor,
              currency: CURRENCY,
              postingId: row.id,
            },
            reason: input.reason,
          },
          tx,
        );
        if (!person.deletedAt) {
          const money = formatAmount(Math.abs(input.amountMinor));
          await notifications.notify(
            memberId,
            {
              type: 'system_update',
              title: 'Your wallet was adjusted',
              message:
                input.amountMinor > 0
                  ? `${money} was added to your ${words} balance: ${input.reason}`
                  : `${money} was taken from your ${words} balance: ${input.reason}`,
              link: '/wallet',
            },
            tx,
          );
        }
        afterCommit(tx, () => realtime.emitToUser(memberId, 'data:updated', { queryKeys: WALLET_KEYS }));
        return row;
      });
      return {
        id: posted.id,
        amountMinor: Number(posted.amountMinor),
        bucket: posted.bucket as TAdjustableBucket,
        reason: input.reason,
        createdAt: posted.createdAt.toISOString(),
        wallet: await wallet.wallet(memberId),
      };
    },
  };
}

export type WalletAdmin = ReturnType<typeof createWalletAdmin>;
