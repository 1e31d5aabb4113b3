import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TPaymentGateway } from '#shared/payments/payments.schemas';
import { AppError } from '#server/lib/errors';
import { WebhookSignatureError } from '#server/lib/payments/gateway';
import type { AllServices } from '#server/platform/module';
import { openToAll } from '#server/plugins/session';

const ZWebhookReceived = z.object({ received: z.literal(true) });

/**
 * Gateways' webhooks. Signatures are computed over the exact bytes sent, so this plugin keeps
 * JSON bodies as a Buffer; being encapsulated, its parser does not reach the other routes.
 * Everything after the signature (seen-before events, fulfilment) is the payments service's.
 */
export async function webhooksRoutes(root: FastifyInstance, { payments }: Pick<AllServices, 'payments'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const receive = (gateway: Extract<TPaymentGateway, 'stripe' | 'paystack'>, description: string) =>
    app.post(
      `/api/webhooks/${gateway}`,
      // Open: the signature, checked by the service, is what admits a gateway's call.
      { preHandler: openToAll, schema: { tags, description, response: { 200: ZWebhookReceived } } },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          await payments.handleWebhook(gateway, rawBody, request.headers);
        } catch (err) {
          if (err instanceof WebhookSignatureError) {
            // The sender only learns "invalid"; the operator sees why (a wrong whsec_ is the usual setup mistake).
            request.log.warn({ gateway, reason: err.message }, 'webhook signature rejected');
            throw new AppError('BAD_REQUEST', 'Invalid webhook signature.');
          }
          throw err;
        }
        return { received: true as const };
      },
    );

  receive(
    'stripe',
    'Stripe events (checkout.session.completed, checkout.session.async_payment_succeeded, invoice.paid, invoice.payment_failed, customer.subscription.deleted), signed in Stripe-Signature.',
  );
  receive(
    'paystack',
    'Paystack events (charge.success; transfer.success, transfer.failed and transfer.reversed for payouts), signed with HMAC-SHA512 in x-paystack-signature.',
  );
}
