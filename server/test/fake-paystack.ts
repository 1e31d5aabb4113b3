import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson as send, serveLocally } from './fake-http';
import { createFakeTransfers } from './fake-paystack-transfers';

/** A transaction as the fake keeps it. `metadata` is stored as Paystack may echo it: object or JSON string. */
export interface FakePaystackTransaction {
  id: number;
  reference: string;
  status: 'abandoned' | 'success' | 'failed' | 'reversed';
  amount: number;
  currency: string;
  email: string;
  callback_url: string | null;
  metadata: Record<string, unknown> | string;
  access_code: string;
  paid_at: string | null;
  /** The card it was paid with: reusable, so charge_authorization may charge it again. */
  authorization_code: string | null;
}

export interface FakePaystackRefund {
  id: number;
  transaction: { id: number; reference: string };
  amount: number;
  currency: string;
  status: 'pending';
  merchant_note: string | null;
}

const token = (n = 8) => randomBytes(n).toString('hex');

/**
 * A local Paystack-compatible HTTP server that answers only what the Paystack adapters call
 * (initialize, verify, refund, list refunds, charge_authorization; and for payouts the Transfers
 * API of fake-paystack-transfers.ts) in Paystack's `{status, message, data}` envelope, with its
 * bearer key check and its errors. Webhooks are signed as Paystack signs them: HMAC-SHA512 of the
 * body with the secret key, hex, in `x-paystack-signature`.
 */
