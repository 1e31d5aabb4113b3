import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsConfig } from '#server/env';
import { GatewayError, retryableStatus } from '#server/lib/payments/gateway';
import { createPaystackClient } from '#server/lib/payments/paystack-client';
import type { TBank } from '#shared/wallet/payouts.schemas';
import type { PayoutGateway, TransferOutcome } from './payout-gateway';

const DAY = 86_400_000;
/** Pages of 100 banks read at most: Nigeria's list is a few hundred long. */
const BANK_PAGES = 20;

/** What a member reads when a transfer does not arrive (Paystack's own words stay in the log). */
export const TRANSFER_FAILED = 'The bank transfer could not be completed.';
export const TRANSFER_REVERSED = 'Your bank sent the transfer back.';
export const TRANSFER_REFUSED = 'The payment provider refused the transfer.';

interface PaystackBank {
  name: string;
  code: string;
  active?: boolean;
  is_deleted?: boolean;
  type?: string;
}

interface PaystackTransfer {
  reference: string;
  status: string;
}

/**
 * Payouts through Paystack Transfers (decision 061): the bank list (kept a day), account
 * resolution, one transfer recipient per payout account, and transfers whose reference is our
 * payout id. Paystack refuses a reference it has seen, so a retried send that finds its transfer
 * already made reads that transfer's state instead of paying twice.
 */
export function createPaystackPayoutGateway(
  cfg: NonNullable<PaymentsConfig['paystack']>,
  deps: { now: () => Date; log: FastifyBaseLogger },
): PayoutGateway {
  const { request, answer, must } = createPaystackClient(cfg);
  let cached: { at: number; banks: TBank[] } | undefined;

  function outcomeOf(t: PaystackTransfer): TransferOutcome {
    switch (t.status) {
      case 'success':
        return { status: 'paid' };
      case 'reversed':
        return { status: 'reversed', reason: TRANSFER_REVERSED };
      case 'failed':
      case 'abandoned':
      case 'blocked':
      case 'rejected':
        return { status: 'failed', reason: TRANSFER_FAILED };
      case 'otp':
        // An API transfer waits for an OTP nobody will type: the operator must turn the OTP off.
        deps.log.error(
          { reference: t.reference },
          'Paystack holds this payout for an OTP: disable the OTP for transfers on the Paystack dashboard',
        );
        return { status: 'processing' };
      default:
        // pending, received, queued: not conclusive yet.
        return { status: 'processing' };
    }
  }

  async function verify(reference: string): Promise<TransferOutcome | undefined> {
    const { status, envelope } = await request<PaystackTransfer>(
      'GET',
      `/transfer/verify/${encodeURIComponent(reference)}`,
    );
    // An unknown reference is a 400 or 404 with status false: not a failure of Paystack.
    if ((status === 400 || status === 404) && !envelope.status) return undefined;
    if (status < 200 || status >= 300 || !envelope.status || !envelope.data)
      throw new GatewayError(`Paystack refused transfer verify (${status}): ${envelope.message ?? 'no message'}`, {
        retryable: retryableStatus(status),
      });
    return outcomeOf(envelope.data);
  }

  async function fetchBanks(): Promise<TBank[]> {
    const found = new Map<string, TBank>();
    let next: string | null = null;
    for (let page = 0; page < BANK_PAGES; page++) {
      const query = new URLSearchParams({ currency: 'NGN', country: 'nigeria', use_cursor: 'true', perPage: '100' });
      if (next) query.set('next', next);
      const list = await answer<PaystackBank[]>('GET', `/bank?${query}`);
      for (const b of list.data)
        if (b.active !== false && !b.is_deleted && (b.type ?? 'nuban') === 'nuban' && !found.has(b.code))
          found.set(b.code, { code: b.code, name: b.name });
      next = list.next;
      if (!next) break;
    }
    return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  return {
    name: 'paystack',

    /** Kept a day; a failed refresh keeps serving the list it has. */
    async banks() {
      const at = deps.now().getTime();
      if (cached && at - cached.at < DAY) return cached.banks;
      try {
        cached = { at, banks: await fetchBanks() };
      } catch (err) {
        if (!cached) throw err;
        deps.log.warn({ err }, 'the Paystack bank list could not be refreshed: the one kept is used');
      }
      return cached.banks;
    },

    async resolve(bankCode, accountNumber) {
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const { status, envelope } = await request<{ account_name?: string }>('GET', `/bank/resolve?${query}`);
      if (status >= 200 && status < 300 && envelope.status && envelope.data?.account_name)
        return envelope.data.account_name;
      // A refused key or an outage is not the member's wrong number.
      if (retryableStatus(status) || status === 401 || status === 403)
        throw new GatewayError(
          `Paystack could not resolve an account (${status}): ${envelope.message ?? 'no message'}`,
          {
            retryable: retryableStatus(status),
          },
        );
      return null;
    },

    recipients: {
      // A test key's recipients do not exist under the live key, and the other way round.
      scope: `paystack:${cfg.secretKey.startsWith('sk_live_') ? 'live' : 'test'}`,
      async create(payee) {
        // Paystack answers an account it already has with the existing recipient.
        const made = await must<{ recipient_code: string }>('POST', '/transferrecipient', {
          type: 'nuban',
          name: payee.name,
          account_number: payee.accountNumber,
          bank_code: payee.bankCode,
          currency: 'NGN',
        });
        return made.recipient_code;
      },
    },

    async transfer(t) {
      if (!t.recipientCode) throw new Error('A Paystack transfer needs the transfer recipient’s code.');
      const { status, envelope } = await request<PaystackTransfer>('POST', '/transfer', {
        source: 'balance',
        amount: t.amountMinor,
        recipient: t.recipientCode,
        reference: t.reference,
        currency: 'NGN',
        reason: 'Payout of your earnings',
      });
      if (retryableStatus(status))
        throw new GatewayError(
          `Paystack could not take a transfer now (${status}): ${envelope.message ?? 'no message'}`,
        );
      if (status >= 200 && status < 300 && envelope.status && envelope.data) return outcomeOf(envelope.data);
      // Refused. A reference Paystack has seen means an earlier attempt made the transfer (its
      // answer lost to a crash or a timeout): that transfer's state is the answer.
      const earlier = await verify(t.reference);
      if (earlier) return earlier;
      deps.log.error(
        { status, message: envelope.message, reference: t.reference },
        'Paystack refused a payout transfer',
      );
      return { status: 'failed', reason: TRANSFER_REFUSED };
    },

    status: verify,
  };
}
