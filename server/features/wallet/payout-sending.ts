import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import { GatewayError } from '#server/lib/payments/gateway';
import type { PayoutGateway } from './payout-gateway';
import type { PayoutSettlement } from './payout-settlement';
import { type PayoutRow, payoutsRepo } from './payouts.repo';

const MINUTE = 60_000;
/** A payout still `processing` this long after it was asked for is checked with the gateway. */
export const CHECK_AFTER_MINUTES = 15;
/** Payouts checked per run of the status check, oldest first. */
const CHECK_BATCH = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNREACHABLE =
  'The bank transfer service could not be reached. Nothing was changed; please try again in a minute.';
const OTHER_GATEWAY =
  'This payout was asked for through another payment provider than the one this server now uses, so it was not sent.';

/**
 * A gateway call made for a person or a webhook: an outage or a refusal is a 502 saying to try
 * again (a webhook's sender delivers it again later), logged for the operator.
 */
export async function reachGateway<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    log[err.retryable ? 'warn' : 'error']({ err }, 'payout gateway call failed');
    throw new AppError('GATEWAY_UNAVAILABLE', UNREACHABLE);
  }
}

/**
 * Payouts on their way out (decision 061): the send job's transfer, the gateway's webhooks, and
 * the status check of payouts the gateway still has. Each brings the gateway's answer to the one
 * settlement, which acts once.
 */
export function createPayoutSending(deps: {
  db: Db;
  gateway: PayoutGateway;
  settlement: PayoutSettlement;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { db, gateway, settlement, log, now } = deps;

  /** The gateway's code for the payee, made once per payout account and kept with it. */
  async function recipientFor(row: PayoutRow): Promise<string | undefined> {
    const recipients = gateway.recipients;
    if (!recipients) return undefined;
    const account = await payoutsRepo.account(db, row.userId);
    // A payout goes where it was asked to, even if the member has changed account since.
    const same = account?.bankCode === row.bankCode && account.accountNumber === row.accountNumber;
    if (same && account.recipientCode && account.recipientScope === recipients.scope) return account.recipientCode;
    const code = await recipients.create({
      bankCode: row.bankCode,
      accountNumber: row.accountNumber,
      name: row.accountName,
    });
    if (same) await payoutsRepo.saveRecipient(db, row.userId, row, { code, scope: recipients.scope });
    return code;
  }

  return {
    /** The `wallet.send-payout` job: the transfer (keyed by the payout id at the gateway), then its settlement. */
    async send(payoutId: string): Promise<void> {
      const row = await payoutsRepo.find(db, payoutId);
      if (!row || (row.status !== 'pending' && row.status !== 'processing')) return;
      if (row.gateway !== gateway.name) {
        await settlement.settle(row, { status: 'failed', reason: OTHER_GATEWAY });
        return;
      }
      const outcome = await gateway.transfer({
        reference: row.id,
        amountMinor: row.amountMinor - row.feeMinor,
        bankCode: row.bankCode,
        accountNumber: row.accountNumber,
        name: row.accountName,
        recipientCode: await recipientFor(row),
      });
      await settlement.settle(row, outcome);
    },

    /**
     * A verified transfer event from `gatewayName` (payments' webhook route): what the event says
     * is not trusted; the gateway is asked about the transfer and its answer settles the payout.
     */
    async onTransferEvent(gatewayName: string, reference: string): Promise<void> {
      if (gatewayName !== gateway.name || !UUID.test(reference)) return;
      const row = await payoutsRepo.find(db, reference);
      if (!row || row.gateway !== gateway.name) return;
      const truth = await reachGateway(log, () => gateway.status(row.id));
      if (truth) await settlement.settle(row, truth);
    },

    /**
     * The status check (`wallet.check-payouts`, every 15 minutes): payouts the gateway has had
     * for a while are asked about, so a lost webhook cannot leave money in flight. One that
     * cannot be asked does not stop the others; the run then fails, and the queue logs it.
     * Answers how many it settled.
     */
    async checkProcessing(): Promise<number> {
      const before = new Date(now().getTime() - CHECK_AFTER_MINUTES * MINUTE);
      const rows = await payoutsRepo.inState(db, 'processing', before, CHECK_BATCH);
      let settled = 0;
      let failure: unknown;
      for (const row of rows) {
        if (row.gateway !== gateway.name) continue;
        try {
          const truth = await gateway.status(row.id);
          if (truth && truth.status !== 'processing' && (await settlement.settle(row, truth))) settled++;
        } catch (err) {
          failure ??= err;
        }
      }
      if (failure) throw failure;
      return settled;
    },
  };
}
