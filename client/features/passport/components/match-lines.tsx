import { Link } from 'react-router';
import type { TPassportLevel } from '#shared/passport/passport.schemas';
import { LevelBadge } from './level-badge';

/** "How you match" on a job or a gig for a member with no skills yet. */
export function AddSkillsPrompt() {
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400">
      <Link to="/profile" className="font-medium text-indigo-700 underline dark:text-indigo-300">
        Add your skills
      </Link>{' '}
      to see how you match.
    </p>
  );
}

/** A shared skill in the passport's own words for the public evidence (issue 31 item 3), with its level. */
export function MatchSentence({
  sentence,
  level,
  testId,
}: {
  sentence: string;
  level?: TPassportLevel | null;
  testId: string;
}) {
  return (
    <span data-testid={testId}>
      {sentence}
      {level ? <LevelBadge level={level} className="ml-1.5" /> : null}
    </span>
  );
}
