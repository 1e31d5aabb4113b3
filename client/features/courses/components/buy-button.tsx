import { useQueryClient } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '#client/components/ui/button';
import { isApiError } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { userQueryKey } from '#client/features/accounts';
import { useStartCheckout } from '#client/features/payments';
import { useMoneyStep } from '#client/features/privacy';
import { failureToast } from '#client/lib/failure-toast';

/**
 * Buying a paid course: opens a checkout at the gateway and sends the browser there. The
 * gateway returns the buyer to the payment success or cancel page.
 */
export function BuyButton({ courseId, price }: { courseId: string; price: string }) {
  const client = useQueryClient();
  const checkout = useStartCheckout();
  const { reset } = checkout;

  // Back from the gateway can restore this page from the back-forward cache, mutation and all:
  // without a reset the button would say "Opening checkout…" for good.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);

  // The age gate may ask the date of birth or a guardian's consent first; then the purchase goes on.
  const gate = useMoneyStep();
  const buy = () =>
    checkout.mutate(courseId, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        // The session ended since the page loaded: re-checking the user lets the route guard send
        // the visitor to log in, and bring them back to this course afterwards.
        if (isApiError(error, 401)) return void client.invalidateQueries({ queryKey: userQueryKey });
        if (gate.catches(error, buy)) return;
        toast(failureToast('Could not start the payment', error));
      },
    });

  return (
    <>
      <Button
        size="lg"
        className="w-full"
        onClick={buy}
        // Busy until the browser has left for the gateway, so a second click cannot open a second checkout.
        loading={checkout.isPending || checkout.isSuccess}
        loadingText="Opening checkout…"
      >
        <ShoppingCart aria-hidden="true" className="size-4" />
        Buy for {price}
      </Button>
      {gate.dialog}
    </>
  );
}
