import { PhoneOff } from 'lucide-react';
import { Link } from 'react-router';
import { StateCard } from '#client/components/state-card';
import { buttonClasses } from '#client/components/ui/button';

/** After the call: who ended it, or why this page could not join. */
export function CallEndedCard({
  refused,
  byMe,
  otherName,
  why,
}: {
  refused?: boolean;
  byMe?: boolean;
  otherName?: string;
  /** The other member's ring ended unanswered ("… declined the call"): says so instead. */
  why?: string | null;
}) {
  const text = why
    ? why
    : refused
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
