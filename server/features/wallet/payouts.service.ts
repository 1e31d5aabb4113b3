import type { Db } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import { sendMailJob } from '#server/lib/mail.queue';
import { noticeMail } from '#server/lib/mail-templates';
import { verifyPassword } from '#server/lib/passwords';
import type { QueueService } from '#server/queue/queue.service';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { formatAmount } from '#shared/money';
import { formatDateTime } from '#shared/time-label';
import {
  PAYOUT_HOLD_HOURS,
  transferFeeMinor,
  ZPayoutAccountInput,
  ZPayoutInput,
  type TPayout,
  type TPayoutAccount,
  type TPayoutAccountInput,
  type TPayoutInput,
} from '#shared/wallet/payouts.schemas';
import type { AccountsService } from '../accounts';
import type { NotificationsService } from '../notifications';
import { post } from './ledger';
import { ledgerRepo } from './ledger.repo';
import type { PayoutGateway } from './payout-gateway';
import { type PayoutAccountRow, type PayoutRow, payoutsRepo } from './payouts.repo';
import { sendPayoutJob } from './wallet.queue';

const HOUR = 3_600_000;
const CURRENCY = 'NGN';
/** What a change of the wallet refreshes in the member's open tabs. */
export const WALLET_KEYS = [['/api/wallet'], ['/api/wallet/entries'], ['/api/wallet/payouts']];

const presentAccount = (a: PayoutAccountRow, now: Date): TPayoutAccount => ({
  bankCode: a.bankCode,
  bankName: a.bankName,
  accountNumberLast4: a.accountNumber.slice(-4),
  accountName: a.accountName,
  payoutsHeldUntil: a.heldUntil && a.heldUntil > now ? a.heldUntil.toISOString() : null,
});

const presentPayout = (p: PayoutRow): TPayout => ({
  id: p.id,
  amountMinor: p.amountMinor,
  feeMinor: p.feeMinor,
  status: p.status as TPayout['status'],
  failureReason: p.failureReason,
  createdAt: p.createdAt.toISOString(),
});

/**
 * Payouts to a Nigerian bank account (issue 27, decision 059): the account is resolved by the
 * gateway before it is saved and a change holds payouts for a day; a payout leaves `available`
 * for "payouts in flight" in the transaction that records it, is sent by a job keyed on its id,
 * and settles once: paid out, or back to available with the reason.
 */
