import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TRefundStatus } from '#shared/payments/payments.schemas';
import { people, personColumns } from '../accounts';
import {
  keptFeeMinor,
  keptMinor,
  paymentWebhookEvents,
  payments,
  refundRequests,
  type PaymentRow,
  type RefundRequestRow,
} from './payments.table';

export type { PaymentRefundRow, PaymentRow, RefundRequestRow, TestGatewaySessionRow } from './payments.table';

export type NewPayment = typeof payments.$inferInsert;

const unclaimed = (staleBefore: Date) =>
  or(isNull(refundRequests.decidedAt), lt(refundRequests.decidedAt, staleBefore));
const byReference = (gateway: string, reference: string) =>
  and(eq(payments.gateway, gateway), eq(payments.reference, reference));

export const paymentsRepo = {
  async insert(db: DbOrTx, values: NewPayment): Promise<PaymentRow> {
    const [row] = await db.insert(payments).values(values).returning();
    return row!;
  },

  /** A payment opened by us rather than a checkout (a renewal): one per gateway reference, whoever comes first. */
  async insertIfNew(db: DbOrTx, values: NewPayment): Promise<void> {
    await db.insert(payments).values(values).onConflictDoNothing();
  },

  async findById(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  },

  async findByReference(db: DbOrTx, gateway: string, reference: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(byReference(gateway, reference)).limit(1);
    return row;
  },

  /** The payment locked until the transaction ends: fulfilments of one checkout run one after another. */
  async lockByReference(tx: DbOrTx, gateway: string, reference: string): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(byReference(gateway, reference)).for('update').limit(1);
    return row;
  },

  async lockById(tx: DbOrTx, id: string): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
    return row;
  },

  /** pending -> paid, once: undefined when another fulfilment got there first. */
  async markPaid(
    tx: DbOrTx,
    id: string,
    values: { paidAt: Date; feeMinor: number; gatewayPaymentId: string | null },
  ): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .update(payments)
      .set({ status: 'paid', ...values })
      .where(and(eq(payments.id, id), inArray(payments.status, ['pending', 'expired'])))
      .returning();
    return row;
  },

  async markCancelled(db: DbOrTx, gateway: string, reference: string): Promise<void> {
    await db
      .update(payments)
      .set({ status: 'cancelled' })
      .where(and(byReference(gateway, reference), eq(payments.status, 'pending')));
  },

  /** A checkout abandoned at the gateway; still fulfilled if the gateway later shows it paid. */
  async markExpired(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(payments)
      .set({ status: 'expired' })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
  },

  async markRefunded(tx: DbOrTx, id: string, at: Date): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .update(payments)
      .set({ status: 'refunded', refundedAt: at })
      .where(and(eq(payments.id, id), eq(payments.status, 'paid')))
      .returning();
    return row;
  },

  /** Whether the buyer holds another paid payment for the same item (two checkouts both paid). */
  async hasOtherPaid(db: DbOrTx, p: Pick<PaymentRow, 'id' | 'buyerId' | 'kind' | 'itemId'>): Promise<boolean> {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.buyerId, p.buyerId),
          eq(payments.kind, p.kind),
          eq(payments.itemId, p.itemId),
          eq(payments.status, 'paid'),
          ne(payments.id, p.id),
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  /** False when the event was already recorded: a redelivery. */
  async webhookEventSeen(db: DbOrTx, gateway: string, eventId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: paymentWebhookEvents.eventId })
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.gateway, gateway), eq(paymentWebhookEvents.eventId, eventId)))
      .limit(1);
    return Boolean(row);
  },

  async recordWebhookEvent(tx: DbOrTx, gateway: string, eventId: string): Promise<boolean> {
    const rows = await tx
      .insert(paymentWebhookEvents)
      .values({ gateway, eventId })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.eventId });
    return rows.length > 0;
  },

  /** The buyer's confirmed purchases (paid or refunded), newest first, with any refund request. */
  async purchasesOf(db: DbOrTx, buyerId: string, limit: number) {
    return db
      .select({ payment: payments, refund: refundRequests })
      .from(payments)
      .leftJoin(refundRequests, eq(refundRequests.paymentId, payments.id))
      .where(and(eq(payments.buyerId, buyerId), inArray(payments.status, ['paid', 'refunded'])))
      .orderBy(desc(payments.paidAt), desc(payments.id))
      .limit(limit);
  },

  async findRequestByPayment(db: DbOrTx, paymentId: string): Promise<RefundRequestRow | undefined> {
    const [row] = await db.select().from(refundRequests).where(eq(refundRequests.paymentId, paymentId)).limit(1);
    return row;
  },

  /** Undefined when the payment already has a request: the unique index settles two racing asks. */
  async insertRequest(
    tx: DbOrTx,
    values: { paymentId: string; requesterId: string; reason: string; createdAt: Date },
  ): Promise<RefundRequestRow | undefined> {
    const [row] = await tx.insert(refundRequests).values(values).onConflictDoNothing().returning();
    return row;
  },

  async findRequest(db: DbOrTx, id: string): Promise<RefundRequestRow | undefined> {
    const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, id)).limit(1);
    return row;
  },

  async lockRequest(tx: DbOrTx, id: string): Promise<RefundRequestRow | undefined> {
    const [row] = await tx.select().from(refundRequests).where(eq(refundRequests.id, id)).for('update').limit(1);
    return row;
  },

  /**
   * An approval in flight: decided_by and decided_at set while the status stays pending, so that
   * no other decision starts while the gateway refunds. A claim older than `staleBefore` (its
   * process died mid-way) may be taken over; the gateway's idempotency key keeps that safe.
   */
  async claimRequest(
    db: DbOrTx,
    id: string,
    adminId: string,
    at: Date,
    staleBefore: Date,
  ): Promise<RefundRequestRow | undefined> {
    const [row] = await db
      .update(refundRequests)
      .set({ decidedBy: adminId, decidedAt: at })
      .where(and(eq(refundRequests.id, id), eq(refundRequests.status, 'pending'), unclaimed(staleBefore)))
      .returning();
    return row;
  },

  async releaseClaim(db: DbOrTx, id: string, at: Date): Promise<void> {
    await db
      .update(refundRequests)
      .set({ decidedBy: null, decidedAt: null })
      .where(and(eq(refundRequests.id, id), eq(refundRequests.status, 'pending'), eq(refundRequests.decidedAt, at)));
  },

  /**
   * pending -> approved or declined, once: an approval completes its own claim (`claimedAt`), a
   * decline needs the request unclaimed. Undefined when another decision got there first.
   */
  async decideRequest(
    tx: DbOrTx,
    id: string,
    values: {
      status: 'approved' | 'declined';
      decidedBy: string;
      decidedAt: Date;
      decisionNote: string | null;
      gatewayRefundId: string | null;
    },
    guard: { claimedAt: Date } | { staleBefore: Date },
  ): Promise<RefundRequestRow | undefined> {
    const [row] = await tx
      .update(refundRequests)
      .set(values)
      .where(
        and(
          eq(refundRequests.id, id),
          eq(refundRequests.status, 'pending'),
          'claimedAt' in guard ? eq(refundRequests.decidedAt, guard.claimedAt) : unclaimed(guard.staleBefore),
        ),
      )
      .returning();
    return row;
  },

  /** Requests with their payment and people: pending oldest first, as a queue is worked; decided ones newest first. */
  async requestsWithPeople(db: DbOrTx, where: { status: TRefundStatus } | { id: string }, now: Date, limit = 200) {
    // The people are the accounts feature's (decision 013): a queue stays one statement.
    const learners = people('learner');
    const payees = people('payee');
    const order =
      'status' in where && where.status === 'pending'
        ? [asc(refundRequests.createdAt)]
        : [desc(refundRequests.decidedAt), desc(refundRequests.createdAt)];
    return db
      .select({
        request: refundRequests,
        payment: payments,
        learner: personColumns(learners, now),
        payee: personColumns(payees, now),
      })
      .from(refundRequests)
      .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
      .innerJoin(learners, eq(learners.id, refundRequests.requesterId))
      .innerJoin(payees, eq(payees.id, payments.payeeId))
      .where('status' in where ? eq(refundRequests.status, where.status) : eq(refundRequests.id, where.id))
      .orderBy(...order)
      .limit(limit);
  },

  /** All-time figures per currency: paid sales less partial refunds, and what was refunded; `except` kinds left out. */
  async revenueTotals(db: DbOrTx, payeeId: string, except: readonly string[]) {
    return db
      .select({
        currency: payments.currency,
        sales: sql<number>`count(*) filter (where ${payments.status} = 'paid')::int`,
        grossMinor:
          sql<number>`coalesce(sum(${keptMinor}) filter (where ${payments.status} = 'paid'), 0)::bigint`.mapWith(
            Number,
          ),
        feeMinor:
          sql<number>`coalesce(sum(${keptFeeMinor}) filter (where ${payments.status} = 'paid'), 0)::bigint`.mapWith(
            Number,
          ),
        // A whole refund gives back the amount; a partial one, what it gave back.
        refundedMinor:
          sql<number>`coalesce(sum(case when ${payments.status} = 'refunded' then ${payments.amountMinor} else ${payments.refundedMinor} end), 0)::bigint`.mapWith(
            Number,
          ),
      })
      .from(payments)
      .where(
        and(
          eq(payments.payeeId, payeeId),
          inArray(payments.status, ['paid', 'refunded']),
          except.length > 0 ? notInArray(payments.kind, [...except]) : undefined,
        ),
      )
      .groupBy(payments.currency)
      .orderBy(payments.currency);
  },

  /**
   * Paid sales since `since` by calendar month in West Africa Time (UTC+1 all year): the UTC wall
   * time plus an hour, so that no time zone database is needed (PGlite has none to rely on).
   */
  async revenueByMonth(db: DbOrTx, payeeId: string, since: Date, except: readonly string[]) {
    const month = sql<string>`to_char((${payments.paidAt} at time zone 'UTC') + interval '1 hour', 'YYYY-MM')`;
    return db
      .select({
        currency: payments.currency,
        month,
        sales: sql<number>`count(*)::int`,
        grossMinor: sql<number>`coalesce(sum(${keptMinor}), 0)::bigint`.mapWith(Number),
        feeMinor: sql<number>`coalesce(sum(${keptFeeMinor}), 0)::bigint`.mapWith(Number),
      })
      .from(payments)
      .where(
        and(
          eq(payments.payeeId, payeeId),
          eq(payments.status, 'paid'),
          gte(payments.paidAt, since),
          except.length > 0 ? notInArray(payments.kind, [...except]) : undefined,
        ),
      )
      .groupBy(payments.currency, month);
  },

  /** A payee's paid sales of some kinds, less partial refunds, by WAT month and currency since `since`: one statement. */
  async earningsByMonth(db: DbOrTx, payeeId: string, kinds: readonly string[], since: Date) {
    const month = sql<string>`to_char((${payments.paidAt} at time zone 'UTC') + interval '1 hour', 'YYYY-MM')`;
    return db
      .select({
        currency: payments.currency,
        month,
        sales: sql<number>`count(*)::int`,
        grossMinor: sql<number>`coalesce(sum(${keptMinor}), 0)::bigint`.mapWith(Number),
        feeMinor: sql<number>`coalesce(sum(${keptFeeMinor}), 0)::bigint`.mapWith(Number),
      })
      .from(payments)
      .where(
        and(
          eq(payments.payeeId, payeeId),
          eq(payments.status, 'paid'),
          inArray(payments.kind, [...kinds]),
          gte(payments.paidAt, since),
        ),
      )
      .groupBy(payments.currency, month);
  },
};
