import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { readBody, sendJson, serveLocally } from './fake-http';
import { createFakeBilling } from './fake-stripe-billing';

/** A checkout session as the fake keeps it: the fields of Stripe's object the adapter reads, and a few more for realism. */
export interface FakeStripeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  payment_intent: string | null;
  /** Subscription mode: the subscription and first invoice opened when paid. */
  subscription: string | null;
  invoice: string | null;
  success_url: string;
  cancel_url: string | null;
  livemode: false;
  created: number;
  /** What the adapter sent, parsed from the form: for assertions on the request itself. */
  params: Record<string, unknown>;
}

export interface FakeStripeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded';
  idempotencyKey: string | null;
}

const token = (n = 12) => randomBytes(n).toString('hex');

/**
 * A local Stripe-compatible HTTP server that answers only what the Stripe adapter calls
 * (create and retrieve a Checkout Session, create a refund) the way Stripe's v1 API does:
 * form-encoded requests, bearer key, Stripe's error shape, idempotent retries. The official SDK
 * talks to it over HTTP, so the adapter's real requests are under test.
 */
export async function startFakeStripe(opts: { secretKey?: string; webhookSecret?: string } = {}) {
  const secretKey = opts.secretKey ?? `sk_test_${token()}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_${token()}`;
  const sessions = new Map<string, FakeStripeSession>();
  const refunds: FakeStripeRefund[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  /** How many coming refund calls fail with a 503 before reaching the API, as during an outage. */
  const outage = { refunds: 0 };
  /** Every request received, in order: "POST /v1/refunds". */
  const requests: string[] = [];
  const billing = createFakeBilling((object, id) => missing(object, id, 'id'));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push(`${req.method} ${path}`);
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, stripeError('invalid_request_error', 'Invalid API Key provided: sk_test_****'));
    }
    const form = parseForm(await readBody(req));
    // An outage in front of the API: the request never reaches Stripe, so no idempotent result is kept.
    if (req.method === 'POST' && path === '/v1/refunds' && outage.refunds > 0) {
      outage.refunds--;
      return send(res, 503, stripeError('api_error', 'Service unavailable'));
    }
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    if (req.method === 'POST' && key && idempotent.has(key)) {
      const replay = idempotent.get(key)!;
      return send(res, replay.status, replay.body);
    }
    const answer = route(req.method ?? 'GET', path, form, key);
    if (req.method === 'POST' && key) idempotent.set(key, answer);
    send(res, answer.status, answer.body);
  }

  function route(
    method: string,
    path: string,
    form: Record<string, unknown>,
    key: string | null,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    const match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (!session) return missing('checkout.session', match[1]!, 'session');
      return { status: 200, body: present(session) };
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form, key);
    const billed = billing.route(method, path, form);
    if (billed) return billed;
    return {
      status: 404,
      body: stripeError('invalid_request_error', `Unrecognized request URL (${method}: ${path}).`),
    };
  }

  function createSession(form: Record<string, unknown>) {
    const item = (form.line_items as Array<Record<string, Record<string, unknown>>> | undefined)?.[0];
    const price = item?.price_data;
    const name = (price?.product_data as Record<string, unknown> | undefined)?.name;
    for (const [param, value] of [
      ['mode', form.mode],
      ['success_url', form.success_url],
      ['line_items[0][price_data][currency]', price?.currency],
      ['line_items[0][price_data][unit_amount]', price?.unit_amount],
      ['line_items[0][price_data][product_data][name]', name],
    ] as const) {
      if (typeof value !== 'string' || !value)
        return {
          status: 400,
          body: stripeError('invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param),
        };
    }
    const id = `cs_test_${token()}`;
    const session: FakeStripeSession = {
      id,
      object: 'checkout.session',
      mode: form.mode as string,
      url: `${url}/c/pay/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(price!.unit_amount) * Number(item?.quantity ?? 1),
      currency: String(price!.currency),
      metadata: { ...((form.metadata as Record<string, string> | undefined) ?? {}) },
      client_reference_id: (form.client_reference_id as string | undefined) ?? null,
      customer_email: (form.customer_email as string | undefined) ?? null,
      payment_intent: null,
      subscription: null,
      invoice: null,
      success_url: form.success_url as string,
      cancel_url: (form.cancel_url as string | undefined) ?? null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      params: form,
    };
    sessions.set(id, session);
    return { status: 200, body: present(session) };
  }

  function createRefund(form: Record<string, unknown>, key: string | null) {
    const intent = form.payment_intent;
    if (typeof intent !== 'string')
      return {
        status: 400,
        body: stripeError(
          'invalid_request_error',
          'Missing required param: payment_intent.',
          'parameter_missing',
          'payment_intent',
        ),
      };
    const paidSession = [...sessions.values()].find((s) => s.payment_intent === intent);
    const invoiced = billing.charged(intent);
    const session = paidSession ?? (invoiced && { amount_total: invoiced.amount, currency: invoiced.currency });
    if (!session) return missing('payment_intent', intent, 'payment_intent');
    const refunded = refunds.filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
    const amount = form.amount === undefined ? session.amount_total - refunded : Number(form.amount);
    if (refunded >= session.amount_total) {
      return {
        status: 400,
        body: stripeError(
          'invalid_request_error',
          `Charge for ${intent} has already been refunded.`,
          'charge_already_refunded',
        ),
      };
    }
    if (amount > session.amount_total - refunded) {
      return {
        status: 400,
        body: stripeError(
          'invalid_request_error',
          'Refund amount is greater than unrefunded amount on charge.',
          'amount_too_large',
          'amount',
        ),
      };
    }
    const refund: FakeStripeRefund = {
      id: `re_test_${token()}`,
      object: 'refund',
      payment_intent: intent,
      amount,
      currency: session.currency,
      status: 'succeeded',
      idempotencyKey: key,
    };
    refunds.push(refund);
    const { idempotencyKey: _key, ...body } = refund;
    return { status: 200, body };
  }

  const { url, close } = await serveLocally((req, res) => {
    void handle(req, res).catch((err: unknown) => send(res, 500, stripeError('api_error', String(err))));
  });

  function session(reference: string): FakeStripeSession {
    const found = sessions.get(reference);
    if (!found) throw new Error(`fake Stripe has no session ${reference}`);
    return found;
  }

  return {
    url,
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    requests,
    outage,
    session,
    billing,
    /**
     * The buyer paid on Stripe's page: the session completes and gets its PaymentIntent, or in
     * subscription mode its subscription, whose first invoice holds the payment.
     */
    complete(reference: string): FakeStripeSession {
      const s = session(reference);
      s.status = 'complete';
      s.payment_status = 'paid';
      if (s.mode === 'subscription') {
        if (!s.subscription) {
          const opened = billing.open(s.metadata, s.amount_total, s.currency);
          s.subscription = opened.subscription;
          s.invoice = opened.invoice.id;
        }
      } else s.payment_intent ??= `pi_test_${token()}`;
      return s;
    },
    /** Changes what Stripe will say about a session, as if someone had altered it on the way. */
    tamper(reference: string, change: { amount?: number; currency?: string; metadata?: Record<string, string> }) {
      const s = session(reference);
      if (change.amount !== undefined) s.amount_total = change.amount;
      if (change.currency !== undefined) s.currency = change.currency.toLowerCase();
      if (change.metadata !== undefined) s.metadata = { ...s.metadata, ...change.metadata };
    },
    /**
     * A webhook delivery signed the way Stripe signs it (`t=...,v1=HMAC-SHA256`). Pass a whole
     * event, or a type and the session it is about (its current state, or a bare paid session
     * for a reference the fake does not know).
     */
    signedWebhook(
      event: Record<string, unknown> | { type: string; reference: string; id?: string },
      sign: { timestamp?: number; secret?: string } = {},
    ): { body: string; headers: Record<string, string> } {
      const full =
        'reference' in event && typeof event.reference === 'string'
          ? eventFor(event as { type: string; reference: string; id?: string })
          : event;
      const body = JSON.stringify(full);
      const header = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: sign.secret ?? webhookSecret,
        timestamp: sign.timestamp ?? Math.floor(Date.now() / 1000),
      });
      return { body, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
    },
    close,
  };

  function eventFor(spec: { type: string; reference: string; id?: string }) {
    const known = sessions.get(spec.reference);
    const object = known
      ? present(known)
      : {
          id: spec.reference,
          object: 'checkout.session',
          payment_status: 'paid',
          status: 'complete',
          metadata: {},
          amount_total: 0,
          currency: 'usd',
          payment_intent: null,
        };
    return {
      id: spec.id ?? `evt_test_${token()}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: spec.type,
      data: { object },
    };
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

function present(session: FakeStripeSession) {
  const { params: _params, ...body } = session;
  return body;
}

function missing(object: string, id: string, param: string) {
  return {
    status: 404,
    body: stripeError('invalid_request_error', `No such ${object}: '${id}'`, 'resource_missing', param),
  };
}

function stripeError(type: string, message: string, code?: string, param?: string) {
  return { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } };
}

/** Stripe marks every answer with a request id. */
const send = (res: ServerResponse, status: number, body: unknown) =>
  sendJson(res, status, body, { 'request-id': `req_${token(7)}` });

/**
 * Stripe's form encoding (`line_items[0][price_data][currency]=ngn`) back into nested objects;
 * objects whose keys are all indexes become arrays.
 */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return arrays(root) as Record<string, unknown>;
}

function arrays(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
  if (entries.length && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}
