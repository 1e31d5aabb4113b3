import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TCurrency } from '#shared/money';
import type { TTestCheckout, TTestCheckoutResult } from '#shared/payments/payments.schemas';
import type { PaymentFlow } from './payment-flow';
import { paymentsRepo } from './payments.repo';
import type { TestGateway } from './test-gateway';

/**
 * The test gateway's checkout page: shown only to its buyer (anyone else gets the 404 of an
 * unknown reference). "Pay now" fulfils at once, as a real gateway's webhook would, so a buyer
 * who closes the tab after paying is still enrolled.
 */
export function createTestCheckoutService(deps: { db: Db; gateway: TestGateway; flow: PaymentFlow }) {
  const { db, gateway, flow } = deps;

  async function own(user: TUser, reference: string) {
    const session = await gateway.session(reference);
    if (!session || session.metadata.buyerId !== user.id)
      throw new AppError('NOT_FOUND', 'This test checkout was not found.');
    return session;
  }

  const wasCancelled = () =>
    new AppError('CONFLICT', 'This checkout was cancelled. Go back to the course to start a new one.');

  return {
    async show(user: TUser, reference: string): Promise<TTestCheckout> {
      const s = await own(user, reference);
      return {
        reference: s.reference,
        description: s.description,
        amountMinor: s.amountMinor,
        currency: s.currency as TCurrency,
        status: s.status as TTestCheckout['status'],
        cancelUrl: s.cancelUrl,
      };
    },

    /** Paying twice answers the same redirect; the fulfilment is idempotent. */
    async pay(user: TUser, reference: string): Promise<TTestCheckoutResult> {
      if ((await own(user, reference)).status === 'cancelled') throw wasCancelled();
      const after = (await gateway.pay(reference))!;
      if (after.status !== 'paid') throw wasCancelled();
      // A mismatch or an unknown payment is logged by the flow; the success page's verify reports it.
      await flow.fulfilFromGateway('test', reference);
      return { redirectUrl: after.successUrl };
    },

    async cancel(user: TUser, reference: string): Promise<TTestCheckoutResult> {
      if ((await own(user, reference)).status === 'paid')
        throw new AppError('CONFLICT', 'This checkout was already paid.');
      const after = (await gateway.cancel(reference))!;
      if (after.status === 'paid') throw new AppError('CONFLICT', 'This checkout was already paid.');
      await paymentsRepo.markCancelled(db, 'test', reference);
      return { redirectUrl: after.cancelUrl };
    },
  };
}

export type TestCheckoutService = ReturnType<typeof createTestCheckoutService>;
