import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/**
 * One row per checkout we opened at a gateway: pending until the gateway confirms it, then paid
 * (exactly once: the unique gateway reference and a conditional update), perhaps refunded.
 * A purchase of any kind: `kind` and `itemId` name what was bought (no foreign key, as the item
 * lives in its own feature's table). Financial records are kept: users are never cascaded away.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    itemId: uuid('item_id').notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Who is paid for the item (the course's tutor), less the platform's fee. */
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    gateway: text('gateway').notNull(),
    /** The gateway's checkout id: Stripe's Checkout Session id, Paystack's reference, the test gateway's reference. */
    reference: text('reference').notNull(),
    /**
     * Where the buyer pays a checkout, so a second checkout of the same item answers the same
     * (decision 048). Null on renewals, which nobody opens in a browser, and on checkouts before it.
     */
    checkoutUrl: text('checkout_url'),
    /** The gateway's id of the money movement, used to refund (Stripe's PaymentIntent, Paystack's transaction id). */
    gatewayPaymentId: text('gateway_payment_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** The platform's share, fixed when the payment is confirmed. */
    feeMinor: integer('fee_minor'),
    status: text('status').notNull().default('pending'),
    /**
     * What went back to the buyer while the payment stays paid (a partial refund: a mentor ending
     * a subscription early). A whole refund sets the status to refunded instead.
     */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_gateway_reference_idx').on(t.gateway, t.reference),
    // One open checkout per buyer and item, whatever races: checkouts at once share it (decision 048).
    uniqueIndex('payments_one_open_checkout_idx')
      .on(t.buyerId, t.kind, t.itemId)
      .where(sql`status = 'pending' and checkout_url is not null`),
    index('payments_buyer_created_idx').on(t.buyerId, t.createdAt),
    index('payments_payee_paid_idx').on(t.payeeId, t.paidAt),
  ],
);

/** At most one refund request per payment; an admin decides it. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    decisionNote: text('decision_note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The gateway's id of the refund, once approved. */
    gatewayRefundId: text('gateway_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refund_requests_payment_idx').on(t.paymentId),
    index('refund_requests_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Part of a paid payment given back without a request (payment-refunds.service.ts). The row is
 * written before the gateway is called and its id is the gateway's idempotency key, so that the
 * amount is fixed and a retry refunds once. One per payment.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
    reason: text('reason').notNull(),
    /** pending until the gateway confirmed it, then succeeded. */
    status: text('status').notNull().default('pending'),
    gatewayRefundId: text('gateway_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payment_refunds_payment_idx').on(t.paymentId)],
);

/** Webhook events already handled, so a redelivery changes nothing. Written in the fulfilment's transaction. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);

/**
 * The built-in test gateway's own books: what a real gateway keeps on its side. Only used when
 * PAYMENT_GATEWAY is test; no money ever moves.
 */
export const testGatewaySessions = pgTable('test_gateway_sessions', {
  reference: text('reference').primaryKey(),
  description: text('description').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  status: text('status').notNull().default('open'),
  refundedMinor: integer('refunded_minor').notNull().default(0),
  /** The idempotency keys of the refunds made, so that a retried refund is answered, not repeated. */
  refundKeys: text('refund_keys')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

/** A paid payment's amount less what was partly refunded: what revenue and earnings count. */
export const keptMinor = sql<number>`(${payments.amountMinor} - ${payments.refundedMinor})`;
/** The platform's fee on what was kept: the fee shrinks with a partial refund, in proportion (bigint: the product passes 2^31). */
export const keptFeeMinor = sql<number>`coalesce(coalesce(${payments.feeMinor}, 0)::bigint * (${payments.amountMinor} - ${payments.refundedMinor}) / nullif(${payments.amountMinor}, 0), 0)`;

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
export type RefundRequestRow = typeof refundRequests.$inferSelect;
export type TestGatewaySessionRow = typeof testGatewaySessions.$inferSelect;
