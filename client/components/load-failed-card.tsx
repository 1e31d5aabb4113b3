import { Button } from './ui/button';
import { Card } from './ui/card';
import { cn } from '../lib/cn';

interface LoadFailedCardProps {
  /** What failed to load, as it reads after "We could not load": "your purchases". */
  what: string;
  onRetry: () => void;
  retrying: boolean;
  /**
   * `default`: a centred card that stands in for a page's main list. `compact`: one line in a
   * small card, for a secondary section of a page. `inline`: the same line without the card,
   * for a panel that is already a card.
   */
  variant?: 'default' | 'compact' | 'inline';
}

/** A list that failed to load, with a retry (the page around it still works). */
export function LoadFailedCard({ what, onRetry, retrying, variant = 'default' }: LoadFailedCardProps) {
  const retry = (
    <Button
      variant="outline"
      size={variant === 'default' ? 'md' : 'sm'}
      loading={retrying}
      loadingText="Trying again…"
      onClick={onRetry}
    >
      Try again
    </Button>
  );

  if (variant === 'default') {
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <p className="text-base font-semibold">We could not load {what}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Check your connection, then try again.</p>
        {retry}
      </Card>
    );
  }

  const line = (
    <>
      <span>We could not load {what}.</span>
      {retry}
    </>
  );
  const row = 'flex flex-wrap items-center gap-3 text-sm';
  return variant === 'compact' ? <Card className={cn(row, 'p-4')}>{line}</Card> : <div className={row}>{line}</div>;
}
