import { randomUUID } from 'node:crypto';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { PaymentGateway } from '#server/lib/payments/gateway';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TCheckoutSession, TPaymentGateway, TPurchaseKind } from '#shared/payments/payments.schemas';
import { checkoutRepo } from './checkout.repo';
import type { PaymentsDeps } from './payment-flow';
import { reach } from './payment-flow';
import { reusableCheckout } from './payments.policy';
import { CHECKOUT_EXPIRY_HOURS, expireCheckoutJob } from './payments.queue';
import { type PaymentRow, paymentsRepo } from './payments.repo';
import type { PurchaseKind } from './purchase-kinds';

const answer = (row: PaymentRow): TCheckoutSession => ({
  url: row.checkoutUrl!,
  gateway: row.gateway as TPaymentGateway,
  sessionId: row.reference,
});

/**
 * Checkout: a pending payment and the gateway's page to pay it at. A buyer has at most one open
 * checkout of an item (decision 048): a checkout while one is open answers the open one, and of
 * checkouts at once the first row written answers them all (the partial unique index decides).
 */
export function createCheckout(deps: PaymentsDeps, kindOf: (name: string) => PurchaseKind) {
  const { db, gateways, jobs, moneySteps, appUrl, now, log } = deps;

  return async function checkout(user: TUser, kindName: TPurchaseKind, itemId: string): Promise<TCheckoutSession> {
    const kind = kindOf(kindName);
    const quote = await kind.quote(user, itemId, db);
    const gateway: PaymentGateway = gateways.active;
    if (!gateway.currencies.includes(quote.currency)) {
      throw new AppError(
        'BAD_REQUEST',
        `Payments in ${quote.currency} are not accepted at the moment, so this cannot be bought yet. Please try again later.`,
      );
    }
    // Asked only once the item can be bought: a refusal above needs no date of birth.
    await moneySteps.requireMoneyConsent(user.id);
    const open = await checkoutRepo.open(db, user.id, kind.kind, itemId);
    const wanted = { gateway: gateway.name, amountMinor: quote.amountMinor, currency: quote.currency };
    if (open && reusableCheckout(open, wanted, now())) return answer(open);

    // Our id goes to the gateway as metadata, so the row is written with it once the gateway answers.
    const paymentId = randomUUID();
    const metadata = { paymentId, buyerId: user.id, kind: kind.kind, itemId };
    const session = await reach(log, () =>
      gateway.createCheckout({
        paymentId,
        amountMinor: quote.amountMinor,
        currency: quote.currency,
        description: quote.item.title,
        buyerEmail: user.email,
        successUrl: `${appUrl}${quote.successPath}`,
        cancelUrl: `${appUrl}${quote.cancelPath}`,
        metadata,
        ...(kind.recurring && gateway.renews === 'gateway' ? { recurring: kind.recurring } : {}),
      }),
    );
    const values = {
      id: paymentId,
      kind: kind.kind,
      itemId,
      buyerId: user.id,
      payeeId: quote.payeeId,
      gateway: gateway.name,
      reference: session.reference,
      checkoutUrl: session.url,
      amountMinor: quote.amountMinor,
      currency: quote.currency,
      createdAt: now(),
    };
    const row = await transaction(db, async (tx) => {
      // An open checkout of another price or gateway, or too old, gives way. Expired, it is still
      // fulfilled if the gateway shows it paid after all (decision 007).
      if (open) await paymentsRepo.markExpired(tx, open.id);
      // Twice at most: the open checkout met may be paid or cancelled before it is read.
      for (let attempt = 0; attempt < 2; attempt++) {
        const inserted = await checkoutRepo.insertUnlessOpen(tx, values);
        if (inserted) {
          const startAfter = new Date(now().getTime() + CHECKOUT_EXPIRY_HOURS * 3_600_000);
          await jobs.send(tx, expireCheckoutJob, { paymentId }, { startAfter });
          return inserted;
        }
        const theirs = await checkoutRepo.open(tx, user.id, kind.kind, itemId);
        if (theirs) return theirs;
      }
      throw new AppError('CONFLICT', 'Another checkout of this was just opened or closed. Please try again.');
    });
    // The session this request opened is never shown: the gateway lets it expire unpaid.
    if (row.id !== paymentId)
      log.info({ paymentId: row.id, unused: session.reference }, 'checkouts at once shared one');
    return answer(row);
  };
}
