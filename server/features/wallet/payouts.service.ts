import type { FastifyBaseLogger } from 'fastify';
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
import { createPayoutSending, reachGateway } from './payout-sending';
import { createPayoutSettlement } from './payout-settlement';
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
   * Whether this server may pay out: through the test gateway or Paystack Transfers. A server
   * taking payments through Stripe refuses payouts rather than pretend to send money (decision 061).
   */
  enabled: boolean;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { db, accounts, notifications, realtime, jobs, gateway, enabled, appUrl, log, now } = deps;
  const mayPayOut = () => {
    if (!enabled)
      throw new AppError(
        'CONFLICT',
        'Payouts to bank accounts are not available on this server yet. Your balance is kept safe in your wallet.',
      );
  };
  const refresh = (userId: string) => realtime.emitToUser(userId, 'data:updated', { queryKeys: WALLET_KEYS });
  const settlement = createPayoutSettlement({ db, notifications, refresh, now });
  const sending = createPayoutSending({ db, gateway, settlement, log, now });

  return {
    banks: () => reachGateway(log, () => gateway.banks()),

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
      const bank = (await reachGateway(log, () => gateway.banks())).find((b) => b.code === input.bankCode);
      if (!bank)
        throw new AppError('VALIDATION_FAILED', 'Choose your bank from the list.', {
          bankCode: 'Choose your bank from the list',
        });
      const name = await reachGateway(log, () => gateway.resolve(bank.code, input.accountNumber));
      if (!name)
        throw new AppError('VALIDATION_FAILED', `No account ${input.accountNumber} was found at ${bank.name}.`, {
          accountNumber: `No such account at ${bank.name}: check the number`,
        });
      return transaction(db, async (tx) => {
        const before = await payoutsRepo.account(tx, user.id);
        const same = before?.bankCode === bank.code && before.accountNumber === input.accountNumber;
        const changed = Boolean(before) && !same;
        const at = now();
        const saved = await payoutsRepo.saveAccount(tx, {
          userId: user.id,
          bankCode: bank.code,
          bankName: bank.name,
          accountNumber: input.accountNumber,
          accountName: name,
          updatedAt: at,
          heldUntil: changed ? new Date(at.getTime() + PAYOUT_HOLD_HOURS * HOUR) : (before?.heldUntil ?? null),
          // The gateway's code was made for the old account: the next payout makes one for the new.
          recipientCode: same ? before.recipientCode : null,
          recipientScope: same ? before.recipientScope : null,
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

    send: sending.send,
    onTransferEvent: sending.onTransferEvent,
    checkProcessing: sending.checkProcessing,
  };
}

export type Payouts = ReturnType<typeof createPayouts>;
