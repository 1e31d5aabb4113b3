import type { DbOrTx } from '#server/db/client';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TCurrency } from '#shared/money';
import type { TNotificationInput } from '#shared/notifications/notifications.schemas';
import type { TPurchaseItem, TPurchaseKind } from '#shared/payments/payments.schemas';
import type { PaymentRow } from './payments.repo';

/**
 * What payments needs from the feature that sells something: courses, mentor plans and their
 * renewals each register a kind, and the checkout, verification, webhooks, refunds and
 * revenue code stays as it is.
 */
export interface Quote {
  item: TPurchaseItem;
  amountMinor: number;
  currency: TCurrency;
  /** Who is paid for it (the course's tutor). */
  payeeId: string;
  /** The app paths the gateway returns the buyer to. */
  successPath: string;
  cancelPath: string;
}

/** What a gateway renews a recurring purchase with (gateway.ts's `mandate`), and which gateway. */
export interface Mandate {
  gateway: string;
  id: string;
  /** 'gateway': it bills by itself and tells by webhook (Stripe); 'charge': we charge it each period (Paystack). */
  renews: 'gateway' | 'charge';
}

/**
 * The kind whose items a gateway mandate renews (a mentorship subscription, bought again each
 * period as `mentor_renewal`): how payments finds the item from the gateway's id, and what a
 * failed renewal or an ended mandate does to it. Inside the webhook's transaction.
 */
export interface MandateHolder {
  find(db: DbOrTx, mandate: Mandate): Promise<{ itemId: string; buyerId: string; payeeId: string } | undefined>;
  /** The gateway could not collect the renewal. */
  lapse(tx: DbOrTx, itemId: string): Promise<void>;
  /** The gateway ended the mandate: no more renewals. */
  end(tx: DbOrTx, itemId: string): Promise<void>;
}

export interface PurchaseKind {
  readonly kind: TPurchaseKind;
  /** A purchase that repeats every `intervalDays`: gateways that bill by themselves open a subscription. */
  readonly recurring?: { intervalDays: number };
  /** Set on the kind whose items gateway mandates renew. */
  readonly mandates?: MandateHolder;
  /**
   * The money is held for the buyer, not earned by the payee (a gig milestone, decision 060):
   * settlements put a confirmed payment into the buyer's escrow and take its refunds from there;
   * the kind's own area releases it. Such payments are left out of the payee's revenue.
   */
  readonly escrow?: boolean;
  /**
   * The item as this buyer may buy it now, at today's price. Throws an AppError with a message a
   * person can act on when they cannot: not for sale, free, their own, or already theirs.
   */
  quote(buyer: TUser, itemId: string, tx: DbOrTx): Promise<Quote>;
  /**
   * Gives the buyer the item, inside the payment's transaction. False when they already held it.
   * `payment` is the confirmed payment, for kinds that keep the terms bought (a subscription's price);
   * `mandate` what the gateway renews it with, when it does.
   */
  grant(tx: DbOrTx, buyerId: string, itemId: string, payment?: PaymentRow, mandate?: Mandate): Promise<boolean>;
  /** Takes the item back after a refund, inside the refund's transaction. */
  revoke(tx: DbOrTx, buyerId: string, itemId: string): Promise<void>;
  /** A message when a refund must be refused for this item (e.g. its certificate was issued), else null. */
  refundBlocker(tx: DbOrTx, buyerId: string, itemId: string): Promise<string | null>;
  /** Titles and links for lists, many items at once; an item gone since keeps a placeholder title. */
  describe(db: DbOrTx, itemIds: string[]): Promise<Map<string, TPurchaseItem>>;
  /** The pages where the buyer sees their purchases and the payee their revenue (notification links). */
  readonly pages: { buyer: string; payee: string };
  /** The cached queries a payment or refund of this item changes, for the buyer and for the payee. */
  refreshKeys(itemId: string): { buyer: string[][]; payee: string[][] };
  /** The notifications a confirmed payment sends: to the buyer and to the payee. */
  purchaseNotices(
    item: TPurchaseItem,
    amount: { grossMinor: number; netMinor: number; currency: TCurrency },
    buyerName: string,
  ): {
    buyer: TNotificationInput;
    payee: TNotificationInput;
  };
}

/** What a settlement needs to know of the payment's kind. */
export interface SettledAs {
  /** The kind's `escrow`: the money is the buyer's, held, rather than the payee's earnings. */
  escrow: boolean;
}

/**
 * Who is told, inside the payment's own transaction, when money comes in or goes back: the wallet
 * credits the payee's earnings, or the buyer's escrow (issue 27). `paid` follows a confirmed
 * payment whose item was granted (not a duplicate, which is refunded); `refunded` follows every
 * refund, whole or part, `key` naming that refund so a replay changes nothing.
 */
export interface Settlement {
  paid(tx: DbOrTx, payment: PaymentRow, item: TPurchaseItem, as: SettledAs): Promise<void>;
  refunded(tx: DbOrTx, payment: PaymentRow, amountMinor: number, key: string, as: SettledAs): Promise<void>;
}
