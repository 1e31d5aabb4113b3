import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { settleRefused, type LessonWrites } from '../api/learning-writes';

/**
 * A lesson's report or quiz answers waiting on the device (decision 074): a clock and what
 * happens next, never a success the server has not given; or, refused, the server's sentence
 * with Retry and Discard.
 */
export function WaitingWrite({ writes, children }: { writes: LessonWrites; children: ReactNode }) {
  // `children`: what the screen says while the write waits for the network.
  if (writes.state === 'failed') {
    return (
      <div data-testid="learning-write" data-state="failed" className="w-full space-y-2">
        <Alert tone="error">
          <span data-testid="learning-refused">{writes.refused}</span>
        </Alert>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => settleRefused(writes, 'retry')}>
            Retry
          </Button>
          <Button size="sm" variant="ghost" onClick={() => settleRefused(writes, 'discard')}>
            Discard
          </Button>
        </div>
      </div>
    );
  }
  return (
    <p
      role="status"
      data-testid="learning-write"
      data-state={writes.state}
      className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{writes.state === 'sending' ? 'Sending to the server…' : children}</span>
    </p>
  );
}
