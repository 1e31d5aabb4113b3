import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TCheckoutSession } from '#shared/payments/payments.schemas';
import { isApiError } from '#client/lib/api-client';
import { failureToast } from '#client/lib/failure-toast';
import { toast } from '#client/lib/toast';
import { userQueryKey } from '#client/features/accounts';
import { useMoneyStep } from '#client/features/privacy';

/**
 * Paying for something at the gateway: `start` opens a checkout of the item, then the browser
 * goes to the gateway's page, which brings the payer back to the page the item chose. Render
 * `dialog`: the age gate may ask the date of birth or a guardian's consent first.
 */
export function useGatewayCheckout<V>(start: (vars: V) => Promise<TCheckoutSession>) {
  const client = useQueryClient();
  // Each call opens a new checkout at the gateway: a retry after a lost answer would open two.
  const checkout = useMutation({ mutationFn: start, retry: false });
  const { reset } = checkout;

  // Back from the gateway can restore the page from the back-forward cache, mutation and all:
  // without a reset the button would say "Opening checkout…" for good.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);

  const gate = useMoneyStep();
  const pay = (vars: V) =>
    checkout.mutate(vars, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        // The session ended since the page loaded: re-checking the user lets the route guard send
        // the visitor to log in, and bring them back here afterwards.
        if (isApiError(error, 401)) return void client.invalidateQueries({ queryKey: userQueryKey });
        if (gate.catches(error, () => pay(vars))) return;
        toast(failureToast('Could not start the payment', error));
      },
    });

  return {
    pay,
    // Busy until the browser has left for the gateway, so a second click cannot open a second checkout.
    busy: checkout.isPending || checkout.isSuccess,
    /** What the checkout under way is for. */
    paying: checkout.variables,
    dialog: gate.dialog,
  };
}
