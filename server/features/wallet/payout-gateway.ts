import type { TBank } from '#shared/wallet/payouts.schemas';

/** What the gateway said of a transfer. */
export type TransferOutcome = { status: 'paid' } | { status: 'processing' } | { status: 'failed'; reason: string };

/**
 * Money out through a gateway (issue 27): the banks it reaches, the holder's name behind an
 * account number, and transfers keyed by our payout id so a retried send never pays twice.
 */
export interface PayoutGateway {
  readonly name: string;
  banks(): Promise<TBank[]>;
  /** The account holder's name, or null when the number does not resolve at that bank. */
  resolve(bankCode: string, accountNumber: string): Promise<string | null>;
  transfer(t: {
    reference: string;
    amountMinor: number;
    bankCode: string;
    accountNumber: string;
    name: string;
  }): Promise<TransferOutcome>;
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
  return {
    name: 'test',
    banks: async () => TEST_BANKS,
    async resolve(bankCode, accountNumber) {
      if (!TEST_BANKS.some((b) => b.code === bankCode)) return null;
      if (!/^\d{10}$/.test(accountNumber) || accountNumber === '0000000000') return null;
      return `TEST ACCOUNT HOLDER ${accountNumber.slice(-4)}`;
    },
    async transfer(t) {
      if (t.accountNumber.endsWith('0000'))
        return { status: 'failed', reason: 'The bank refused the transfer to this account.' };
      return { status: 'paid' };
    },
  };
}
