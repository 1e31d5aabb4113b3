import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import {
  GatewayError,
  type GatewayPayment,
  type PaymentGateway,
  type TransferListener,
} from '#server/lib/payments/gateway';
import { afterCommit, transaction } from '#server/db/transaction';
import type { Events } from '#server/platform/events';
import type { QueueService } from '#server/queue/queue.service';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { formatMoney, type TCurrency } from '#shared/money';
import type {
  TPaymentGateway,
  TPurchaseItem,
  TPurchaseKind,
  TVerifyPaymentInput,
} from '#shared/payments/payments.schemas';
import type { AccountsService } from '../accounts';
import type { NotificationsService } from '../notifications';
import type { MoneySteps } from '../privacy';
import { createCheckout } from './checkout';
import { GATEWAY_NAMES, type Gateways } from './gateways';
import { feeOf, truthMismatch } from './payments.policy';
import { type PaymentRow, paymentsRepo } from './payments.repo';
import type { PurchaseKind, Settlement } from './purchase-kinds';
import { createRecurringFlow } from './recurring-flow';

export interface PaymentsDeps {
  db: Db;
  gateways: Gateways;
  /** The things that can be bought, each registered by the feature that sells it. */
  /** Filled by `addKind` once every area is built: read at each use, never copied. */
  kinds: PurchaseKind[];
  /** Told of money in and out inside each payment's transaction (the wallet): filled by `addSettlement`. */
  settlements: Settlement[];
  /** Told of the gateways' transfer events (the wallet's payouts): filled by `addTransferListener`. */
  transferListeners: TransferListener[];
  accounts: AccountsService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  jobs: QueueService;
  /** Told of each payment fulfilled, once it is committed (the metrics). */
  events: Events;
  /** The age gate of every money step (decision 020). */
  moneySteps: MoneySteps;
  feePercent: number;
  appUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** What a fulfilment attempt found. Only 'fulfilled' changed anything. */
export type FulfilOutcome = 'fulfilled' | 'already-paid' | 'unpaid' | 'mismatch' | 'unknown' | 'closed';

const UNAVAILABLE = 'The payment provider could not be reached. Nothing was changed; please try again in a minute.';
const REFUSED = 'The payment provider refused this request. Nothing was changed; please contact support.';
const NOT_YOURS = 'We could not find this payment for your account.';
const NOT_CONFIRMED = 'We could not confirm this payment. Please contact support.';

const failed = (message: string) => new AppError('PAYMENT_FAILED', message);

/**
 * Runs a gateway call. A provider that cannot be reached becomes a 502 saying to try again; one
 * that refuses (a revoked key, an amount it will not take) a 502 saying to contact support, as a
 * retry would not help, logged as an error for the operator. Nothing was changed in either case.
 */
export async function reach<T>(
  log: FastifyBaseLogger,
  call: () => Promise<T>,
  messages: { unavailable?: string; refused?: string } = {},
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    if (err.retryable) {
      log.warn({ err }, 'payment gateway could not be reached');
      throw new AppError('GATEWAY_UNAVAILABLE', messages.unavailable ?? UNAVAILABLE);
    }
    log.error({ err }, 'payment gateway refused a call');
    throw new AppError('GATEWAY_UNAVAILABLE', messages.refused ?? REFUSED);
  }
}

/** A payment's own gateway; a payment taken by a gateway no longer configured cannot be checked here. */
export function gatewayOf(gateways: Gateways, name: string): PaymentGateway {
  const gateway = gateways.get(name);
  if (!gateway) {
    const provider = GATEWAY_NAMES[name as TPaymentGateway] ?? name;
    throw new AppError(
      'GATEWAY_UNAVAILABLE',
      `This payment was made through ${provider}, which is not set up on this server any more, so it cannot be checked or refunded here.`,
    );
  }
  return gateway;
}

/** Realtime refreshes after a payment or a refund changed what the buyer holds and the payee earns. */
export function announcePayment(
  realtime: RealtimeService,
  kind: PurchaseKind,
  p: Pick<PaymentRow, 'buyerId' | 'payeeId' | 'itemId'>,
) {
  const keys = kind.refreshKeys(p.itemId);
  realtime.emitToUser(p.buyerId, 'data:updated', { queryKeys: keys.buyer });
  realtime.emitToUser(p.payeeId, 'data:updated', { queryKeys: keys.payee });
}

/** Tells the admins' refund queue to refresh. */
export const announceRefundQueue = (realtime: RealtimeService) =>
  realtime.emitToRole('admin', 'data:updated', { queryKeys: [['/api/admin/refund-requests']] });