export async function startFakePaystack(opts: { secretKey?: string } = {}) {
  const secretKey = opts.secretKey ?? `sk_test_${token(20)}`;
  const transactions = new Map<string, FakePaystackTransaction>();
  const refunds: FakePaystackRefund[] = [];
  const requests: string[] = [];
  /** Authorization codes whose card is declined from now on (an expired card, no funds). */
  const declined = new Set<string>();
  /** Every charge_authorization that charged or declined a card (not those refused as duplicates). */
  const charges: Array<{
    reference: string;
    authorization_code: string;
    amount: number;
    status: 'success' | 'failed';
  }> = [];
  let nextId = 4_000_000_000 + Math.floor(Math.random() * 1_000_000);
  const payouts = createFakeTransfers(() => nextId++);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push(`${req.method} ${path}`);
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return send(res, 401, { status: false, message: 'Invalid key' });
    const text = await readBody(req);
    let body: Record<string, unknown> = {};
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        return send(res, 400, { status: false, message: 'Invalid JSON body' });
      }
    }
    if (payouts.handle(req.method ?? 'GET', new URL(req.url ?? '/', url), body, res)) return;
    const verify = path.match(/^\/transaction\/verify\/([^/]+)$/);
    if (req.method === 'POST' && path === '/transaction/initialize') return initialize(res, body);
    if (req.method === 'GET' && verify) {
      const t = transactions.get(decodeURIComponent(verify[1]!));
      if (!t)
        return send(res, 400, {
          status: false,
          message: 'Transaction reference not found',
          type: 'validation_error',
          code: 'transaction_not_found',
        });
      return send(res, 200, { status: true, message: 'Verification successful', data: present(t) });
    }
    if (req.method === 'POST' && path === '/refund') return refund(res, body);
    if (req.method === 'POST' && path === '/transaction/charge_authorization') return chargeAuthorization(res, body);
    if (req.method === 'GET' && path === '/refund') {
      const reference = new URL(req.url ?? '/', url).searchParams.get('reference');
      return send(res, 200, {
        status: true,
        message: 'Refunds retrieved',
        data: refunds.filter((r) => !reference || r.transaction.reference === reference),
      });
    }
    send(res, 404, { status: false, message: `Route not found: ${req.method} ${path}` });
  }

  function initialize(res: ServerResponse, body: Record<string, unknown>) {
    const { email, amount, currency = 'NGN', reference, callback_url, metadata } = body;
    if (typeof email !== 'string' || !email) return send(res, 400, { status: false, message: 'Email is required' });
    if (!Number.isInteger(Number(amount)) || Number(amount) <= 0)
      return send(res, 400, { status: false, message: 'Invalid Amount Sent' });
    const ref = typeof reference === 'string' && reference ? reference : token(6);
    if (!/^[A-Za-z0-9.=-]+$/.test(ref))
      return send(res, 400, {
        status: false,
        message: 'Invalid transaction reference: only -, ., = and alphanumeric characters allowed',
      });
    if (transactions.has(ref)) return send(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
    const access_code = token(7);
    transactions.set(ref, {
      id: nextId++,
      reference: ref,
      status: 'abandoned',
      amount: Number(amount),
      currency: String(currency),
      email,
      callback_url: typeof callback_url === 'string' ? callback_url : null,
      metadata:
        metadata && typeof metadata === 'object'
          ? { ...(metadata as Record<string, unknown>) }
          : typeof metadata === 'string'
            ? metadata
            : '',
      access_code,
      paid_at: null,
      authorization_code: null,
    });
    send(res, 200, {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${url}/checkout/${access_code}`, access_code, reference: ref },
    });
  }

  /** Paystack charges the card behind a reusable authorization; a used reference is refused. */
  function chargeAuthorization(res: ServerResponse, body: Record<string, unknown>) {
    const { email, amount, authorization_code: code, reference, currency = 'NGN', metadata } = body;
    const known = [...transactions.values()].find((t) => t.authorization_code === code && t.email === email);
    if (typeof code !== 'string' || !known)
      return send(res, 400, { status: false, message: 'Invalid authorization code' });
    if (!Number.isInteger(Number(amount)) || Number(amount) <= 0)
      return send(res, 400, { status: false, message: 'Invalid Amount Sent' });
    if (typeof reference !== 'string' || transactions.has(reference))
      return send(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
    const paid = !declined.has(code);
    const t: FakePaystackTransaction = {
      id: nextId++,
      reference,
      status: paid ? 'success' : 'failed',
      amount: Number(amount),
      currency: String(currency),
      email: String(email),
      callback_url: null,
      metadata: metadata && typeof metadata === 'object' ? { ...(metadata as Record<string, unknown>) } : '',
      access_code: token(7),
      paid_at: paid ? new Date().toISOString() : null,
      authorization_code: code,
    };
    transactions.set(reference, t);
    charges.push({ reference, authorization_code: code, amount: t.amount, status: t.status as 'success' | 'failed' });
    send(res, 200, { status: true, message: 'Charge attempted', data: present(t) });
  }

  function refund(res: ServerResponse, body: Record<string, unknown>) {
    const ref = String(body.transaction ?? '');
    const t = transactions.get(ref) ?? [...transactions.values()].find((x) => String(x.id) === ref);
    if (!t) return send(res, 404, { status: false, message: 'Transaction not found' });
    if (t.status === 'reversed')
      return send(res, 400, { status: false, message: 'Transaction has been fully reversed' });
    if (t.status !== 'success')
      return send(res, 400, { status: false, message: 'Cannot refund a transaction that was not successful' });
    const refunded = refunds.filter((r) => r.transaction.id === t.id).reduce((sum, r) => sum + r.amount, 0);
    const amount = body.amount === undefined ? t.amount - refunded : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0)
      return send(res, 400, { status: false, message: 'Invalid Amount Sent' });
    if (amount > t.amount - refunded)
      return send(res, 400, { status: false, message: 'Refund amount cannot be greater than transaction amount' });
    const note = typeof body.merchant_note === 'string' ? body.merchant_note : null;
    const made: FakePaystackRefund = {
      id: nextId++,
      transaction: { id: t.id, reference: t.reference },
      amount,
      currency: t.currency,
      status: 'pending',
      merchant_note: note,
    };
    refunds.push(made);
    if (refunded + amount === t.amount) t.status = 'reversed';
    send(res, 200, { status: true, message: 'Refund has been queued for processing', data: made });
  }

  const { url, close } = await serveLocally((req, res) => {
    void handle(req, res).catch((err: unknown) => send(res, 500, { status: false, message: String(err) }));
  });

  function transaction(reference: string): FakePaystackTransaction {
    const found = transactions.get(reference);
    if (!found) throw new Error(`fake Paystack has no transaction ${reference}`);
    return found;
  }

  return {
    url,
    secretKey,
    transactions,
    refunds,
    requests,
    charges,
    transaction,
    /** Transfers (payouts): recipients and transfers made, the knobs (`state`), and the bank's answer (`settleTransfer`). */
    transfers: payouts.transfers,
    recipients: payouts.recipients,
    transferState: payouts.state,
    settleTransfer: payouts.settle,
    /** The buyer paid on Paystack's page, with a card Paystack may charge again. */
    complete(reference: string): FakePaystackTransaction {
      const t = transaction(reference);
      t.status = 'success';
      t.paid_at = new Date().toISOString();
      t.authorization_code ??= `AUTH_${token(5)}`;
      return t;
    },
    /** The card behind this authorization is declined from now on. */
    decline(authorizationCode: string) {
      declined.add(authorizationCode);
    },
    /** Changes what Paystack will say about a transaction; metadata may be given as a JSON string, as Paystack sometimes echoes it. */
    tamper(
      reference: string,
      change: { amount?: number; currency?: string; metadata?: Record<string, string> | string },
    ) {
      const t = transaction(reference);
      if (change.amount !== undefined) t.amount = change.amount;
      if (change.currency !== undefined) t.currency = change.currency;
      if (typeof change.metadata === 'string') t.metadata = change.metadata;
      else if (change.metadata)
        t.metadata = { ...(typeof t.metadata === 'object' ? t.metadata : {}), ...change.metadata };
    },
    /**
     * A webhook delivery signed as Paystack signs it. Pass a whole event body, or a type and the
     * reference it is about (its current state, or a bare successful charge for an unknown one);
     * `transfer.*` types are about a transfer (a payout).
     */
    signedWebhook(
      event: Record<string, unknown> | { type: string; reference: string },
      sign: { secret?: string } = {},
    ): { body: string; headers: Record<string, string> } {
      const full =
        'reference' in event && typeof event.type === 'string'
          ? eventFor(event as { type: string; reference: string })
          : event;
      const body = JSON.stringify(full);
      const signature = createHmac('sha512', sign.secret ?? secretKey)
        .update(body)
        .digest('hex');
      return { body, headers: { 'content-type': 'application/json', 'x-paystack-signature': signature } };
    },
    close,
  };

  function eventFor(spec: { type: string; reference: string }) {
    if (spec.type.startsWith('transfer.')) return payouts.event(spec.type, spec.reference);
    const known = transactions.get(spec.reference);
    const data = known
      ? present(known)
      : {
          id: nextId++,
          reference: spec.reference,
          status: 'success',
          amount: 100,
          currency: 'NGN',
          metadata: '',
          paid_at: new Date().toISOString(),
        };
    return { event: spec.type, data };
  }
}

export type FakePaystack = Awaited<ReturnType<typeof startFakePaystack>>;

function present(t: FakePaystackTransaction) {
  return {
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    currency: t.currency,
    gateway_response: t.status === 'success' ? 'Successful' : 'The transaction was not completed',
    paid_at: t.paid_at,
    channel: 'card',
    metadata: t.metadata,
    customer: { email: t.email },
    authorization: t.authorization_code
      ? {
          authorization_code: t.authorization_code,
          bin: '408408',
          last4: '4081',
          exp_month: '12',
          exp_year: '2030',
          channel: 'card',
          card_type: 'visa',
          bank: 'TEST BANK',
          country_code: 'NG',
          brand: 'visa',
          reusable: true,
          signature: `SIG_${t.authorization_code}`,
        }
      : null,
  };
}
