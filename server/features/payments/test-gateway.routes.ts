import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTestCheckout, ZTestCheckoutResult } from '#shared/payments/payments.schemas';
import { AppError } from '#server/lib/errors';
import { currentUser, requireUser } from '#server/plugins/session';
import { guard } from '#server/plugins/guard-rules';
import { noStore } from '#server/plugins/no-store';
import type { TestCheckoutService } from './test-checkout.service';
import type { AllServices } from '#server/platform/module';

const ZReferenceParams = z.object({ reference: z.string().min(1).max(100, 'This test checkout was not found.') });

/**
 * The built-in test gateway's checkout page. Answers only while the test gateway is the active
 * one: with real keys set, these paths are 404 for everyone, signed in or not.
 */
export async function testGatewayRoutes(root: FastifyInstance, { payments }: Pick<AllServices, 'payments'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { testCheckout } = payments;
  const tags = ['payments'];
  noStore(app);

  function service(): TestCheckoutService {
    if (!testCheckout) throw new AppError('NOT_FOUND', 'Not found.');
    return testCheckout;
  }
  // Whether the page exists comes before who is asking: 404 for everyone with real keys set.
  const exists = guard({ signedIn: false }, async () => void service());
  const signedIn = [exists, requireUser];

  app.get(
    '/api/payments/test-checkout/:reference',
    { preHandler: signedIn, schema: { tags, params: ZReferenceParams, response: { 200: ZTestCheckout } } },
    async (request) => service().show(currentUser(request), request.params.reference),
  );

  app.post(
    '/api/payments/test-checkout/:reference/pay',
    {
      preHandler: signedIn,
      config: { answers: [409] },
      schema: { tags, params: ZReferenceParams, response: { 200: ZTestCheckoutResult } },
    },
    async (request) => service().pay(currentUser(request), request.params.reference),
  );

  app.post(
    '/api/payments/test-checkout/:reference/cancel',
    {
      preHandler: signedIn,
      config: { answers: [409] },
      schema: { tags, params: ZReferenceParams, response: { 200: ZTestCheckoutResult } },
    },
    async (request) => service().cancel(currentUser(request), request.params.reference),
  );
}
