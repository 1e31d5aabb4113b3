import Stripe from 'stripe';
import { GatewayError, retryableStatus } from './gateway';

/** Runs a Stripe call; its failures become GatewayErrors that say whether a retry may help. */
export async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw gatewayError(err);
  }
}

/** Stripe does not know the object asked for. */
export const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeError && (err.code === 'resource_missing' || err.statusCode === 404);

/** Stripe's own words help an operator, but they may quote a (masked) key: keys are cut out. */
export function gatewayError(err: unknown): GatewayError {
  if (err instanceof Stripe.errors.StripeError) {
    const status = err.statusCode ? ` (${err.statusCode}${err.code ? ` ${err.code}` : ''})` : '';
    return new GatewayError(`Stripe refused the call${status}: ${redact(err.message)}`, {
      retryable: retryableStatus(err.statusCode),
    });
  }
  return new GatewayError(
    `Stripe could not be reached: ${err instanceof Error ? redact(err.message) : 'unknown error'}`,
  );
}

const redact = (text: string) => text.replace(/\b(sk|rk|pk|whsec)_[A-Za-z0-9_*]+/g, '$1_[redacted]');
