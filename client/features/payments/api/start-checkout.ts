import { ZCheckoutSession, type TCheckoutSession } from '#shared/payments/payments.schemas';
import { apiPost } from '#client/lib/api-client';

/** POST /api/course-payments/courses/{courseId}/checkout: the gateway's page to send the buyer to. */
export async function startCheckout(courseId: string): Promise<TCheckoutSession> {
  return ZCheckoutSession.parse(
    await apiPost<unknown>(`/api/course-payments/courses/${encodeURIComponent(courseId)}/checkout`),
  );
}
