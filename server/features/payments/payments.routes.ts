import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCheckoutSession,
  ZPurchase,
  ZPurchaseList,
  ZRefundRequestInput,
  ZTutorRevenue,
  ZVerifyPaymentInput,
  ZVerifyPaymentResult,
} from '#shared/payments/payments.schemas';
import { AppError } from '#server/lib/errors';
import { currentUser, requireArea, requireUser } from '#server/plugins/session';
import { noStore } from '#server/plugins/no-store';
import type { MemberLimit } from '#server/plugins/member-limits';
import type { AllServices } from '#server/platform/module';

const ZCourseParams = z.object({ courseId: z.uuid('Course not found') });
const ZPaymentParams = z.object({ paymentId: z.uuid('Payment not found') });
const MINUTE = 60_000;

/** Buying a course (and verifying a purchase of any kind), the buyer's purchases and refund requests, and a payee's revenue. */
export async function paymentsRoutes(root: FastifyInstance, { payments }: Pick<AllServices, 'payments'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const member = requireArea('courses');
  noStore(app);

  // Checkout opens a session at the gateway and verify asks it: a loop must not spend the
  // platform's quota there.
  const checkoutLimit: MemberLimit = {
    name: 'checkout',
    max: 20,
    windowMs: MINUTE,
    message: 'Too many checkouts in a minute. Please wait a moment and try again.',
  };
  const verifyLimit: MemberLimit = {
    name: 'verify',
    max: 30,
    windowMs: MINUTE,
    message: 'Too many payment checks in a minute. Please wait a moment and try again.',
  };

  app.post(
    '/api/course-payments/courses/:courseId/checkout',
    {
      preHandler: member,
      config: { memberLimit: checkoutLimit, answers: [409, 428, 502] },
      schema: { tags, params: ZCourseParams, response: { 200: ZCheckoutSession } },
    },
    async (request) => payments.checkout(currentUser(request), 'course', request.params.courseId),
  );

  // docs/spec.md §3: the answer is { success, error }; a refusal keeps its status and code too.
  app.post(
    '/api/course-payments/courses/:courseId/payment/verify',
    {
      preHandler: member,
      config: { memberLimit: verifyLimit, answers: [402, 409, 502] },
      schema: { tags, params: ZCourseParams, body: ZVerifyPaymentInput, response: { 200: ZVerifyPaymentResult } },
    },
    async (request, reply) => {
      try {
        await payments.verify(currentUser(request), 'course', request.params.courseId, request.body);
        return { success: true };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // No response schema for these statuses (the error handler's bodies share them), so the
        // body is sent as is; the type provider only knows the 200 shape.
        return reply.code(err.status as 200).send({ success: false, ...err.toBody() });
      }
    },
  );

  // Verify for a purchase of any kind, found by the gateway's reference (mentor plans return here).
  app.post(
    '/api/payments/verify',
    {
      preHandler: requireUser,
      config: { memberLimit: verifyLimit, answers: [402, 409, 502] },
      schema: { tags, body: ZVerifyPaymentInput, response: { 200: ZVerifyPaymentResult } },
    },
    async (request, reply) => {
      try {
        await payments.verifyAny(currentUser(request), request.body);
        return { success: true };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return reply.code(err.status as 200).send({ success: false, ...err.toBody() });
      }
    },
  );

  // Any signed-in member: a suspension from one area does not hide what they paid for.
  app.get(
    '/api/user/payments',
    { preHandler: requireUser, schema: { tags, response: { 200: ZPurchaseList } } },
    async (request) => payments.purchases(currentUser(request)),
  );

  app.post(
    '/api/payments/:paymentId/refund-request',
    {
      preHandler: requireUser,
      config: { answers: [409] },
      schema: { tags, params: ZPaymentParams, body: ZRefundRequestInput, response: { 201: ZPurchase } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await payments.requestRefund(currentUser(request), request.params.paymentId, request.body)),
  );

  app.get(
    '/api/tutor/revenue',
    { preHandler: member, schema: { tags, response: { 200: ZTutorRevenue } } },
    async (request) => payments.revenue(currentUser(request)),
  );
}
