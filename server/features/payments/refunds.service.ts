import { AppError } from '#server/lib/errors';
import { afterCommit, transaction } from '#server/db/transaction';
import type { DbOrTx } from '#server/db/client';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { formatMoney, type TCurrency } from '#shared/money';
import type {
  TAdminRefundList,
  TAdminRefundRequest,
  TPurchase,
  TPurchaseItem,
  TPurchaseList,
  TRefundDecisionInput,
  TRefundRequestInput,
  TRefundStatus,
} from '#shared/payments/payments.schemas';
import type { Audit } from '#server/lib/audit/audit';
import {
  announcePayment,
  announceRefundQueue,
  gatewayOf,
  reach,
  type PaymentFlow,
  type PaymentsDeps,
} from './payment-flow';
import { canDecideRefunds, refundWindowClosed, refundWindowEnd, withinRefundWindow } from './payments.policy';
import { presentAdminRefund, presentPurchase } from './payments.presenter';
import { type PaymentRow, paymentsRepo, type RefundRequestRow } from './payments.repo';

const PURCHASES_LIMIT = 200;

const paymentNotFound = () => new AppError('NOT_FOUND', 'Payment not found.');
const requestNotFound = () => new AppError('NOT_FOUND', 'Refund request not found.');
const alreadyDecided = () => new AppError('CONFLICT', 'This refund request was already decided.');
const alreadyAsked = () => new AppError('CONFLICT', 'You have already asked for a refund of this payment.');
const beingDecided = () =>
  new AppError('CONFLICT', 'Another administrator is approving this refund request right now.');
/** How long an approval may wait on the gateway before another admin may take it over. */
const CLAIM_MS = 2 * 60_000;

