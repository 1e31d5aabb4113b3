import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson as send } from './fake-http';

/** A transfer as the fake keeps it (Paystack's statuses, of which the app reads these). */
export interface FakePaystackTransfer {
  id: number;
  reference: string;
  transfer_code: string;
  amount: number;
  currency: string;
  reason: string;
  recipient: FakePaystackRecipient;
  status: 'pending' | 'otp' | 'success' | 'failed' | 'reversed';
}

export interface FakePaystackRecipient {
  id: number;
  recipient_code: string;
  type: 'nuban';
  name: string;
  currency: string;
  details: { account_number: string; account_name: string | null; bank_code: string; bank_name: string };
}

/** A slice of Paystack's Nigerian list, with an inactive bank the app must leave out. */
const BANKS = [
  { name: 'Access Bank', code: '044' },
  { name: 'Ecobank Nigeria', code: '050' },
  { name: 'Fidelity Bank', code: '070' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Moniepoint MFB', code: '50515' },
  { name: 'OPay Digital Services Limited (OPay)', code: '999992' },
  { name: 'United Bank For Africa', code: '033' },
  { name: 'Zenith Bank', code: '057' },
  { name: 'Closed Microfinance Bank', code: '090999', active: false },
].map((b, i) => ({
  id: 100 + i,
  slug: b.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  longcode: '',
  gateway: null,
  pay_with_bank: false,
  active: true,
  is_deleted: false,
  country: 'Nigeria',
  currency: 'NGN',
  type: 'nuban',
  ...b,
}));

/**
 * Paystack's Transfers API as the fake serves it (fake-paystack.ts routes here): list banks
 * (with cursor pages), resolve an account, transfer recipients (a known account answers its
 * existing recipient), transfers whose reference Paystack refuses twice, and verify by reference.
 * Any 10-digit number resolves at a listed bank except `0000000000`.
 */
export function createFakeTransfers(nextId: () => number) {
  const recipients = new Map<string, FakePaystackRecipient>();
  const transfers = new Map<string, FakePaystackTransfer>();
  const state = {
    /** What a new transfer's status is: `pending` as with the OTP off, `otp` as with it on. */
    newStatus: 'pending' as FakePaystackTransfer['status'],
    /** The balance transfers come from, in kobo: a transfer above it is refused. */
    balance: 1_000_000_000,
    /** The next transfer is made but its answer is lost (a 502, as a timeout would be). */
    loseNextAnswer: false,
    /** The most banks a cursor page holds (Paystack's is 100): lower it to see the pages followed. */
    bankPageLimit: 100,
  };

  function handle(method: string, url: URL, body: Record<string, unknown>, res: ServerResponse): boolean {
    const path = url.pathname;
    const verify = path.match(/^\/transfer\/verify\/([^/]+)$/);
    if (method === 'GET' && path === '/bank') listBanks(url.searchParams, res);
    else if (method === 'GET' && path === '/bank/resolve') resolve(url.searchParams, res);
    else if (method === 'POST' && path === '/transferrecipient') createRecipient(body, res);
    else if (method === 'POST' && path === '/transfer') transfer(body, res);
    else if (method === 'GET' && verify) {
      const t = transfers.get(decodeURIComponent(verify[1]!));
      if (!t) send(res, 404, { status: false, message: 'Transfer not found' });
      else send(res, 200, { status: true, message: 'Transfer retrieved', data: present(t) });
    } else return false;
    return true;
  }

  function listBanks(q: URLSearchParams, res: ServerResponse) {
    const all = BANKS.filter((b) => !q.get('currency') || b.currency === q.get('currency'));
    if (q.get('use_cursor') !== 'true') return send(res, 200, { status: true, message: 'Banks retrieved', data: all });
    const perPage = Math.min(Number(q.get('perPage') ?? 50), state.bankPageLimit);
    const from = Number(q.get('next') ?? 0);
    const more = from + perPage < all.length;
    send(res, 200, {
      status: true,
      message: 'Banks retrieved',
      data: all.slice(from, from + perPage),
      meta: { next: more ? String(from + perPage) : null, previous: null, perPage },
    });
  }

  function resolve(q: URLSearchParams, res: ServerResponse) {
    const number = q.get('account_number') ?? '';
    if (
      !BANKS.some((b) => b.code === q.get('bank_code') && b.active) ||
      !/^\d{10}$/.test(number) ||
      /^0+$/.test(number)
    )
      return send(res, 422, {
        status: false,
        message: 'Could not resolve account name. Check parameters or try again.',
      });
    send(res, 200, {
      status: true,
      message: 'Account number resolved',
      data: { account_number: number, account_name: `PAYSTACK HOLDER ${number.slice(-4)}`, bank_id: 9 },
    });
  }

  function createRecipient(body: Record<string, unknown>, res: ServerResponse) {
    const { type, name, account_number: number, bank_code: code, currency = 'NGN' } = body;
    const bank = BANKS.find((b) => b.code === code);
    if (type !== 'nuban' || typeof name !== 'string' || !name || typeof number !== 'string' || !bank)
      return send(res, 400, { status: false, message: 'Account number, bank code and name are required' });
    const known = [...recipients.values()].find(
      (r) => r.details.account_number === number && r.details.bank_code === code,
    );
    if (known) return send(res, 200, { status: true, message: 'Transfer recipient created successfully', data: known });
    const made: FakePaystackRecipient = {
      id: nextId(),
      recipient_code: `RCP_${randomBytes(7).toString('hex')}`,
      type: 'nuban',
      name,
      currency: String(currency),
      details: { account_number: number, account_name: null, bank_code: String(code), bank_name: bank.name },
    };
    recipients.set(made.recipient_code, made);
    send(res, 201, { status: true, message: 'Transfer recipient created successfully', data: made });
  }

  function transfer(body: Record<string, unknown>, res: ServerResponse) {
    const { source, amount, recipient, reference, reason = '', currency = 'NGN' } = body;
    const to = recipients.get(String(recipient));
    if (source !== 'balance' || !to) return send(res, 400, { status: false, message: 'Invalid transfer recipient' });
    if (!Number.isInteger(amount) || Number(amount) <= 0)
      return send(res, 400, { status: false, message: 'Invalid amount' });
    if (typeof reference !== 'string' || !/^[a-z0-9_-]+$/.test(reference))
      return send(res, 400, {
        status: false,
        message: 'Invalid reference: only lowercase alphanumeric characters, - and _ allowed',
      });
    if (transfers.has(reference)) return send(res, 400, { status: false, message: 'Duplicate Transfer Reference' });
    if (Number(amount) > state.balance)
      return send(res, 400, { status: false, message: 'Your balance is not enough to fulfil this request' });
    state.balance -= Number(amount);
    const t: FakePaystackTransfer = {
      id: nextId(),
      reference,
      transfer_code: `TRF_${randomBytes(7).toString('hex')}`,
      amount: Number(amount),
      currency: String(currency),
      reason: String(reason),
      recipient: to,
      status: state.newStatus,
    };
    transfers.set(reference, t);
    if (state.loseNextAnswer) {
      state.loseNextAnswer = false;
      return send(res, 502, { status: false, message: 'Bad gateway' });
    }
    send(res, 200, { status: true, message: 'Transfer has been queued', data: present(t) });
  }

  function present(t: FakePaystackTransfer) {
    return {
      id: t.id,
      domain: 'test',
      amount: t.amount,
      currency: t.currency,
      source: 'balance',
      reason: t.reason,
      reference: t.reference,
      status: t.status,
      transfer_code: t.transfer_code,
      failures: null,
      recipient: t.recipient,
      gateway_response: null,
    };
  }

  return {
    handle,
    state,
    recipients,
    transfers,
    /** The bank's answer: the transfer arrives, fails, or comes back (a failed one returns to the balance). */
    settle(reference: string, status: 'success' | 'failed' | 'reversed') {
      const t = transfers.get(reference);
      if (!t) throw new Error(`fake Paystack has no transfer ${reference}`);
      if (status !== 'success') state.balance += t.amount;
      t.status = status;
      return t;
    },
    /** A transfer event's body as Paystack sends it: the transfer's current state. */
    event(type: string, reference: string) {
      const t = transfers.get(reference);
      return { event: type, data: t ? present(t) : { id: nextId(), reference, status: type.split('.')[1] } };
    },
  };
}

export type FakeTransfers = ReturnType<typeof createFakeTransfers>;
