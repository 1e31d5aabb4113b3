import type { PaymentsConfig } from '#server/env';
import { GatewayError, retryableStatus } from './gateway';

/** Paystack's envelope: `status` says whether the call worked, `data` is the object. */
export interface PaystackEnvelope<T> {
  status: boolean;
  message?: string;
  data?: T;
  meta?: { next?: string | null };
}

/**
 * Paystack's REST API as both money directions use it: charges (paystack-gateway.ts) and
 * transfers (the wallet's payout gateway), with the secret key as bearer.
 */
export function createPaystackClient(cfg: NonNullable<PaymentsConfig['paystack']>) {
  async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
  ): Promise<{ status: number; envelope: PaystackEnvelope<T> }> {
    let res: Response;
    try {
      res = await fetch(`${cfg.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${cfg.secretKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new GatewayError(`Paystack could not be reached: ${err instanceof Error ? err.message : 'unknown error'}`);
    }
    const envelope = (await res
      .json()
      .catch(() => ({ status: false, message: `HTTP ${res.status}` }))) as PaystackEnvelope<T>;
    return { status: res.status, envelope };
  }

  /**
   * A call that must succeed: anything but a 2xx with status true is the gateway refusing (a
   * GatewayError). Its data, and for a list the cursor of the next page.
   */
  async function answer<T>(method: 'GET' | 'POST', path: string, body?: object) {
    const { status, envelope } = await request<T>(method, path, body);
    if (status < 200 || status >= 300 || !envelope.status || envelope.data === undefined) {
      throw new GatewayError(
        `Paystack refused ${method} ${path.split(/[/?]/)[1]} (${status}): ${envelope.message ?? 'no message'}`,
        { retryable: retryableStatus(status) },
      );
    }
    return { data: envelope.data, next: envelope.meta?.next ?? null };
  }

  return {
    request,
    answer,
    /** `answer` for one object: its data. */
    must: async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> =>
      (await answer<T>(method, path, body)).data,
  };
}
