import { ShoppingCart } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { startCheckout, useGatewayCheckout } from '#client/features/payments';

/**
 * Buying a paid course: opens a checkout at the gateway and sends the browser there. The
 * gateway returns the buyer to the payment success or cancel page.
 */
export function BuyButton({ courseId, price }: { courseId: string; price: string }) {
  const checkout = useGatewayCheckout(startCheckout);
  return (
    <>
      <Button
        size="lg"
        className="w-full"
        onClick={() => checkout.pay(courseId)}
        loading={checkout.busy}
        loadingText="Opening checkout…"
      >
        <ShoppingCart aria-hidden="true" className="size-4" />
        Buy for {price}
      </Button>
      {checkout.dialog}
    </>
  );
}
