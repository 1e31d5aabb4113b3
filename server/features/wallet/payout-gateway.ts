import type { TBank } from '#shared/wallet/payouts.schemas';

/**
 * What the gateway says of a transfer: `processing` until the bank answers; `reversed` when the
 * bank sent it back (even after saying it was paid): the money is ours again either way.
 */
export type TransferOutcome =
  { status: 'paid' } | { status: 'processing' } | { status: 'failed' | 'reversed'; reason: string };

/** Where a transfer goes: the account copied onto the payout, and the gateway's code for it when it has one. */
export interface Payee {
  bankCode: string;
  accountNumber: string;
  name: string;
}

/**
 * Money out through a gateway (issue 27): the banks it reaches, the holder's name behind an
 * account number, and transfers keyed by our payout id so a retried send never pays twice.
 */
export interface PayoutGateway {
  readonly name: string;
  banks(): Promise<TBank[]>;
  /** The account holder's name, or null when the number does not resolve at that bank. */
  resolve(bankCode: string, accountNumber: string): Promise<string | null>;
  /**
   * A gateway that pays only payees it knows (Paystack's transfer recipients): the code it gives
   * one, kept with the payout account so it is made once. `scope` names the gateway account the
   * codes belong to (a test key's recipients do not exist under the live key).
   */
  readonly recipients?: { scope: string; create(payee: Payee): Promise<string> };
  transfer(t: Payee & { reference: string; amountMinor: number; recipientCode?: string }): Promise<TransferOutcome>;
  /** What became of the transfer with this reference (the status check, webhooks); undefined if the gateway never saw it. */
  status(reference: string): Promise<TransferOutcome | undefined>;
}

/** The larger Nigerian banks and wallets with their CBN codes: what the test gateway offers. */
const TEST_BANKS: TBank[] = [
  { code: '044', name: 'Access Bank' },
  { code: '050', name: 'Ecobank Nigeria' },
  { code: '070', name: 'Fidelity Bank' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '214', name: 'First City Monument Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '50211', name: 'Kuda Bank' },
  { code: '50515', name: 'Moniepoint MFB' },
  { code: '999992', name: 'OPay' },
  { code: '999991', name: 'PalmPay' },
  { code: '221', name: 'Stanbic IBTC Bank' },
  { code: '232', name: 'Sterling Bank' },
  { code: '032', name: 'Union Bank of Nigeria' },
  { code: '033', name: 'United Bank For Africa' },
  { code: '035', name: 'Wema Bank' },
  { code: '057', name: 'Zenith Bank' },
];

/**
 * The built-in test gateway (as for payments): every 10-digit number resolves except
 * `0000000000`, and transfers complete at once except to numbers ending in `0000`, which fail.
 */
export function createTestPayoutGateway(): PayoutGateway {
  const made = new Map<string, TransferOutcome>();
  return {
    name: 'test',
    banks: async () => TEST_BANKS,
    async resolve(bankCode, accountNumber) {
      if (!TEST_BANKS.some((b) => b.code === bankCode)) return null;
      if (!/^\d{10}$/.test(accountNumber) || accountNumber === '0000000000') return null;
      return `TEST ACCOUNT HOLDER ${accountNumber.slice(-4)}`;
    },
    async transfer(t) {
      const outcome: TransferOutcome = t.accountNumber.endsWith('0000')
        ? { status: 'failed', reason: 'The bank refused the transfer to this account.' }
        : { status: 'paid' };
      if (!made.has(t.reference)) made.set(t.reference, outcome);
      return made.get(t.reference)!;
    },
    status: async (reference) => made.get(reference),
  };
}