export function createPayouts(deps: {
  db: Db;
  accounts: AccountsService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  jobs: QueueService;
  gateway: PayoutGateway;
  /**
   * Whether this server may pay out: only the test gateway transfers today, so a server taking
   * real payments refuses payouts rather than pretend to send money (decision 059).
   */
  enabled: boolean;
  appUrl: string;
  now: () => Date;
}) {
  const { db, accounts, notifications, realtime, jobs, gateway, enabled, appUrl, now } = deps;
  const mayPayOut = () => {
    if (!enabled)
      throw new AppError(
        'CONFLICT',
        'Payouts to bank accounts are not available on this server yet. Your balance is kept safe in your wallet.',
      );
  };
  const refresh = (userId: string) => realtime.emitToUser(userId, 'data:updated', { queryKeys: WALLET_KEYS });

  async function settle(row: PayoutRow, outcome: Awaited<ReturnType<PayoutGateway['transfer']>>): Promise<void> {
    await transaction(db, async (tx) => {
      const money = formatAmount(row.amountMinor);
      if (outcome.status === 'processing') {
        await payoutsRepo.move(tx, row.id, ['pending'], 'processing');
        return;
      }
      if (outcome.status === 'paid') {
        if (!(await payoutsRepo.move(tx, row.id, ['pending', 'processing'], 'paid', { settledAt: now() }))) return;
        await post(tx, {
          kind: 'payout_paid',
          source: `payout:${row.id}`,
          subject: `payout:${row.id}`,
          description: `Sent to ${row.accountName} (…${row.accountNumber.slice(-4)}), less the transfer fee of ${formatAmount(row.feeMinor)}`,
          currency: row.currency,
          at: now(),
          lines: [
            { ownerId: null, account: 'payouts_in_flight', amountMinor: -row.amountMinor },
            { ownerId: row.userId, account: 'paid_out', amountMinor: row.amountMinor },
          ],
        });
        await notifications.notify(
          row.userId,
          {
            type: 'payment_received',
            title: 'Payout sent',
            message: `${formatAmount(row.amountMinor - row.feeMinor)} is on its way to ${row.accountName} (…${row.accountNumber.slice(-4)}).`,
            link: '/wallet',
          },
          tx,
        );
      } else {
        const failed = await payoutsRepo.move(tx, row.id, ['pending', 'processing'], 'failed', {
          failureReason: outcome.reason,
          settledAt: now(),
        });
        if (!failed) return;
        await post(tx, {
          kind: 'payout_failed',
          source: `payout:${row.id}`,
          subject: `payout:${row.id}`,
          description: `Payout failed and came back: ${outcome.reason}`,
          currency: row.currency,
          at: now(),
          lines: [
            { ownerId: null, account: 'payouts_in_flight', amountMinor: -row.amountMinor },
            { ownerId: row.userId, account: 'available', amountMinor: row.amountMinor },
          ],
        });
        await notifications.notify(
          row.userId,
          {
            type: 'system_update',
            title: 'Payout failed',
            message: `Your payout of ${money} did not go through: ${outcome.reason} The money is back in your available balance.`,
            link: '/wallet',
          },
          tx,
        );
      }
      afterCommit(tx, () => refresh(row.userId));
    });
  }

  return {
    banks: () => gateway.banks(),

    async account(userId: string): Promise<TPayoutAccount | null> {
      const row = await payoutsRepo.account(db, userId);
      return row ? presentAccount(row, now()) : null;
    },

    async setAccount(user: TUser, raw: TPayoutAccountInput): Promise<TPayoutAccount> {
      mayPayOut();
      const input = ZPayoutAccountInput.parse(raw);
      const me = await accounts.findById(user.id);
      if (!me || !(await verifyPassword(me.passwordHash, input.password)))
        throw new AppError('VALIDATION_FAILED', 'That password is not right.', {
          password: 'That password is not right',
        });
      const bank = (await gateway.banks()).find((b) => b.code === input.bankCode);
      if (!bank)
        throw new AppError('VALIDATION_FAILED', 'Choose your bank from the list.', {
          bankCode: 'Choose your bank from the list',
        });
      const name = await gateway.resolve(bank.code, input.accountNumber);
      if (!name)
        throw new AppError('VALIDATION_FAILED', `No account ${input.accountNumber} was found at ${bank.name}.`, {
          accountNumber: `No such account at ${bank.name}: check the number`,
        });
      return transaction(db, async (tx) => {
        const before = await payoutsRepo.account(tx, user.id);
        const changed = Boolean(
          before && (before.bankCode !== bank.code || before.accountNumber !== input.accountNumber),
        );
        const at = now();
        const saved = await payoutsRepo.saveAccount(tx, {
          userId: user.id,
          bankCode: bank.code,
          bankName: bank.name,
          accountNumber: input.accountNumber,
          accountName: name,
          updatedAt: at,
          heldUntil: changed ? new Date(at.getTime() + PAYOUT_HOLD_HOURS * HOUR) : (before?.heldUntil ?? null),
        });
        if (changed)
          await jobs.send(
            tx,
            sendMailJob,
            noticeMail(me.email, 'Your payout account was changed', me.fullName, [
              `Payouts now go to ${name} at ${bank.name} (…${input.accountNumber.slice(-4)}). To protect you, no payout leaves for ${PAYOUT_HOLD_HOURS} hours.`,
              `If it was not you, change your password now at ${appUrl}/reset-password and contact support.`,
            ]),
          );
        afterCommit(tx, () => refresh(user.id));
        return presentAccount(saved, at);
      });
    },

    async request(user: TUser, raw: TPayoutInput): Promise<TPayout> {
      mayPayOut();
      const { amountMinor } = ZPayoutInput.parse(raw);
      const created = await transaction(db, async (tx) => {
        const account = await payoutsRepo.account(tx, user.id);
        if (!account) throw new AppError('CONFLICT', 'Add the bank account to pay out to first.');
        if (account.heldUntil && account.heldUntil > now())
          throw new AppError(
            'CONFLICT',
            `Payouts are on hold until ${formatDateTime(account.heldUntil, user.timeZone)} because your bank account was just changed.`,
          );
        const availableId = await ledgerRepo.accountId(tx, user.id, 'available', CURRENCY);
        const available = await ledgerRepo.lockBalance(tx, availableId);
        if (amountMinor > available)
          throw new AppError(
            'VALIDATION_FAILED',
            `You can withdraw at most ${formatAmount(Math.max(0, available))}, your available balance.`,
            { amountMinor: `At most ${formatAmount(Math.max(0, available))}` },
          );
        const row = await payoutsRepo.insert(tx, {
          userId: user.id,
          amountMinor,
          feeMinor: transferFeeMinor(amountMinor),
          currency: CURRENCY,
          bankCode: account.bankCode,
          accountNumber: account.accountNumber,
          accountName: account.accountName,
          gateway: gateway.name,
          createdAt: now(),
        });
        await post(tx, {
          kind: 'payout',
          source: `payout:${row.id}`,
          subject: `payout:${row.id}`,
          description: `Payout to ${account.bankName} (…${account.accountNumber.slice(-4)})`,
          currency: CURRENCY,
          at: row.createdAt,
          lines: [
            { ownerId: user.id, account: 'available', amountMinor: -amountMinor },
            { ownerId: null, account: 'payouts_in_flight', amountMinor },
          ],
        });
        await jobs.send(tx, sendPayoutJob, { payoutId: row.id }, { singletonKey: row.id });
        afterCommit(tx, () => refresh(user.id));
        return row;
      });
      return presentPayout(created);
    },

    async list(userId: string): Promise<TPayout[]> {
      return (await payoutsRepo.list(db, userId, 50)).map(presentPayout);
    },

    /** The `wallet.send-payout` job: the transfer (keyed by the payout id at the gateway), then its settlement. */
    async send(payoutId: string): Promise<void> {
      const row = await payoutsRepo.find(db, payoutId);
      if (!row || (row.status !== 'pending' && row.status !== 'processing')) return;
      const outcome = await gateway.transfer({
        reference: row.id,
        amountMinor: row.amountMinor - row.feeMinor,
        bankCode: row.bankCode,
        accountNumber: row.accountNumber,
        name: row.accountName,
      });
      await settle(row, outcome);
    },
  };
}

export type Payouts = ReturnType<typeof createPayouts>;