/**
 * Checkout, verification, webhooks and the one fulfilment they all end in. The gateway is the
 * truth: a payment is fulfilled only from `retrieve`, never from what a browser or a webhook
 * body says, and exactly once (a locked row and a conditional pending -> paid update).
 */
export function createPaymentFlow(deps: PaymentsDeps) {
  const { db, gateways, accounts, notifications, realtime, feePercent, now, log } = deps;

  function kindOf(name: string): PurchaseKind {
    const kind = deps.kinds.find((k) => k.kind === name);
    if (!kind) throw new AppError('NOT_FOUND', 'This kind of purchase is not sold here.');
    return kind;
  }

  /** Inside the caller's transaction; see docs/decisions/007-payments.md ("Exactly once"). */
  async function fulfil(tx: Tx, gatewayName: string, truth: GatewayPayment): Promise<FulfilOutcome> {
    const row = await paymentsRepo.lockByReference(tx, gatewayName, truth.reference);
    if (!row) return 'unknown';
    if (row.status === 'paid') return 'already-paid';
    // An expired checkout that the gateway shows paid after all is fulfilled: the money was taken.
    if (row.status !== 'pending' && row.status !== 'expired') return 'closed';
    const mismatch = truthMismatch(row, truth);
    if (mismatch) {
      log.warn(
        { paymentId: row.id, gateway: gatewayName, reference: row.reference, field: mismatch },
        'gateway payment does not match our record',
      );
      return 'mismatch';
    }
    if (!truth.paid) return 'unpaid';
    const feeMinor = feeOf(row.amountMinor, feePercent);
    const paid = await paymentsRepo.markPaid(tx, row.id, {
      paidAt: now(),
      feeMinor,
      gatewayPaymentId: truth.gatewayPaymentId,
    });
    if (!paid) return 'already-paid';
    // The one pending -> paid step of every payment, first or renewal, whatever follows below.
    afterCommit(tx, () => deps.events.emit('payments.fulfilled', { kind: row.kind }));
    const kind = kindOf(row.kind);
    const item = (await kind.describe(tx, [row.itemId])).get(row.itemId)!;
    const renews = gateways.get(gatewayName)?.renews;
    const mandate = truth.mandate && renews ? { gateway: gatewayName, id: truth.mandate, renews } : undefined;
    if (!(await kind.grant(tx, row.buyerId, row.itemId, paid, mandate))) {
      await queueDuplicateRefund(tx, kind, paid, item);
      return 'fulfilled';
    }
    for (const settlement of deps.settlements) await settlement.paid(tx, paid, item, { escrow: kind.escrow === true });
    // A notice is stored and read later: it names the buyer only as anyone may see them (decision 013).
    const buyer = await accounts.person(row.buyerId, null, tx);
    const amount = {
      grossMinor: row.amountMinor,
      netMinor: row.amountMinor - feeMinor,
      currency: paid.currency as TCurrency,
    };
    const notices = kind.purchaseNotices(item, amount, buyer?.fullName ?? 'A member');
    await notifications.notify(row.buyerId, notices.buyer, tx);
    await notifications.notify(row.payeeId, notices.payee, tx);
    afterCommit(tx, () => announcePayment(realtime, kind, row));
    return 'fulfilled';
  }

  /**
   * The buyer already held the item (two checkouts open at once, both paid): the money was taken,
   * so the payment stands as paid, and a refund request is filed for them at once. An admin
   * refunds it from the queue; the buyer is told, the payee is not told of a sale.
   */
  async function queueDuplicateRefund(tx: Tx, kind: PurchaseKind, payment: PaymentRow, item: TPurchaseItem) {
    const reason = `Charged twice: the buyer already had "${item.title}" when this payment was confirmed. Refund this payment.`;
    await paymentsRepo.insertRequest(tx, {
      paymentId: payment.id,
      requesterId: payment.buyerId,
      reason,
      createdAt: now(),
    });
    const paid = formatMoney(payment.amountMinor, payment.currency as TCurrency);
    await notifications.notify(
      payment.buyerId,
      {
        type: 'system_update',
        title: 'You were charged twice',
        message: `You already had "${item.title}", so this second payment of ${paid} will be refunded. An administrator has been asked to refund it.`,
        link: kind.pages.buyer,
      },
      tx,
    );
    log.warn({ paymentId: payment.id }, 'duplicate payment for an item already held: refund request filed');
    afterCommit(tx, () => {
      announcePayment(realtime, kind, payment);
      announceRefundQueue(realtime);
    });
  }

  /** Asks the payment's own gateway for the truth (outside any transaction) and fulfils from it. */
  async function fulfilFromGateway(gatewayName: string, reference: string): Promise<FulfilOutcome> {
    const gateway = gatewayOf(gateways, gatewayName);
    const truth = await reach(log, () => gateway.retrieve(reference));
    if (!truth) {
      log.warn({ gateway: gatewayName, reference }, 'the gateway does not know a reference we hold');
      return 'unknown';
    }
    return transaction(db, (tx) => fulfil(tx, gateway.name, truth));
  }

  const recurring = createRecurringFlow(deps, fulfil);

  return {
    fulfilFromGateway,
    kindOf,
    recurring,

    /**
     * The `payments.expire-checkout` job, a day after the checkout: asks the gateway first. Paid
     * there (a webhook we missed) fulfils it; unpaid or unknown there expires it; a gateway that
     * cannot be reached throws, so the job retries later. A mismatch stays pending for a person.
     */
    async expireCheckout(paymentId: string): Promise<void> {
      const row = await paymentsRepo.findById(db, paymentId);
      if (!row || row.status !== 'pending') return;
      const outcome = await fulfilFromGateway(row.gateway, row.reference);
      if (outcome === 'unpaid' || outcome === 'unknown') await paymentsRepo.markExpired(db, row.id);
    },

    checkout: createCheckout(deps, kindOf),

    /**
     * The verify call of docs/spec.md §7: this user's payment for this item, confirmed by the gateway. Another
     * user's reference answers exactly like an unknown one.
     */
    async verify(user: TUser, kindName: TPurchaseKind, itemId: string, input: TVerifyPaymentInput): Promise<void> {
      const row = await paymentsRepo.findByReference(db, input.gateway, input.transactionId);
      if (!row || row.buyerId !== user.id || row.kind !== kindName || row.itemId !== itemId) throw failed(NOT_YOURS);
      if (row.status === 'paid') return;
      if (row.status === 'refunded') throw failed('This payment has been refunded.');
      if (row.status === 'cancelled') throw failed('This payment was cancelled. You have not been charged.');
      const outcome = await fulfilFromGateway(row.gateway, row.reference);
      if (outcome === 'fulfilled' || outcome === 'already-paid') return;
      if (outcome === 'unpaid' && row.status === 'expired')
        throw failed('This checkout has expired. You have not been charged.');
      if (outcome === 'unpaid') throw failed('Your payment has not been completed yet.');
      if (outcome === 'closed') throw failed('This payment is no longer open.');
      throw failed(NOT_CONFIRMED);
    },

    /**
     * Verify for any kind, by the gateway's reference alone (e.g. a mentor plan's return to the
     * mentee dashboard): the buyer's own payment, then exactly the course's verify.
     */
    async verifyAny(user: TUser, input: TVerifyPaymentInput): Promise<void> {
      const row = await paymentsRepo.findByReference(db, input.gateway, input.transactionId);
      if (!row || row.buyerId !== user.id) throw failed(NOT_YOURS);
      return this.verify(user, row.kind as TPurchaseKind, row.itemId, input);
    },

    /**
     * A signed webhook: the signature is checked on the raw body, the truth fetched outside the
     * transaction, then the event id is recorded and the payment fulfilled in one transaction, so
     * a redelivery is skipped and a failure is retried by the gateway.
     */
    async handleWebhook(
      gatewayName: string,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<void> {
      const gateway = gateways.get(gatewayName);
      if (!gateway?.parseWebhook) throw new AppError('NOT_FOUND', 'This payment gateway is not configured here.');
      const event = gateway.parseWebhook(rawBody, headers);
      if (event.type === 'ignored') return;
      if (event.type === 'transfer') {
        for (const listener of deps.transferListeners) await listener(gateway.name, event.reference);
        return;
      }
      if (event.type !== 'payment.succeeded') return recurring.handleEvent(gateway, event);
      // A redelivery of a handled event costs no call to the gateway (the insert below still decides).
      if (await paymentsRepo.webhookEventSeen(db, gateway.name, event.id)) return;
      const truth = await reach(log, () => gateway.retrieve(event.reference));
      await transaction(db, async (tx) => {
        if (!(await paymentsRepo.recordWebhookEvent(tx, gateway.name, event.id))) return;
        const outcome = truth ? await fulfil(tx, gateway.name, truth) : 'unknown';
        // The event says paid but the gateway does not yet: leave the event unrecorded (rollback)
        // and answer 4xx, so the gateway delivers it again later.
        if (outcome === 'unpaid')
          throw new AppError(
            'CONFLICT',
            'The payment provider does not show this payment as paid yet. Deliver the event again later.',
          );
        if (outcome !== 'fulfilled' && outcome !== 'already-paid') {
          log.warn(
            { gateway: gateway.name, eventId: event.id, reference: event.reference, outcome },
            'webhook acknowledged without fulfilment',
          );
        }
      });
    },
  };
}

export type PaymentFlow = ReturnType<typeof createPaymentFlow>;