/** The learner's purchases, their refund requests, and the admins' decisions on them. */
export function createRefundsService(deps: PaymentsDeps & { audit: Audit }, flow: PaymentFlow) {
  const { db, gateways, notifications, realtime, audit, now, log } = deps;

  /** Items of many payments, each asked of its own kind. */
  async function itemsOf(
    tx: DbOrTx,
    rows: Array<Pick<PaymentRow, 'kind' | 'itemId'>>,
  ): Promise<(p: Pick<PaymentRow, 'kind' | 'itemId'>) => TPurchaseItem> {
    const byKind = new Map<string, string[]>();
    for (const r of rows) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.itemId]);
    const found = new Map<string, TPurchaseItem>();
    for (const [kind, ids] of byKind)
      for (const [id, item] of await flow.kindOf(kind).describe(tx, ids)) found.set(`${kind}:${id}`, item);
    return (p) => found.get(`${p.kind}:${p.itemId}`)!;
  }

  /**
   * The end of the refund window while a request can still be made; otherwise, for a paid
   * purchase without a request, why not (the window closed, or the kind's blocker), so that the
   * learner is not left with a bare "Paid" under a page that promises refunds.
   */
  async function refundability(
    tx: DbOrTx,
    p: PaymentRow,
    hasRequest: boolean,
  ): Promise<{ until: Date | null; blocked: string | null }> {
    if (p.status !== 'paid' || hasRequest || !p.paidAt) return { until: null, blocked: null };
    if (!withinRefundWindow(p.paidAt, now())) return { until: null, blocked: refundWindowClosed(p.paidAt) };
    const blocker = await flow.kindOf(p.kind).refundBlocker(tx, p.buyerId, p.itemId);
    return blocker ? { until: null, blocked: blocker } : { until: refundWindowEnd(p.paidAt), blocked: null };
  }

  async function adminView(adminUser: TUser, id: string): Promise<TAdminRefundRequest> {
    const [row] = await paymentsRepo.requestsWithPeople(db, { id }, now());
    if (!row) throw requestNotFound();
    return presentAdminRefund(row, (await itemsOf(db, [row.payment]))(row.payment), adminUser);
  }

  const money = (p: PaymentRow) => formatMoney(p.amountMinor, p.currency as TCurrency);

  async function approve(adminUser: TUser, request: RefundRequestRow, note: string | null): Promise<void> {
    const { id } = request;
    const payment = (await paymentsRepo.findById(db, request.paymentId))!;
    const kind = flow.kindOf(payment.kind);
    if (payment.status !== 'paid')
      throw new AppError('CONFLICT', 'This payment is no longer paid, so it cannot be refunded.');
    // A second payment for an item held through another one is refunded whatever the item's rule.
    const duplicate = await paymentsRepo.hasOtherPaid(db, payment);
    const blocker = duplicate ? null : await kind.refundBlocker(db, payment.buyerId, payment.itemId);
    if (blocker) {
      throw new AppError(
        'BAD_REQUEST',
        `This purchase can no longer be refunded (the learner was told: "${blocker}"). Decline the request with a note instead.`,
      );
    }
    const gateway = gatewayOf(gateways, payment.gateway);
    // The provider is called outside any transaction (a network call must not hold row locks,
    // nor PGlite's one connection), so the request is claimed first: no decline or second
    // approval starts meanwhile. The request id is the idempotency key of the refund, which
    // gives back what a partial refund has not already.
    const claimedAt = now();
    if (!(await paymentsRepo.claimRequest(db, id, adminUser.id, claimedAt, new Date(claimedAt.getTime() - CLAIM_MS)))) {
      throw (await paymentsRepo.findRequest(db, id))?.status === 'pending' ? beingDecided() : alreadyDecided();
    }
    let refundId: string;
    try {
      ({ refundId } = await reach(
        log,
        () =>
          gateway.refund({
            reference: payment.reference,
            gatewayPaymentId: payment.gatewayPaymentId,
            amountMinor: payment.amountMinor - payment.refundedMinor,
            idempotencyKey: request.id,
          }),
        {
          unavailable:
            'The payment provider could not refund this payment just now. Nothing was changed; please try again in a minute.',
        },
      ));
    } catch (err) {
      await paymentsRepo.releaseClaim(db, id, claimedAt);
      throw err;
    }
    await transaction(db, async (tx) => {
      const decided = await paymentsRepo.decideRequest(
        tx,
        id,
        {
          status: 'approved',
          decidedBy: adminUser.id,
          decidedAt: now(),
          decisionNote: note,
          gatewayRefundId: refundId,
        },
        { claimedAt },
      );
      if (!decided) throw alreadyDecided();
      const refunded = await paymentsRepo.markRefunded(tx, payment.id, now());
      if (!refunded) throw new AppError('CONFLICT', 'This payment is no longer paid, so it cannot be refunded.');
      for (const settlement of deps.settlements)
        await settlement.refunded(tx, payment, payment.amountMinor - payment.refundedMinor, `refund_request:${id}`, {
          escrow: kind.escrow === true,
        });
      // A buyer who paid twice for one item keeps it while the other payment stands.
      if (!duplicate) await kind.revoke(tx, payment.buyerId, payment.itemId);
      const item = (await itemsOf(tx, [payment]))(payment);
      const details = {
        paymentId: payment.id,
        item: item.title,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        gatewayRefundId: refundId,
      };
      await audit.action(
        { adminId: adminUser.id, action: 'refund.approved', target: `refund_request:${id}`, details },
        tx,
      );
      // Stored text names the learner only as anyone may see them (decision 013).
      const learner = (await deps.accounts.person(payment.buyerId, null, tx))?.fullName ?? 'a learner';
      const learnerMessage = `Your refund of ${money(payment)} for "${item.title}" was approved. The money goes back the way you paid.`;
      const payeeMessage = `The sale of "${item.title}" to ${learner} for ${money(payment)} was refunded and no longer counts in your revenue.`;
      await notifications.notify(
        payment.buyerId,
        { type: 'system_update', title: 'Refund approved', message: learnerMessage, link: kind.pages.buyer },
        tx,
      );
      await notifications.notify(
        payment.payeeId,
        { type: 'system_update', title: 'A sale was refunded', message: payeeMessage, link: kind.pages.payee },
        tx,
      );
      afterCommit(tx, () => {
        announcePayment(realtime, kind, payment);
        announceRefundQueue(realtime);
      });
    });
  }

  async function decline(adminUser: TUser, id: string, note: string): Promise<void> {
    await transaction(db, async (tx) => {
      const decided = await paymentsRepo.decideRequest(
        tx,
        id,
        { status: 'declined', decidedBy: adminUser.id, decidedAt: now(), decisionNote: note, gatewayRefundId: null },
        { staleBefore: new Date(now().getTime() - CLAIM_MS) },
      );
      if (!decided)
        throw (await paymentsRepo.findRequest(tx, id))?.status === 'pending' ? beingDecided() : alreadyDecided();
      const payment = (await paymentsRepo.findById(tx, decided.paymentId))!;
      const item = (await itemsOf(tx, [payment]))(payment);
      const details = { paymentId: payment.id, item: item.title, note };
      await audit.action(
        { adminId: adminUser.id, action: 'refund.declined', target: `refund_request:${id}`, details },
        tx,
      );
      const message = clip(`Your refund request for "${item.title}" was declined: ${note}`);
      await notifications.notify(
        payment.buyerId,
        { type: 'system_update', title: 'Refund declined', message, link: flow.kindOf(payment.kind).pages.buyer },
        tx,
      );
      afterCommit(tx, () => {
        realtime.emitToUser(payment.buyerId, 'data:updated', { queryKeys: [['/api/user/payments']] });
        announceRefundQueue(realtime);
      });
    });
  }

  return {
    async purchases(user: TUser): Promise<TPurchaseList> {
      const rows = await paymentsRepo.purchasesOf(db, user.id, PURCHASES_LIMIT);
      const item = await itemsOf(
        db,
        rows.map((r) => r.payment),
      );
      const purchases: TPurchase[] = [];
      for (const { payment, refund } of rows) {
        purchases.push(
          presentPurchase(payment, item(payment), refund, await refundability(db, payment, Boolean(refund))),
        );
      }
      return { purchases };
    },

    /** The buyer's own paid payment, within the window, once; the admins' queue hears of it. */
    async requestRefund(user: TUser, paymentId: string, input: TRefundRequestInput): Promise<TPurchase> {
      return transaction(db, async (tx) => {
        const payment = await paymentsRepo.lockById(tx, paymentId);
        if (!payment || payment.buyerId !== user.id) throw paymentNotFound();
        if (payment.status === 'refunded') throw new AppError('CONFLICT', 'This payment has already been refunded.');
        if (await paymentsRepo.findRequestByPayment(tx, payment.id)) throw alreadyAsked();
        if (payment.status !== 'paid' || !payment.paidAt)
          throw new AppError('BAD_REQUEST', 'Only a completed payment can be refunded.');
        if (!withinRefundWindow(payment.paidAt, now()))
          throw new AppError('BAD_REQUEST', refundWindowClosed(payment.paidAt));
        const blocker = await flow.kindOf(payment.kind).refundBlocker(tx, payment.buyerId, payment.itemId);
        if (blocker) throw new AppError('BAD_REQUEST', blocker);
        const request = await paymentsRepo.insertRequest(tx, {
          paymentId: payment.id,
          requesterId: user.id,
          reason: input.reason,
          createdAt: now(),
        });
        if (!request) throw alreadyAsked();
        afterCommit(tx, () => {
          announceRefundQueue(realtime);
          realtime.emitToUser(user.id, 'data:updated', { queryKeys: [['/api/user/payments']] });
        });
        return presentPurchase(payment, (await itemsOf(tx, [payment]))(payment), request, {
          until: null,
          blocked: null,
        });
      });
    },

    async refundRequests(adminUser: TUser, status: TRefundStatus): Promise<TAdminRefundList> {
      if (!canDecideRefunds(adminUser)) throw new AppError('FORBIDDEN', 'Only administrators can see refund requests.');
      const rows = await paymentsRepo.requestsWithPeople(db, { status }, now());
      const item = await itemsOf(
        db,
        rows.map((r) => r.payment),
      );
      return { refundRequests: rows.map((r) => presentAdminRefund(r, item(r.payment), adminUser)) };
    },

    /** Approve refunds through the payment's gateway and ends what was bought; decline tells the learner why. */
    async decideRefund(adminUser: TUser, id: string, input: TRefundDecisionInput): Promise<TAdminRefundRequest> {
      if (!canDecideRefunds(adminUser)) throw new AppError('FORBIDDEN', 'Only administrators can decide refunds.');
      const request = await paymentsRepo.findRequest(db, id);
      if (!request) throw requestNotFound();
      if (request.status !== 'pending') throw alreadyDecided();
      if (input.decision === 'approve') await approve(adminUser, request, input.note || null);
      else await decline(adminUser, id, input.note!);
      return adminView(adminUser, id);
    },
  };
}

/** The notification message's limit. */
const clip = (s: string) => (s.length > 2000 ? `${s.slice(0, 1999)}…` : s);
