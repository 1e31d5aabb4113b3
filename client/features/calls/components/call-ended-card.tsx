import { PhoneOff } from 'lucide-react';
import { Link } from 'react-router';
import { StateCard } from '#client/components/state-card';
import { buttonClasses } from '#client/components/ui/button';

/** After the call: who ended it, or why this page could not join. */
export function CallEndedCard({ refused, byMe, otherName }: { refused?: boolean; byMe?: boolean; otherName?: string }) {
  const text = refused
    ? 'You cannot join this call. It may have ended, or it is not yours.'
    : byMe
      ? 'You ended the call.'
      : otherName
        ? `${otherName} ended the call.`
        : 'This call has ended.';
  return (
    <StateCard
      icon={PhoneOff}
      title={refused ? 'Cannot join this call' : 'Call ended'}
      actions={
        <Link to="/" className={buttonClasses('primary')}>
          Back to home
        </Link>
      }
    >
      {text}
    </StateCard>
  );
}
