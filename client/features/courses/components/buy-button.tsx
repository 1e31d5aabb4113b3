import { ShoppingCart } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/**
 * Buying a paid course. The payments work passes `onClick` (start checkout); until then the
 * button is disabled and says why, rather than pretending.
 */
export function BuyButton({ price, onClick, loading }: { price: string; onClick?: () => void; loading?: boolean }) {
  const ready = Boolean(onClick);
  return (
    <div className="space-y-2">
      <Button
        size="lg"
        className="w-full"
        onClick={onClick}
        disabled={!ready}
        loading={loading}
        loadingText="Opening checkout…"
        aria-describedby={ready ? undefined : 'buy-note'}
      >
        <ShoppingCart aria-hidden="true" className="size-4" />
        Buy for {price}
      </Button>
      {ready ? null : (
        <p id="buy-note" className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          Payments are coming soon
        </p>
      )}
    </div>
  );
}
